package dev.spindle.compute.interp;

import dev.spindle.common.row.Row;
import java.util.Arrays;

/**
 * A collection as a list of rows with (non-zero) counts, not necessarily consolidated: a row may
 * appear more than once and its counts add up, as updates on a dataflow's stream do. Built by one
 * plan node, then only read (several consumers may read the same list).
 *
 * <p>Thread-safety: confined to one evaluation; never mutated once its node returned it.
 */
final class RowList {
    /** The empty list (never added to). */
    static final RowList EMPTY = new RowList(0);

    private Row[] rows;
    private long[] counts;
    private int size;

    RowList(int expected) {
        rows = new Row[Math.max(0, expected)];
        counts = new long[rows.length];
    }

    /** Appends {@code n} copies of {@code row} (n != 0). */
    void add(Row row, long n) {
        if (size == rows.length) {
            int cap = Math.max(8, size * 2);
            rows = Arrays.copyOf(rows, cap);
            counts = Arrays.copyOf(counts, cap);
        }
        rows[size] = row;
        counts[size++] = n;
    }

    /** Appends every entry of {@code other}. */
    void addAll(RowList other) {
        int need = size + other.size;
        if (need > rows.length) {
            int cap = Math.max(need, size * 2);
            rows = Arrays.copyOf(rows, cap);
            counts = Arrays.copyOf(counts, cap);
        }
        System.arraycopy(other.rows, 0, rows, size, other.size);
        System.arraycopy(other.counts, 0, counts, size, other.size);
        size = need;
    }

    int size() {
        return size;
    }

    boolean isEmpty() {
        return size == 0;
    }

    Row row(int i) {
        return rows[i];
    }

    long count(int i) {
        return counts[i];
    }

    /** The entries consolidated: each distinct row once with its summed count (zero sums kept as 0). */
    Bag consolidate() {
        Bag b = new Bag(size);
        for (int i = 0; i < size; i++) {
            b.add(rows[i], counts[i]);
        }
        return b;
    }

    /** The concatenation of {@code a} and {@code b}, sharing either when the other is empty. */
    static RowList concat(RowList a, RowList b) {
        if (b.isEmpty()) {
            return a;
        }
        if (a.isEmpty()) {
            return b;
        }
        RowList out = new RowList(a.size + b.size);
        out.addAll(a);
        out.addAll(b);
        return out;
    }
}
