package dev.spindle.compute.arrangement.batch;

import dev.spindle.common.row.Row;
import dev.spindle.common.row.RowCodec;
import dev.spindle.common.time.Timestamp;
import java.util.Arrays;
import java.util.Objects;

/**
 * Collects updates in any order and turns them into a sorted, consolidated {@link Batch}.
 *
 * <p>Nothing is allocated per update: keys and values are copied into one byte slab, times and
 * diffs into {@code long} arrays, and {@link #build} sorts a permutation of indices (see
 * {@link UpdateSorter}), advances times by the description's since, sums the diffs of equal
 * {@code (key, val, time)}, drops zeros and writes the batch's columns. Zero diffs are dropped on
 * {@code push}.
 *
 * <p>Reusable: {@link #build} empties the builder (and releases its arrays). Confined to one
 * thread.
 */
public final class BatchBuilder {
    private static final int INITIAL = 16;

    private byte[] slab;
    private int slabLen;
    private int[] keyStart;
    private int[] valStart;
    private long[] times;
    private long[] diffs;
    private int n;

    /** An empty builder. */
    public BatchBuilder() {
        reset(INITIAL);
    }

    /** An empty builder sized for about {@code expectedUpdates} updates. */
    public BatchBuilder(int expectedUpdates) {
        reset(Math.max(expectedUpdates, 1));
    }

    private void reset(int capacity) {
        slab = new byte[capacity * 8];
        slabLen = 0;
        keyStart = new int[capacity];
        valStart = new int[capacity];
        times = new long[capacity];
        diffs = new long[capacity];
        n = 0;
    }

    /** Number of updates pushed since the last build (zero diffs excluded). */
    public int size() {
        return n;
    }

    /** True if no update has been pushed since the last build. */
    public boolean isEmpty() {
        return n == 0;
    }

    private boolean admit(long time, long diff) {
        Timestamp.check(time);
        if (diff == 0) {
            return false;
        }
        if (n == keyStart.length) {
            int cap = (int) Math.min(Integer.MAX_VALUE - 8, 2L * n);
            if (cap == n) {
                throw new IllegalStateException("a batch holds at most " + n + " updates");
            }
            keyStart = Arrays.copyOf(keyStart, cap);
            valStart = Arrays.copyOf(valStart, cap);
            times = Arrays.copyOf(times, cap);
            diffs = Arrays.copyOf(diffs, cap);
        }
        times[n] = time;
        diffs[n] = diff;
        return true;
    }

    private void reserve(int bytes) {
        long need = (long) slabLen + bytes;
        if (need > slab.length) {
            if (need > Integer.MAX_VALUE - 8) {
                throw new IllegalStateException("a batch's slab holds at most 2 GB");
            }
            slab = Arrays.copyOf(slab, (int) Math.min(Integer.MAX_VALUE - 8, Math.max(need, 2L * slab.length)));
        }
    }

    /** Adds {@code (key, val, time, diff)}. */
    public void push(Row key, Row val, long time, long diff) {
        if (!admit(time, diff)) {
            return;
        }
        reserve(key.encodedLength() + val.encodedLength());
        keyStart[n] = slabLen;
        slabLen = key.writeTo(slab, slabLen);
        valStart[n] = slabLen;
        slabLen = val.writeTo(slab, slabLen);
        n++;
    }

    /**
     * Adds {@code row} arranged by its first {@code keyColumns} columns: the key is those columns,
     * the value the rest. The row is copied once and split in place, with no intermediate rows.
     *
     * @throws IllegalArgumentException if the row has fewer than {@code keyColumns} columns
     */
    public void push(Row row, int keyColumns, long time, long diff) {
        if (!admit(time, diff)) {
            return;
        }
        int len = row.encodedLength();
        reserve(len);
        int from = slabLen;
        int end = row.writeTo(slab, from);
        int p = from;
        for (int c = 0; c < keyColumns; c++) {
            if (p >= end) {
                throw new IllegalArgumentException("row " + row + " has fewer than " + keyColumns + " columns");
            }
            p = RowCodec.skip(slab, p);
        }
        keyStart[n] = from;
        valStart[n] = p;
        slabLen = end;
        n++;
    }

    /**
     * Adds {@code (row.project(keyColumns), row, time, diff)} without building the key row: the
     * row is written once, moved up by the key's length, and the key columns' encodings copied in
     * front of it from there (a row's encoding is its columns' encodings one after another).
     *
     * @throws IndexOutOfBoundsException if a key column is not a column of the row (nothing added)
     */
    public void pushProjected(Row row, int[] keyColumns, long time, long diff) {
        if (!admit(time, diff)) {
            return;
        }
        int len = row.encodedLength();
        reserve((int) Math.min(Integer.MAX_VALUE - 8, (long) len * (keyColumns.length + 1)));
        int from = slabLen;
        int end = row.writeTo(slab, from);
        int keyLen = 0;
        for (int c : keyColumns) {
            int s = columnStart(from, end, c);
            keyLen += RowCodec.skip(slab, s) - s;
        }
        int valFrom = from + keyLen;
        System.arraycopy(slab, from, slab, valFrom, len);
        int o = from;
        for (int c : keyColumns) {
            int s = columnStart(valFrom, valFrom + len, c);
            int e = RowCodec.skip(slab, s);
            System.arraycopy(slab, s, slab, o, e - s);
            o += e - s;
        }
        keyStart[n] = from;
        valStart[n] = valFrom;
        slabLen = valFrom + len;
        n++;
    }

    /** Where column {@code column} of the row encoded at {@code slab[from, end)} starts. */
    private int columnStart(int from, int end, int column) {
        int p = from;
        for (int i = 0; i < column && p < end; i++) {
            p = RowCodec.skip(slab, p);
        }
        if (column < 0 || p >= end) {
            throw new IndexOutOfBoundsException("column " + column + " of a row of " + (end - from) + " bytes");
        }
        return p;
    }

    /**
     * Adds an update whose key and value are encodings held in slabs ({@code keySlab[keyFrom,
     * keyTo)} and {@code valSlab[valFrom, valTo)}), as cursors expose them; they are copied.
     */
    public void push(byte[] keySlab, int keyFrom, int keyTo, byte[] valSlab, int valFrom, int valTo, long time,
                     long diff) {
        Objects.checkFromToIndex(keyFrom, keyTo, keySlab.length);
        Objects.checkFromToIndex(valFrom, valTo, valSlab.length);
        if (!admit(time, diff)) {
            return;
        }
        reserve((keyTo - keyFrom) + (valTo - valFrom));
        keyStart[n] = slabLen;
        System.arraycopy(keySlab, keyFrom, slab, slabLen, keyTo - keyFrom);
        slabLen += keyTo - keyFrom;
        valStart[n] = slabLen;
        System.arraycopy(valSlab, valFrom, slab, slabLen, valTo - valFrom);
        slabLen += valTo - valFrom;
        n++;
    }

    // Read access and truncation for StagedUpdates, whose chunks are builders that are never built.

    byte[] slab() {
        return slab;
    }

    int keyFrom(int i) {
        return keyStart[i];
    }

    int valFrom(int i) {
        return valStart[i];
    }

    int valTo(int i) {
        return i + 1 < n ? keyStart[i + 1] : slabLen;
    }

    long time(int i) {
        return times[i];
    }

    long diff(int i) {
        return diffs[i];
    }

    /** Drops the updates from {@code size} on. */
    void truncate(int size) {
        if (size < n) {
            slabLen = keyStart[size];
            n = size;
        }
    }

    /**
     * Sorts and consolidates the pushed updates into a batch with {@code description}, advancing
     * every time before {@code description.since()} to it; then empties this builder.
     *
     * @throws IllegalArgumentException if an update's time is outside {@code [lower, upper)}
     * @throws ArithmeticException if the diffs of one {@code (key, val, time)} overflow a {@code long}
     */
    public Batch build(Description description) {
        Objects.requireNonNull(description, "description");
        try {
            if (n > 0 && description.since().isEmpty()) {
                throw new IllegalArgumentException("a batch with updates cannot have an empty since");
            }
            for (int i = 0; i < n; i++) {
                if (!description.contains(times[i])) {
                    throw new IllegalArgumentException("update at time " + times[i] + " is outside " + description);
                }
                times[i] = Timestamp.advanceBy(times[i], description.since());
            }
            return n == 0 ? Batch.empty(description) : consolidate(description);
        } finally {
            reset(INITIAL);
        }
    }

    private Batch consolidate(Description description) {
        UpdateSorter.Updates u = new UpdateSorter.Updates(slab, keyStart, valStart, slabLen, times, n);
        int[] perm = UpdateSorter.sort(u);
        BatchWriter w = new BatchWriter(n, n, n, slabLen, slabLen);
        int prev = -1;
        long sum = 0;
        for (int idx = 0; idx < n; idx++) {
            int cur = perm[idx];
            boolean newKey = prev < 0 || !Arrays.equals(slab, u.keyFrom(prev), u.keyTo(prev), slab, u.keyFrom(cur), u.keyTo(cur));
            boolean newVal = newKey || !Arrays.equals(slab, u.valFrom(prev), u.valTo(prev), slab, u.valFrom(cur), u.valTo(cur));
            boolean newTime = newVal || times[prev] != times[cur];
            if (newTime && prev >= 0 && sum != 0) {
                w.update(times[prev], sum);
            }
            if (newKey) {
                w.startKey(slab, u.keyFrom(cur), u.keyTo(cur));
            }
            if (newVal) {
                w.startVal(slab, u.valFrom(cur), u.valTo(cur));
            }
            sum = newTime ? diffs[cur] : Math.addExact(sum, diffs[cur]);
            prev = cur;
        }
        if (sum != 0) {
            w.update(times[prev], sum);
        }
        return w.finish(description);
    }
}
