package dev.spindle.compute.arrangement.batch;

import dev.spindle.common.row.Row;
import dev.spindle.common.time.Frontier;
import dev.spindle.common.time.Timestamp;
import dev.spindle.common.update.Update;
import java.util.Arrays;
import java.util.Objects;

/**
 * Keyed updates waiting to be arranged, in arrival order and in columns: key and value encodings
 * in one byte slab, times and diffs in {@code long} arrays. An arrange operator stages what it
 * receives here instead of keeping an {@link Update} and a key {@link Row} per record, so a large
 * hydration leaves a handful of arrays for the garbage collector to trace, not millions of small
 * objects that survive young collections.
 *
 * <p>Append with {@link #push}; split off what a frontier does not yet seal with
 * {@link #splitOff}; copy ranges into a {@link BatchBuilder} with {@link #copyTo}. Not sorted and
 * not consolidated (zero diffs are dropped).
 *
 * <p>Thread-safety: confined to one thread while written; once handed over and no longer written
 * it may be read by the thread it was handed to (publication through the worker's own hand-off).
 */
public final class StagedUpdates {
    private static final int INITIAL = 64;

    private byte[] slab = new byte[INITIAL * 16];
    private int slabLen;
    private int[] keyStart = new int[INITIAL];
    private int[] valStart = new int[INITIAL];
    private long[] times = new long[INITIAL];
    private long[] diffs = new long[INITIAL];
    private int n;
    private long maxTime = Long.MIN_VALUE;

    /** Number of staged updates. */
    public int size() {
        return n;
    }

    /** True if nothing is staged. */
    public boolean isEmpty() {
        return n == 0;
    }

    /** Stages {@code (key, val, time, diff)}; a zero diff is dropped. */
    public void push(Row key, Row val, long time, long diff) {
        Timestamp.check(time);
        if (diff == 0) {
            return;
        }
        grow();
        reserve(key.encodedLength() + val.encodedLength());
        keyStart[n] = slabLen;
        slabLen = key.writeTo(slab, slabLen);
        valStart[n] = slabLen;
        slabLen = val.writeTo(slab, slabLen);
        times[n] = time;
        diffs[n] = diff;
        maxTime = Math.max(maxTime, time);
        n++;
    }

    private void pushEncoded(StagedUpdates from, int i) {
        grow();
        int kf = from.keyStart[i];
        int end = from.end(i);
        reserve(end - kf);
        keyStart[n] = slabLen;
        valStart[n] = slabLen + (from.valStart[i] - kf);
        System.arraycopy(from.slab, kf, slab, slabLen, end - kf);
        slabLen += end - kf;
        times[n] = from.times[i];
        diffs[n] = from.diffs[i];
        maxTime = Math.max(maxTime, from.times[i]);
        n++;
    }

    private void grow() {
        if (n == keyStart.length) {
            int cap = (int) Math.min(Integer.MAX_VALUE - 8, 2L * n);
            if (cap == n) {
                throw new IllegalStateException("at most " + n + " updates can be staged");
            }
            keyStart = Arrays.copyOf(keyStart, cap);
            valStart = Arrays.copyOf(valStart, cap);
            times = Arrays.copyOf(times, cap);
            diffs = Arrays.copyOf(diffs, cap);
        }
    }

    private void reserve(int bytes) {
        long need = (long) slabLen + bytes;
        if (need > slab.length) {
            if (need > Integer.MAX_VALUE - 8) {
                throw new IllegalStateException("at most 2 GB of updates can be staged");
            }
            slab = Arrays.copyOf(slab, (int) Math.min(Integer.MAX_VALUE - 8, Math.max(need, 2L * slab.length)));
        }
    }

    private int end(int i) {
        return i + 1 < n ? keyStart[i + 1] : slabLen;
    }

    /**
     * Moves the updates {@code sealed} does not seal (times at or after it) into a new stage and
     * returns it; this stage keeps the sealed ones, in their order. Copies nothing when every
     * staged time is sealed, the usual case.
     */
    public StagedUpdates splitOff(Frontier sealed) {
        StagedUpdates later = new StagedUpdates();
        if (n == 0 || sealed.isSealed(maxTime)) {
            return later;
        }
        StagedUpdates kept = new StagedUpdates();
        for (int i = 0; i < n; i++) {
            (sealed.isSealed(times[i]) ? kept : later).pushEncoded(this, i);
        }
        slab = kept.slab;
        slabLen = kept.slabLen;
        keyStart = kept.keyStart;
        valStart = kept.valStart;
        times = kept.times;
        diffs = kept.diffs;
        n = kept.n;
        maxTime = kept.maxTime;
        return later;
    }

    /** Copies updates {@code [from, to)} into {@code builder}. */
    public void copyTo(int from, int to, BatchBuilder builder) {
        Objects.checkFromToIndex(from, to, n);
        for (int i = from; i < to; i++) {
            builder.push(slab, keyStart[i], valStart[i], slab, valStart[i], end(i), times[i], diffs[i]);
        }
    }

    /** The value of update {@code i} as a row of its own (a copy). */
    public Row val(int i) {
        Objects.checkIndex(i, n);
        return Row.decode(slab, valStart[i], end(i) - valStart[i]);
    }

    /** The key of update {@code i} as a row of its own (a copy). */
    public Row key(int i) {
        Objects.checkIndex(i, n);
        return Row.decode(slab, keyStart[i], valStart[i] - keyStart[i]);
    }

    /** The time of update {@code i}. */
    public long time(int i) {
        Objects.checkIndex(i, n);
        return times[i];
    }

    /** The diff of update {@code i}. */
    public long diff(int i) {
        Objects.checkIndex(i, n);
        return diffs[i];
    }

    /** Update {@code i} with its value row (a new object). */
    public Update update(int i) {
        return new Update(val(i), time(i), diff(i));
    }

    /** Bytes of the arrays held (capacity, not just what is used). */
    public long heapBytes() {
        return slab.length + 8L * (keyStart.length + times.length);
    }
}
