package dev.spindle.compute.arrangement.batch;

import dev.spindle.common.row.Row;
import dev.spindle.common.time.Frontier;
import dev.spindle.common.time.Timestamp;
import dev.spindle.common.update.Update;
import java.util.Objects;

/**
 * Keyed updates waiting to be arranged, in arrival order and in columns: key and value encodings
 * in one byte slab, times and diffs in {@code long} arrays. An arrange operator stages what it
 * receives here instead of keeping an {@link Update} and a key {@link Row} per record, so a large
 * hydration leaves a handful of arrays for the garbage collector to trace, not millions of small
 * objects that survive young collections.
 *
 * <p>Stored in chunks of {@link #CHUNK} updates, each an unbuilt {@link BatchBuilder} (the same
 * columns), so growing copies at most one chunk's arrays and no per-update array is large. Append with {@link #push}; split off what a frontier does not yet seal with
 * {@link #splitOff}; copy ranges into a {@link BatchBuilder} with {@link #copyTo}. Not sorted and
 * not consolidated (zero diffs are dropped).
 *
 * <p>Thread-safety: confined to one thread while written; once handed over and no longer written
 * it may be read by the thread it was handed to (publication through the worker's own hand-off).
 */
public final class StagedUpdates {
    /** Updates per chunk (every chunk but the last is full). */
    public static final int CHUNK = 1 << 14;
    static final int SHIFT = 14;
    static final int MASK = CHUNK - 1;

    private final java.util.ArrayList<BatchBuilder> chunks = new java.util.ArrayList<>();
    private int n;
    private long minTime = Long.MAX_VALUE;
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
        if (diff == 0) {
            Timestamp.check(time);
            return;
        }
        last().push(key, val, time, diff);
        minTime = Math.min(minTime, time);
        maxTime = Math.max(maxTime, time);
        n++;
    }

    /**
     * Stages {@code (row's keyColumns, row, time, diff)}: the key's encoding is copied from the
     * row's, with no key row built (see {@link BatchBuilder#pushProjected}); a zero diff is dropped.
     *
     * @throws IndexOutOfBoundsException if a key column is not a column of the row
     */
    public void pushProjected(Row row, int[] keyColumns, long time, long diff) {
        if (diff == 0) {
            Timestamp.check(time);
            return;
        }
        last().pushProjected(row, keyColumns, time, diff);
        minTime = Math.min(minTime, time);
        maxTime = Math.max(maxTime, time);
        n++;
    }

    private BatchBuilder last() {
        if (n == chunks.size() * CHUNK) {
            chunks.add(new BatchBuilder());
        }
        return chunks.get(chunks.size() - 1);
    }

    /** The chunks: update {@code i} is {@code chunks[i >>> SHIFT]}'s update {@code i & MASK}. */
    BatchBuilder[] chunkArray() {
        return chunks.toArray(new BatchBuilder[0]);
    }

    private BatchBuilder chunk(int i) {
        return chunks.get(i >>> SHIFT);
    }

    private void pushEncoded(StagedUpdates from, int i) {
        BatchBuilder src = from.chunk(i);
        int j = i & (CHUNK - 1);
        last().push(src.slab(), src.keyFrom(j), src.valFrom(j), src.slab(), src.valFrom(j), src.valTo(j), src.time(j),
                src.diff(j));
        minTime = Math.min(minTime, src.time(j));
        maxTime = Math.max(maxTime, src.time(j));
        n++;
    }

    /**
     * Moves the updates {@code sealed} does not seal (times at or after it) into a new stage and
     * returns it; this stage keeps the sealed ones, in their order. Copies nothing when every
     * staged time is sealed (the usual case), nothing either when none is (the chunks move over:
     * a frontier that advances below every staged time, as a snapshot's source does while it
     * reads a table's batches, must not cost a copy of everything staged, or a hydration staged
     * over many such advances would be quadratic), and otherwise only the updates from the first
     * unsealed one on.
     */
    public StagedUpdates splitOff(Frontier sealed) {
        StagedUpdates later = new StagedUpdates();
        if (n == 0 || sealed.isSealed(maxTime)) {
            return later;
        }
        if (!sealed.isSealed(minTime)) {
            later.chunks.addAll(chunks);
            later.n = n;
            later.minTime = minTime;
            later.maxTime = maxTime;
            chunks.clear();
            n = 0;
            minTime = Long.MAX_VALUE;
            maxTime = Long.MIN_VALUE;
            return later;
        }
        int first = 0;
        long prefixMin = Long.MAX_VALUE;
        long prefixMax = Long.MIN_VALUE;
        while (sealed.isSealed(time(first))) {
            prefixMin = Math.min(prefixMin, time(first));
            prefixMax = Math.max(prefixMax, time(first));
            first++;
        }
        StagedUpdates tail = new StagedUpdates();
        for (int i = first; i < n; i++) {
            tail.pushEncoded(this, i);
        }
        truncate(first);
        minTime = prefixMin;
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
        if (keep > 0) {
            chunks.get(keep - 1).truncate(size - (keep - 1) * CHUNK);
        }
        n = size;
    }

    /** Copies updates {@code [from, to)} into {@code builder}. */
    public void copyTo(int from, int to, BatchBuilder builder) {
        Objects.checkFromToIndex(from, to, n);
        for (int i = from; i < to; i++) {
            BatchBuilder c = chunk(i);
            int j = i & (CHUNK - 1);
            builder.push(c.slab(), c.keyFrom(j), c.valFrom(j), c.slab(), c.valFrom(j), c.valTo(j), c.time(j), c.diff(j));
        }
    }

    /** The value of update {@code i} as a row of its own (a copy). */
    public Row val(int i) {
        Objects.checkIndex(i, n);
        BatchBuilder c = chunk(i);
        int j = i & (CHUNK - 1);
        return Row.decode(c.slab(), c.valFrom(j), c.valTo(j) - c.valFrom(j));
    }

    /** The key of update {@code i} as a row of its own (a copy). */
    public Row key(int i) {
        Objects.checkIndex(i, n);
        BatchBuilder c = chunk(i);
        int j = i & (CHUNK - 1);
        return Row.decode(c.slab(), c.keyFrom(j), c.valFrom(j) - c.keyFrom(j));
    }

    /** The time of update {@code i}. */
    public long time(int i) {
        Objects.checkIndex(i, n);
        return chunk(i).time(i & (CHUNK - 1));
    }

    /** The diff of update {@code i}. */
    public long diff(int i) {
        Objects.checkIndex(i, n);
        return chunk(i).diff(i & (CHUNK - 1));
    }

    /** Update {@code i} with its value row (a new object). */
    public Update update(int i) {
        return new Update(val(i), time(i), diff(i));
    }
}
