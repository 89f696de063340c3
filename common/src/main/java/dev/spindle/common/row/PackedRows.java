package dev.spindle.common.row;

import java.util.AbstractList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.RandomAccess;

/**
 * Rows with multiplicities packed into three arrays: every row's encoding in one byte slab,
 * where each starts, and how many copies of it there are. A large query result held this way is
 * a handful of objects instead of a {@link Row} and a {@code byte[]} per row, so it costs the
 * garbage collector almost nothing to keep while it is built, merged and handed over; rows are
 * materialized only when a reader asks for them ({@link #row}, {@link #asList}).
 *
 * <p>Immutable once built; safe to share between threads after publication (final fields).
 * {@link Builder} is confined to one thread.
 */
public final class PackedRows implements java.io.Serializable {
    private static final long serialVersionUID = 1L;

    private static final PackedRows EMPTY = new PackedRows(new byte[0], new int[1], new long[0], 0);

    private final byte[] slab;
    private final int[] starts; // n + 1 entries: row i is slab[starts[i], starts[i + 1])
    private final long[] counts;
    private final int n;

    private PackedRows(byte[] slab, int[] starts, long[] counts, int n) {
        this.slab = slab;
        this.starts = starts;
        this.counts = counts;
        this.n = n;
    }

    /** No rows. */
    public static PackedRows empty() {
        return EMPTY;
    }

    /** A builder. */
    public static Builder builder() {
        return new Builder(16);
    }

    /** A builder sized for about {@code rows} distinct rows. */
    public static Builder builder(int rows) {
        return new Builder(Math.max(1, rows));
    }

    /** Number of distinct entries (each with its count). */
    public int size() {
        return n;
    }

    /** True if there are no entries. */
    public boolean isEmpty() {
        return n == 0;
    }

    /** The row of entry {@code i}, as a new {@link Row}. */
    public Row row(int i) {
        Objects.checkIndex(i, n);
        return Row.wrap(Arrays.copyOfRange(slab, starts[i], starts[i + 1]));
    }

    /** The number of copies of entry {@code i} (positive). */
    public long count(int i) {
        Objects.checkIndex(i, n);
        return counts[i];
    }

    /** The sum of the counts: the number of rows with copies. */
    public long totalRows() {
        long total = 0;
        for (int i = 0; i < n; i++) {
            total = Math.addExact(total, counts[i]);
        }
        return total;
    }

    /** Negative, zero or positive as row {@code i} sorts before, equal to or after row {@code j} of {@code other}. */
    public int compare(int i, PackedRows other, int j) {
        return Arrays.compareUnsigned(slab, starts[i], starts[i + 1], other.slab, other.starts[j], other.starts[j + 1]);
    }

    /** The entries of every part, concatenated in order. */
    public static PackedRows concat(List<PackedRows> parts) {
        if (parts.size() == 1) {
            return parts.get(0);
        }
        int rows = 0;
        long bytes = 0;
        for (PackedRows p : parts) {
            rows = Math.addExact(rows, p.n);
            bytes += p.starts[p.n];
        }
        if (bytes > Integer.MAX_VALUE - 8) {
            throw new IllegalStateException("a result holds at most 2 GB of rows");
        }
        byte[] slab = new byte[(int) bytes];
        int[] starts = new int[rows + 1];
        long[] counts = new long[rows];
        int at = 0;
        int pos = 0;
        for (PackedRows p : parts) {
            int len = p.starts[p.n];
            System.arraycopy(p.slab, 0, slab, pos, len);
            for (int i = 0; i < p.n; i++) {
                starts[at + i] = pos + p.starts[i];
            }
            System.arraycopy(p.counts, 0, counts, at, p.n);
            at += p.n;
            pos += len;
        }
        starts[rows] = pos;
        return new PackedRows(slab, starts, counts, rows);
    }

    /**
     * The entries ordered by row (stable: equal rows keep their order), with no object per row:
     * a merge sort of indices that compares eight-byte prefixes first.
     */
    public PackedRows sorted() {
        int[] perm = new int[n];
        long[] prefix = new long[n];
        for (int i = 0; i < n; i++) {
            perm[i] = i;
            prefix[i] = prefixOf(i);
        }
        boolean ordered = true;
        for (int i = 1; i < n && ordered; i++) {
            ordered = compareEntries(prefix, i - 1, i) <= 0;
        }
        if (ordered) {
            return this;
        }
        int[] scratch = new int[n];
        mergeSort(prefix, perm, scratch, 0, n);
        return select(perm, null, n);
    }

    /**
     * The entries {@code indices[0..length)} in that order, entry {@code k} with {@code
     * copies[k]} copies (or its own count when {@code copies} is null).
     */
    public PackedRows select(int[] indices, long[] copies, int length) {
        long bytes = 0;
        for (int k = 0; k < length; k++) {
            int i = indices[k];
            bytes += starts[i + 1] - starts[i];
        }
        if (bytes > Integer.MAX_VALUE - 8) {
            throw new IllegalStateException("a result holds at most 2 GB of rows");
        }
        byte[] out = new byte[(int) bytes];
        int[] outStarts = new int[length + 1];
        long[] outCounts = new long[length];
        int pos = 0;
        for (int k = 0; k < length; k++) {
            int i = indices[k];
            int len = starts[i + 1] - starts[i];
            System.arraycopy(slab, starts[i], out, pos, len);
            outStarts[k] = pos;
            outCounts[k] = copies == null ? counts[i] : copies[k];
            pos += len;
        }
        outStarts[length] = pos;
        return new PackedRows(out, outStarts, outCounts, length);
    }

    private long prefixOf(int i) {
        long p = 0;
        int from = starts[i];
        int len = Math.min(8, starts[i + 1] - from);
        for (int b = 0; b < 8; b++) {
            p = (p << 8) | (b < len ? slab[from + b] & 0xFF : 0);
        }
        return p;
    }

    private int compareEntries(long[] prefix, int a, int b) {
        int c = Long.compareUnsigned(prefix[a], prefix[b]);
        return c != 0 ? c : Arrays.compareUnsigned(slab, starts[a], starts[a + 1], slab, starts[b], starts[b + 1]);
    }

    private void mergeSort(long[] prefix, int[] perm, int[] scratch, int from, int to) {
        if (to - from <= 16) {
            for (int i = from + 1; i < to; i++) {
                int x = perm[i];
                int j = i - 1;
                while (j >= from && compareEntries(prefix, perm[j], x) > 0) {
                    perm[j + 1] = perm[j];
                    j--;
                }
                perm[j + 1] = x;
            }
            return;
        }
        int mid = (from + to) >>> 1;
        mergeSort(prefix, perm, scratch, from, mid);
        mergeSort(prefix, perm, scratch, mid, to);
        if (compareEntries(prefix, perm[mid - 1], perm[mid]) <= 0) {
            return;
        }
        System.arraycopy(perm, from, scratch, from, to - from);
        int i = from;
        int j = mid;
        for (int k = from; k < to; k++) {
            if (j >= to || (i < mid && compareEntries(prefix, scratch[i], scratch[j]) <= 0)) {
                perm[k] = scratch[i++];
            } else {
                perm[k] = scratch[j++];
            }
        }
    }

    /**
     * The rows with their copies, as an unmodifiable list: entry {@code i} appears {@code
     * count(i)} times. Each {@code get} decodes a new {@link Row}; nothing is materialized up front.
     *
     * @throws IllegalStateException if there are more than {@link Integer#MAX_VALUE} rows
     */
    public List<Row> asList() {
        long total = totalRows();
        if (total > Integer.MAX_VALUE) {
            throw new IllegalStateException(total + " rows do not fit a list");
        }
        boolean single = true;
        for (int i = 0; i < n && single; i++) {
            single = counts[i] == 1;
        }
        long[] ends = null;
        if (!single) {
            ends = new long[n];
            long sum = 0;
            for (int i = 0; i < n; i++) {
                sum += counts[i];
                ends[i] = sum;
            }
        }
        return new RowList(this, ends, (int) total);
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("PackedRows[");
        for (int i = 0; i < Math.min(n, 10); i++) {
            sb.append(i == 0 ? "" : ", ").append(row(i)).append(counts[i] == 1 ? "" : " x" + counts[i]);
        }
        return sb.append(n > 10 ? ", ... " + n + " entries]" : "]").toString();
    }

    /**
     * True if the parts' entries, concatenated, are in row order (each part sorted and every part
     * starting at or after the previous one's last row). Empty parts are allowed.
     */
    public static boolean inRowOrder(List<PackedRows> parts) {
        PackedRows prev = null;
        for (PackedRows p : parts) {
            if (p.n == 0) {
                continue;
            }
            if (prev != null && prev.compare(prev.n - 1, p, 0) > 0) {
                return false;
            }
            for (int i = 1; i < p.n; i++) {
                if (p.compare(i - 1, p, i) > 0) {
                    return false;
                }
            }
            prev = p;
        }
        return true;
    }

    /**
     * The rows of every part with their copies, concatenated, as one unmodifiable list that
     * copies nothing up front (see {@link #asList}).
     */
    public static List<Row> asList(List<PackedRows> parts) {
        List<List<Row>> lists = new java.util.ArrayList<>();
        for (PackedRows p : parts) {
            if (p.n > 0) {
                lists.add(p.asList());
            }
        }
        if (lists.size() == 1) {
            return lists.get(0);
        }
        long[] ends = new long[lists.size()];
        long total = 0;
        for (int k = 0; k < lists.size(); k++) {
            total += lists.get(k).size();
            ends[k] = total;
        }
        if (total > Integer.MAX_VALUE) {
            throw new IllegalStateException(total + " rows do not fit a list");
        }
        int size = (int) total;
        return new ConcatList(lists, ends, size);
    }

    /** Lists one after another. */
    private static final class ConcatList extends AbstractList<Row> implements RandomAccess {
        private final List<List<Row>> lists;
        private final long[] ends;
        private final int size;

        ConcatList(List<List<Row>> lists, long[] ends, int size) {
            this.lists = lists;
            this.ends = ends;
            this.size = size;
        }

        @Override
        public Row get(int index) {
            Objects.checkIndex(index, size);
            int k = Arrays.binarySearch(ends, index + 1L);
            k = k >= 0 ? k : -k - 1;
            return lists.get(k).get((int) (index - (k == 0 ? 0 : ends[k - 1])));
        }

        @Override
        public int size() {
            return size;
        }
    }

    /** The expanded list view. */
    private static final class RowList extends AbstractList<Row> implements RandomAccess {
        private final PackedRows rows;
        private final long[] ends; // cumulative counts, or null when every count is one
        private final int size;

        RowList(PackedRows rows, long[] ends, int size) {
            this.rows = rows;
            this.ends = ends;
            this.size = size;
        }

        @Override
        public Row get(int index) {
            Objects.checkIndex(index, size);
            if (ends == null) {
                return rows.row(index);
            }
            int i = Arrays.binarySearch(ends, index + 1L);
            return rows.row(i >= 0 ? i : -i - 1);
        }

        @Override
        public int size() {
            return size;
        }
    }

    /** Collects entries; {@link #build} makes the immutable {@link PackedRows}. Confined to one thread. */
    public static final class Builder {
        private byte[] slab;
        private int len;
        private int[] starts;
        private long[] counts;
        private int n;

        private Builder(int rows) {
            rows = Math.min(rows, 1 << 20); // a hint; the arrays grow as needed
            slab = new byte[rows * 16];
            starts = new int[rows + 1];
            counts = new long[rows];
        }

        /** Number of entries added. */
        public int size() {
            return n;
        }

        /** Adds {@code count} copies of {@code row}. */
        public Builder add(Row row, long count) {
            int l = row.encodedLength();
            admit(l, count);
            len = row.writeTo(slab, len);
            return this;
        }

        /**
         * Adds {@code count} copies of the row encoded at {@code src[from, to)} (copied). The
         * bytes must be a row's encoding as rows and arrangement cursors produce it; they are not
         * checked.
         */
        public Builder add(byte[] src, int from, int to, long count) {
            Objects.checkFromToIndex(from, to, src.length);
            admit(to - from, count);
            System.arraycopy(src, from, slab, len, to - from);
            len += to - from;
            return this;
        }

        private void admit(int bytes, long count) {
            if (count <= 0) {
                throw new IllegalArgumentException("a count must be positive: " + count);
            }
            if (n + 1 == starts.length) {
                int cap = (int) Math.min(Integer.MAX_VALUE - 8, 2L * starts.length);
                starts = Arrays.copyOf(starts, cap);
                counts = Arrays.copyOf(counts, cap - 1);
            }
            long need = (long) len + bytes;
            if (need > slab.length) {
                if (need > Integer.MAX_VALUE - 8) {
                    throw new IllegalStateException("a result holds at most 2 GB of rows");
                }
                slab = Arrays.copyOf(slab, (int) Math.min(Integer.MAX_VALUE - 8, Math.max(need, 2L * slab.length)));
            }
            starts[n] = len;
            counts[n] = count;
            n++;
        }

        /** The entries added, in order; the builder must not be used afterwards. */
        public PackedRows build() {
            starts[n] = len;
            PackedRows out = new PackedRows(slab, starts, counts, n);
            slab = null;
            starts = null;
            counts = null;
            return out;
        }
    }
}
