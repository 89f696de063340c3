package dev.spindle.compute.arrangement.batch;

import dev.spindle.common.row.Row;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * An immutable, sorted, consolidated set of updates {@code (key, val, time, diff)} with a
 * {@link Description}.
 *
 * <h2>Invariants</h2>
 * <ul>
 *   <li>Sorted by key, then value, then time, in row order (unsigned bytes of the encodings).</li>
 *   <li>Consolidated: one entry per {@code (key, val, time)}, no zero diff, no key without a
 *       value, no value without an update.</li>
 *   <li>Every time {@code t} satisfies {@code description.contains(t)} unless it was advanced to
 *       {@code description.since} (then {@code t == since}).</li>
 * </ul>
 *
 * <h2>Layout</h2>
 * Columns, indexed by key {@code k}, value {@code v} (global over the batch) and update {@code r}:
 * <pre>
 *   keyBytes   byte[]   the distinct keys' encodings, concatenated, in order
 *   keyOffsets int[K+1] key k is keyBytes[keyOffsets[k], keyOffsets[k+1])
 *   keyVals    int[K+1] key k's values are v in [keyVals[k], keyVals[k+1])
 *   valBytes   byte[]   the distinct (key, val)s' value encodings, concatenated
 *   valOffsets int[V+1] value v is valBytes[valOffsets[v], valOffsets[v+1])
 *   valUpdates int[V+1] value v's updates are r in [valUpdates[v], valUpdates[v+1])
 *   times      long[R]  ascending within each value
 *   diffs      long[R]  never zero
 * </pre>
 * A column that is arithmetic ({@code column[i] = i * stride}) is not stored, only its stride:
 * offsets of fixed-width encodings, {@code keyVals} when every key has the same number of values
 * (typically one), {@code valUpdates} when every value has the same number of updates, and {@code times}/{@code diffs} when all entries are equal (one
 * time per batch, all diffs {@code +1}). So a batch of {@code n} distinct {@code (INTEGER, INTEGER)}
 * rows at one time, diffs {@code +1}, with keys and values of varying width, costs
 * {@code keyBytes + valBytes} (1 to 5 bytes each per row) plus 8 bytes of offsets per row, about
 * 18 bytes per record; with a time and a diff per update it is about 34, and at worst (many values
 * per key, several times per value) {@code 8 + 8 + 4 + 4 + 4 + 4} bytes plus the encodings.
 * Diffs stay {@code long}: narrowing them to {@code int} or {@code byte} with an overflow escape
 * would save up to 7 bytes per varying-diff record and is left for later.
 *
 * <h2>Memory accounting</h2>
 * {@link #sizeBytes()} is the exact heap footprint of the arrays this batch holds (see
 * {@link HeapSize}), not counting the batch object, its description or arrays shared with the
 * batch it was re-described from.
 *
 * <p>Thread-safety: immutable (all fields final, arrays never written after construction); safe
 * to share between threads.
 */
public final class Batch {
    private final Description description;
    private final int keyCount;
    private final byte[] keyBytes;
    private final int[] keyOffsets;
    private final int keyStride;
    private final int[] keyVals;
    private final int keyValStride;
    private final int valCount;
    private final byte[] valBytes;
    private final int[] valOffsets;
    private final int valStride;
    private final int[] valUpdates;
    private final int valUpdateStride;
    private final int records;
    private final long[] times;
    private final long constTime;
    private final long[] diffs;
    private final long constDiff;
    private final long minTime;
    private final long maxTime;
    private final long sizeBytes;

    Batch(Description description, int keyCount, byte[] keyBytes, int[] keyOffsets, int keyStride, int[] keyVals,
          int keyValStride, int valCount, byte[] valBytes, int[] valOffsets, int valStride, int[] valUpdates,
          int valUpdateStride, int records, long[] times, long constTime, long[] diffs, long constDiff, long minTime,
          long maxTime) {
        this.description = Objects.requireNonNull(description, "description");
        this.keyCount = keyCount;
        this.keyBytes = keyBytes;
        this.keyOffsets = keyOffsets;
        this.keyStride = keyStride;
        this.keyVals = keyVals;
        this.keyValStride = keyValStride;
        this.valCount = valCount;
        this.valBytes = valBytes;
        this.valOffsets = valOffsets;
        this.valStride = valStride;
        this.valUpdates = valUpdates;
        this.valUpdateStride = valUpdateStride;
        this.records = records;
        this.times = times;
        this.constTime = constTime;
        this.diffs = diffs;
        this.constDiff = constDiff;
        this.minTime = minTime;
        this.maxTime = maxTime;
        this.sizeBytes = HeapSize.of(keyBytes) + HeapSize.of(keyOffsets) + HeapSize.of(keyVals)
                + HeapSize.of(valBytes) + HeapSize.of(valOffsets) + HeapSize.of(valUpdates)
                + HeapSize.of(times) + HeapSize.of(diffs);
    }

    /** The same updates under another description; shares every array. */
    private Batch(Batch b, Description description) {
        this(description, b.keyCount, b.keyBytes, b.keyOffsets, b.keyStride, b.keyVals, b.keyValStride, b.valCount,
                b.valBytes, b.valOffsets, b.valStride, b.valUpdates, b.valUpdateStride, b.records, b.times, b.constTime,
                b.diffs, b.constDiff, b.minTime, b.maxTime);
    }

    /** A batch with no updates: the interval of {@code description} passed without change. */
    public static Batch empty(Description description) {
        return new Batch(description, 0, HeapSize.NO_BYTES, null, 0, null, 0, 0, HeapSize.NO_BYTES, null, 0, null, 0,
                0, null, 0, null, 0, Long.MAX_VALUE, Long.MIN_VALUE);
    }

    /**
     * These updates under {@code newDescription}, sharing the arrays. The caller guarantees that
     * the updates satisfy the new description (it widens the interval over empty neighbours, or
     * raises a since that no time is below).
     */
    Batch withDescription(Description newDescription) {
        return new Batch(this, newDescription);
    }

    /** The interval and compaction frontier of these updates. */
    public Description description() {
        return description;
    }

    /** Number of updates {@code (key, val, time, diff)}. */
    public int records() {
        return records;
    }

    /** Number of distinct keys. */
    public int keyCount() {
        return keyCount;
    }

    /** Number of distinct {@code (key, val)} pairs. */
    public int valCount() {
        return valCount;
    }

    /** True if the batch holds no update. */
    public boolean isEmpty() {
        return records == 0;
    }

    /** Exact heap bytes of the arrays this batch holds. */
    public long sizeBytes() {
        return sizeBytes;
    }

    /** The least time of any update, or {@code Long.MAX_VALUE} if empty. */
    public long minTime() {
        return minTime;
    }

    /** The greatest time of any update, or {@code Long.MIN_VALUE} if empty. */
    public long maxTime() {
        return maxTime;
    }

    /** A new cursor at the first key. */
    public BatchCursor cursor() {
        return new BatchCursor(this);
    }

    // ------------------------------------------------------------------ column access

    byte[] keyBytes() {
        return keyBytes;
    }

    byte[] valBytes() {
        return valBytes;
    }

    int keyStart(int k) {
        return keyOffsets == null ? k * keyStride : keyOffsets[k];
    }

    int keyValStart(int k) {
        return keyVals == null ? k * keyValStride : keyVals[k];
    }

    int valStart(int v) {
        return valOffsets == null ? v * valStride : valOffsets[v];
    }

    int valUpdateStart(int v) {
        return valUpdates == null ? v * valUpdateStride : valUpdates[v];
    }

    long time(int r) {
        return times == null ? constTime : times[r];
    }

    long diff(int r) {
        return diffs == null ? constDiff : diffs[r];
    }

    /** The arrays {@link #sizeBytes()} counts, for tests that cross-check it with JOL. */
    List<Object> arrays() {
        List<Object> out = new ArrayList<>();
        for (Object a : new Object[] {keyBytes, keyOffsets, keyVals, valBytes, valOffsets, valUpdates, times, diffs}) {
            if (a != null && a != HeapSize.NO_BYTES) {
                out.add(a);
            }
        }
        return out;
    }

    /** Debug form: the description and the updates, one per line, for small batches. */
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("Batch ").append(description).append(", ").append(records).append(" records");
        if (records <= 32) {
            for (int k = 0; k < keyCount; k++) {
                Row key = Row.decode(keyBytes, keyStart(k), keyStart(k + 1) - keyStart(k));
                for (int v = keyValStart(k); v < keyValStart(k + 1); v++) {
                    Row val = Row.decode(valBytes, valStart(v), valStart(v + 1) - valStart(v));
                    for (int r = valUpdateStart(v); r < valUpdateStart(v + 1); r++) {
                        sb.append("\n  ").append(key).append(' ').append(val).append(" @").append(time(r))
                                .append(' ').append(diff(r) > 0 ? "+" : "").append(diff(r));
                    }
                }
            }
        }
        return sb.toString();
    }
}
