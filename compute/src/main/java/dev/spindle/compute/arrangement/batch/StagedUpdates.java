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
 * <p>Stored in chunks of {@link #CHUNK} updates, so growing copies at most one chunk's arrays
 * (a chunk's byte slab grows with its rows) and no per-update array is large. Append with {@link #push}; split off what a frontier does not yet seal with
 * {@link #splitOff}; copy ranges into a {@link BatchBuilder} with {@link #copyTo}. Not sorted and
 * not consolidated (zero diffs are dropped).
 *
 * <p>Thread-safety: confined to one thread while written; once handed over and no longer written
 * it may be read by the thread it was handed to (publication through the worker's own hand-off).
 */
public final class StagedUpdates {
    /** Updates per chunk (every chunk but the last is full). */
    public static final int CHUNK = 1 << 14;
    private static final int SHIFT = 14;

    private final java.util.ArrayList<Chunk> chunks = new java.util.ArrayList<>();
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
        last().push(key, val, time, diff);
        maxTime = Math.max(maxTime, time);
        n++;
    }

    private Chunk last() {
        if (n == chunks.size() * CHUNK) {
            chunks.add(new Chunk());
        }
        return chunks.get(chunks.size() - 1);
    }

    private void pushEncoded(StagedUpdates from, int i) {
        Chunk src = from.chunks.get(i >>> SHIFT);
        int j = i & (CHUNK - 1);
        last().pushEncoded(src, j);
        maxTime = Math.max(maxTime, src.times[j]);
        n++;
    }

    /**
     * Moves the updates {@code sealed} does not seal (times at or after it) into a new stage and
     * returns it; this stage keeps the sealed ones, in their order. Copies nothing when every
     * staged time is sealed (the usual case) and otherwise only the updates from the first
     * unsealed one on.
     */
    public StagedUpdates splitOff(Frontier sealed) {
        StagedUpdates later = new StagedUpdates();
        if (n == 0 || sealed.isSealed(maxTime)) {
            return later;
        }
        int first = 0;
        long prefixMax = Long.MIN_VALUE;
        while (sealed.isSealed(time(first))) {
            prefixMax = Math.max(prefixMax, time(first));
            first++;
        }
        StagedUpdates tail = new StagedUpdates();
        for (int i = first; i < n; i++) {
            tail.pushEncoded(this, i);
        }
        truncate(first);
        maxTime = prefixMax;
        for (int i = 0; i < tail.n; i++) {
            (sealed.isSealed(tail.time(i)) ? this : later).pushEncoded(tail, i);
        }
        return later;
    }

    /** Drops the updates from {@code size} on. */
    private void truncate(int size) {
        int keep = (size + CHUNK - 1) >>> SHIFT; // chunks that hold kept updates
        while (chunks.size() > keep) {
            chunks.remove(chunks.size() - 1);
        }
        int inLast = size - (keep - 1) * CHUNK;
        if (keep > 0 && inLast < chunks.get(keep - 1).count) {
            Chunk c = chunks.get(keep - 1);
            c.slabLen = c.keyStart[inLast];
            c.count = inLast;
        }
        n = size;
    }

    /** Copies updates {@code [from, to)} into {@code builder}. */
    public void copyTo(int from, int to, BatchBuilder builder) {
        Objects.checkFromToIndex(from, to, n);
        for (int i = from; i < to; i++) {
            Chunk c = chunks.get(i >>> SHIFT);
            int j = i & (CHUNK - 1);
            builder.push(c.slab, c.keyStart[j], c.valStart[j], c.slab, c.valStart[j], c.end(j), c.times[j], c.diffs[j]);
        }
    }

    /** The value of update {@code i} as a row of its own (a copy). */
    public Row val(int i) {
        Objects.checkIndex(i, n);
        Chunk c = chunks.get(i >>> SHIFT);
        int j = i & (CHUNK - 1);
        return Row.decode(c.slab, c.valStart[j], c.end(j) - c.valStart[j]);
    }

    /** The key of update {@code i} as a row of its own (a copy). */
    public Row key(int i) {
        Objects.checkIndex(i, n);
        Chunk c = chunks.get(i >>> SHIFT);
        int j = i & (CHUNK - 1);
        return Row.decode(c.slab, c.keyStart[j], c.valStart[j] - c.keyStart[j]);
    }

    /** The time of update {@code i}. */
    public long time(int i) {
        Objects.checkIndex(i, n);
        return chunks.get(i >>> SHIFT).times[i & (CHUNK - 1)];
    }

    /** The diff of update {@code i}. */
    public long diff(int i) {
        Objects.checkIndex(i, n);
        return chunks.get(i >>> SHIFT).diffs[i & (CHUNK - 1)];
    }

    /** Update {@code i} with its value row (a new object). */
    public Update update(int i) {
        return new Update(val(i), time(i), diff(i));
    }

    /** Bytes of the arrays held (capacity, not just what is used). */
    public long heapBytes() {
        long total = 0;
        for (Chunk c : chunks) {
            total += c.slab.length + 24L * c.times.length;
        }
        return total;
    }

    /** Up to {@link #CHUNK} updates in columns; its arrays start small and grow up to that. */
    private static final class Chunk {
        private static final int INITIAL = 64;
        byte[] slab = new byte[INITIAL * 16];
        int slabLen;
        int count;
        int[] keyStart = new int[INITIAL];
        int[] valStart = new int[INITIAL];
        long[] times = new long[INITIAL];
        long[] diffs = new long[INITIAL];

        private void grow() {
            if (count == keyStart.length) {
                int cap = Math.min(CHUNK, 2 * count);
                keyStart = Arrays.copyOf(keyStart, cap);
                valStart = Arrays.copyOf(valStart, cap);
                times = Arrays.copyOf(times, cap);
                diffs = Arrays.copyOf(diffs, cap);
            }
        }

        void push(Row key, Row val, long time, long diff) {
            grow();
            reserve(key.encodedLength() + val.encodedLength());
            keyStart[count] = slabLen;
            slabLen = key.writeTo(slab, slabLen);
            valStart[count] = slabLen;
            slabLen = val.writeTo(slab, slabLen);
            times[count] = time;
            diffs[count] = diff;
            count++;
        }

        void pushEncoded(Chunk from, int i) {
            grow();
            int kf = from.keyStart[i];
            int end = from.end(i);
            reserve(end - kf);
            keyStart[count] = slabLen;
            valStart[count] = slabLen + (from.valStart[i] - kf);
            System.arraycopy(from.slab, kf, slab, slabLen, end - kf);
            slabLen += end - kf;
            times[count] = from.times[i];
            diffs[count] = from.diffs[i];
            count++;
        }

        int end(int i) {
            return i + 1 < count ? keyStart[i + 1] : slabLen;
        }

        private void reserve(int bytes) {
            long need = (long) slabLen + bytes;
            if (need > slab.length) {
                if (need > Integer.MAX_VALUE - 8) {
                    throw new IllegalStateException("a chunk of staged updates holds at most 2 GB");
                }
                slab = Arrays.copyOf(slab, (int) Math.min(Integer.MAX_VALUE - 8, Math.max(need, 2L * slab.length)));
            }
        }
    }
}
