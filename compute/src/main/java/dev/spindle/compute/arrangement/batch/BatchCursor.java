package dev.spindle.compute.arrangement.batch;

import dev.spindle.common.row.Row;
import dev.spindle.compute.arrangement.cursor.Cursor;
import dev.spindle.compute.arrangement.cursor.TimeDiffConsumer;

/**
 * The {@link Cursor} over one {@link Batch}. Seeks gallop forward from the current position
 * (doubling steps, then binary search), so a seek to a nearby key costs {@code O(log distance)}
 * and a sequence of seeks in key order costs no more than one pass. The slab forms of the seeks
 * allocate nothing; the {@code Row} forms copy the target's encoding once. Times of a value are distinct
 * and ascending. Confined to one thread; the batch it reads is immutable.
 */
public final class BatchCursor implements Cursor {
    private final Batch batch;
    private final byte[] keys;
    private final byte[] vals;
    private int key;
    private int val;
    private int valEnd;

    BatchCursor(Batch batch) {
        this.batch = batch;
        this.keys = batch.keyBytes();
        this.vals = batch.valBytes();
        rewind();
    }

    /** The batch this cursor walks. */
    public Batch batch() {
        return batch;
    }

    private void enterKey() {
        if (key < batch.keyCount()) {
            val = batch.keyValStart(key);
            valEnd = batch.keyValStart(key + 1);
        } else {
            val = 0;
            valEnd = 0;
        }
    }

    private void requireKey() {
        if (key >= batch.keyCount()) {
            throw new IllegalStateException("no current key");
        }
    }

    private void requireVal() {
        if (val >= valEnd) {
            throw new IllegalStateException("no current value");
        }
    }

    @Override
    public boolean keyValid() {
        return key < batch.keyCount();
    }

    @Override
    public Row key() {
        requireKey();
        return Row.decode(keys, keyFrom(), keyTo() - keyFrom());
    }

    @Override
    public byte[] keySlab() {
        return keys;
    }

    @Override
    public int keyFrom() {
        return batch.keyStart(key);
    }

    @Override
    public int keyTo() {
        return batch.keyStart(key + 1);
    }

    private int compareKeyAt(int k, byte[] slab, int from, int to) {
        return Row.compareEncoded(keys, batch.keyStart(k), batch.keyStart(k + 1), slab, from, to);
    }

    private int compareKeyAt(int k, Row row) {
        return -Integer.signum(row.compareTo(keys, batch.keyStart(k), batch.keyStart(k + 1)));
    }

    @Override
    public int compareKey(Row row) {
        requireKey();
        return compareKeyAt(key, row);
    }

    @Override
    public int compareKey(byte[] slab, int from, int to) {
        requireKey();
        return Integer.signum(compareKeyAt(key, slab, from, to));
    }

    @Override
    public void stepKey() {
        if (key < batch.keyCount()) {
            key++;
            enterKey();
        }
    }

    @Override
    public void seekKey(Row row) {
        byte[] b = row.toBytes();
        seekKey(b, 0, b.length);
    }

    @Override
    public void seekKey(byte[] slab, int from, int to) {
        int n = batch.keyCount();
        if (key >= n || compareKeyAt(key, slab, from, to) >= 0) {
            return;
        }
        int lo = key;
        int hi;
        if (lo == 0) {
            hi = n; // a fresh cursor (a point lookup): plain binary search, log n probes, not 2 log n
        } else {
            // a cursor moving forward (a merge, a join): gallop, so a short hop costs little
            int step = 1;
            hi = lo + step;
            while (hi < n && compareKeyAt(hi, slab, from, to) < 0) {
                lo = hi;
                step <<= 1;
                hi = (int) Math.min(n, (long) lo + step);
            }
            hi = Math.min(hi, n);
        }
        while (hi - lo > 1) {
            int mid = (lo + hi) >>> 1;
            if (compareKeyAt(mid, slab, from, to) < 0) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        key = hi;
        enterKey();
    }

    @Override
    public boolean valValid() {
        return val < valEnd;
    }

    @Override
    public Row val() {
        requireVal();
        return Row.decode(vals, valFrom(), valTo() - valFrom());
    }

    @Override
    public byte[] valSlab() {
        return vals;
    }

    @Override
    public int valFrom() {
        return batch.valStart(val);
    }

    @Override
    public int valTo() {
        return batch.valStart(val + 1);
    }

    private int compareValAt(int v, byte[] slab, int from, int to) {
        return Row.compareEncoded(vals, batch.valStart(v), batch.valStart(v + 1), slab, from, to);
    }

    private int compareValAt(int v, Row row) {
        return -Integer.signum(row.compareTo(vals, batch.valStart(v), batch.valStart(v + 1)));
    }

    @Override
    public int compareVal(Row row) {
        requireVal();
        return compareValAt(val, row);
    }

    @Override
    public int compareVal(byte[] slab, int from, int to) {
        requireVal();
        return Integer.signum(compareValAt(val, slab, from, to));
    }

    @Override
    public void stepVal() {
        if (val < valEnd) {
            val++;
        }
    }

    @Override
    public void seekVal(Row row) {
        byte[] b = row.toBytes();
        seekVal(b, 0, b.length);
    }

    @Override
    public void seekVal(byte[] slab, int from, int to) {
        if (val >= valEnd || compareValAt(val, slab, from, to) >= 0) {
            return;
        }
        int lo = val;
        int step = 1;
        int hi = lo + step;
        while (hi < valEnd && compareValAt(hi, slab, from, to) < 0) {
            lo = hi;
            step <<= 1;
            hi = (int) Math.min(valEnd, (long) lo + step);
        }
        hi = Math.min(hi, valEnd);
        while (hi - lo > 1) {
            int mid = (lo + hi) >>> 1;
            if (compareValAt(mid, slab, from, to) < 0) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        val = hi;
    }

    @Override
    public void forEachTime(TimeDiffConsumer consumer) {
        requireVal();
        int end = batch.valUpdateStart(val + 1);
        for (int r = batch.valUpdateStart(val); r < end; r++) {
            consumer.accept(batch.time(r), batch.diff(r));
        }
    }

    @Override
    public long accumulate(long t) {
        requireVal();
        long sum = 0;
        int end = batch.valUpdateStart(val + 1);
        for (int r = batch.valUpdateStart(val); r < end; r++) {
            if (batch.time(r) > t) {
                break; // times are ascending within a value
            }
            sum = Math.addExact(sum, batch.diff(r));
        }
        return sum;
    }

    @Override
    public void rewind() {
        key = 0;
        enterKey();
    }
}
