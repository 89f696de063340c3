package dev.spindle.compute.arrangement.batch;

import dev.spindle.common.row.Row;
import java.util.Arrays;

/**
 * Appends already sorted, already consolidated updates into a {@link Batch}'s columns; shared by
 * {@link BatchBuilder} (after its sort) and {@link BatchMerger}.
 *
 * <p>Keys and values are announced tentatively ({@link #startKey}, {@link #startVal}) and copied
 * only when their first update arrives ({@link #update}), so a key or value whose updates all
 * consolidated away leaves no trace. The announced ranges must stay unchanged until the next
 * announcement. Callers must announce keys in strictly increasing order, values strictly
 * increasing within a key, and times strictly increasing within a value, with non-zero diffs
 * (checked by assertions). Writer-confined; one use.
 */
final class BatchWriter {
    private byte[] keyBytes;
    private int keyLen;
    private byte[] valBytes;
    private int valLen;
    private final OffsetsBuilder keyEnds;
    private final OffsetsBuilder keyValEnds;
    private final OffsetsBuilder valEnds;
    private final OffsetsBuilder valUpdateEnds;
    private final LongsBuilder times;
    private final LongsBuilder diffs;
    private int keys;
    private int vals;
    private int records;
    private long minTime = Long.MAX_VALUE;
    private long maxTime = Long.MIN_VALUE;

    private byte[] nextKey;
    private int nextKeyFrom;
    private int nextKeyTo;
    private boolean keyCommitted;
    private byte[] nextVal;
    private int nextValFrom;
    private int nextValTo;
    private boolean valCommitted;
    private long lastTime;
    private int lastKeyFrom;      // for the ordering assertions: the last committed key
    private int lastValFrom = -1; // and value of the current key (-1: none yet)

    /** A writer whose arrays start at the given capacities (upper bounds avoid regrowth). */
    BatchWriter(int keyCap, int valCap, int recordCap, int keyByteCap, int valByteCap) {
        keyBytes = keyByteCap == 0 ? HeapSize.NO_BYTES : new byte[keyByteCap];
        valBytes = valByteCap == 0 ? HeapSize.NO_BYTES : new byte[valByteCap];
        keyEnds = new OffsetsBuilder(keyCap);
        keyValEnds = new OffsetsBuilder(keyCap);
        valEnds = new OffsetsBuilder(valCap);
        valUpdateEnds = new OffsetsBuilder(valCap);
        times = new LongsBuilder(recordCap);
        diffs = new LongsBuilder(recordCap);
    }

    /** Announces the next key, {@code slab[from, to)}; ends the previous key. */
    void startKey(byte[] slab, int from, int to) {
        closeVal();
        closeKey();
        nextKey = slab;
        nextKeyFrom = from;
        nextKeyTo = to;
        nextVal = null;
    }

    /** Announces the next value of the current key, {@code slab[from, to)}. */
    void startVal(byte[] slab, int from, int to) {
        assert nextKey != null : "value before key";
        closeVal();
        nextVal = slab;
        nextValFrom = from;
        nextValTo = to;
    }

    /** Appends an update of the current {@code (key, val)}. */
    void update(long time, long diff) {
        assert nextVal != null : "update before value";
        assert diff != 0 : "zero diff";
        if (!keyCommitted) {
            commitKey();
        }
        if (!valCommitted) {
            commitVal();
        } else {
            assert time > lastTime : "times out of order";
        }
        lastTime = time;
        times.add(time);
        diffs.add(diff);
        records++;
        if (time < minTime) {
            minTime = time;
        }
        if (time > maxTime) {
            maxTime = time;
        }
    }

    private void commitKey() {
        int len = nextKeyTo - nextKeyFrom;
        assert keys == 0 || Row.compareEncoded(keyBytes, lastKeyFrom, keyLen, nextKey, nextKeyFrom, nextKeyTo) < 0
                : "keys out of order";
        keyBytes = ensure(keyBytes, keyLen + len);
        System.arraycopy(nextKey, nextKeyFrom, keyBytes, keyLen, len);
        lastKeyFrom = keyLen;
        keyLen += len;
        keyEnds.add(keyLen);
        keys++;
        keyCommitted = true;
        lastValFrom = -1;
    }

    private void commitVal() {
        int len = nextValTo - nextValFrom;
        assert lastValFrom < 0 || Row.compareEncoded(valBytes, lastValFrom, valLen, nextVal, nextValFrom, nextValTo) < 0
                : "values out of order";
        valBytes = ensure(valBytes, valLen + len);
        System.arraycopy(nextVal, nextValFrom, valBytes, valLen, len);
        lastValFrom = valLen;
        valLen += len;
        valEnds.add(valLen);
        vals++;
        valCommitted = true;
    }

    private void closeVal() {
        if (valCommitted) {
            valUpdateEnds.add(records);
            valCommitted = false;
        }
    }

    private void closeKey() {
        if (keyCommitted) {
            keyValEnds.add(vals);
            keyCommitted = false;
        }
    }

    private static byte[] ensure(byte[] a, int needed) {
        if (needed <= a.length) {
            return a;
        }
        if (needed < 0) {
            throw new IllegalStateException("batch slab exceeds 2 GB");
        }
        return Arrays.copyOf(a, (int) Math.min(Integer.MAX_VALUE - 8, Math.max(needed, 2L * a.length + 16)));
    }

    /** Number of updates written so far. */
    int records() {
        return records;
    }

    /** Bytes of the arrays allocated so far (for memory accounting of merges in progress). */
    long allocatedBytes() {
        return HeapSize.of(keyBytes) + HeapSize.of(valBytes) + keyEnds.allocatedBytes() + keyValEnds.allocatedBytes()
                + valEnds.allocatedBytes() + valUpdateEnds.allocatedBytes() + times.allocatedBytes()
                + diffs.allocatedBytes();
    }

    /** Ends the last key and returns the batch; the writer must not be used afterwards. */
    Batch finish(Description description) {
        closeVal();
        closeKey();
        if (records == 0) {
            return Batch.empty(description);
        }
        byte[] kb = keyBytes.length == keyLen ? keyBytes : Arrays.copyOf(keyBytes, keyLen);
        byte[] vb = valLen == 0 ? HeapSize.NO_BYTES : valBytes.length == valLen ? valBytes : Arrays.copyOf(valBytes, valLen);
        return new Batch(description, keys, keyLen == 0 ? HeapSize.NO_BYTES : kb, keyEnds.finish(), keyEnds.stride(),
                keyValEnds.finish(), keyValEnds.stride(), vals, vb, valEnds.finish(), valEnds.stride(),
                valUpdateEnds.finish(), valUpdateEnds.stride(), records, times.finish(), times.constant(), diffs.finish(),
                diffs.constant(), minTime, maxTime);
    }
}
