package dev.spindle.compute.interp;

import dev.spindle.common.row.Row;
import java.util.Arrays;

/**
 * Rows with summed counts, in first-insertion order: an open-addressing hash table over
 * {@link Row#hashCode()} (cached in the row) with parallel arrays, so consolidating a collection
 * costs no object per row. Entries whose count sums to zero stay (with count 0) until read;
 * readers skip them.
 *
 * <p>Thread-safety: confined to one evaluation (one thread); not shared once published to a
 * {@link Coll} (never mutated after).
 */
final class Bag {
    private Row[] rows;
    private long[] counts;
    private int[] slots; // entry index + 1; 0 = free
    private int size;

    Bag(int expected) {
        int cap = Math.max(4, Integer.highestOneBit(Math.max(1, expected) * 2 - 1) << 1);
        rows = new Row[Math.max(4, expected)];
        counts = new long[rows.length];
        slots = new int[cap];
    }

    /** Adds {@code n} copies of {@code row}. */
    void add(Row row, long n) {
        int i = indexOf(row, true);
        counts[i] += n;
    }

    /** The entry of {@code row}, added with count 0 if it was not there. */
    int intern(Row row) {
        return indexOf(row, true);
    }

    /** The entry of {@code row}, or -1. */
    int find(Row row) {
        return indexOf(row, false);
    }

    private int indexOf(Row row, boolean insert) {
        int mask = slots.length - 1;
        int h = row.hashCode();
        int s = (h ^ (h >>> 16)) & mask;
        while (true) {
            int e = slots[s];
            if (e == 0) {
                if (!insert) {
                    return -1;
                }
                return insertAt(s, row);
            }
            if (rows[e - 1].hashCode() == h && rows[e - 1].equals(row)) {
                return e - 1;
            }
            s = (s + 1) & mask;
        }
    }

    private int insertAt(int slot, Row row) {
        if (size == rows.length) {
            rows = Arrays.copyOf(rows, size * 2);
            counts = Arrays.copyOf(counts, size * 2);
        }
        int i = size++;
        rows[i] = row;
        slots[slot] = i + 1;
        if (size * 2 > slots.length) {
            rehash();
        }
        return i;
    }

    private void rehash() {
        int[] next = new int[slots.length * 2];
        int mask = next.length - 1;
        for (int i = 0; i < size; i++) {
            int h = rows[i].hashCode();
            int s = (h ^ (h >>> 16)) & mask;
            while (next[s] != 0) {
                s = (s + 1) & mask;
            }
            next[s] = i + 1;
        }
        slots = next;
    }

    /** Number of entries (distinct rows ever added, some possibly with count 0). */
    int size() {
        return size;
    }

    Row row(int i) {
        return rows[i];
    }

    long count(int i) {
        return counts[i];
    }

    /** True if some entry has a non-zero count. */
    boolean anyNonZero() {
        for (int i = 0; i < size; i++) {
            if (counts[i] != 0) {
                return true;
            }
        }
        return false;
    }
}
