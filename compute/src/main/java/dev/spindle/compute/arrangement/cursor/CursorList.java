package dev.spindle.compute.arrangement.cursor;

import dev.spindle.common.row.Row;
import java.util.List;

/**
 * Several cursors presented as one: the merged key order of all of them, and within a key the
 * merged value order; {@link #forEachTime} reports the updates of every underlying cursor that
 * stands on the current {@code (key, val)}, one cursor after another (times are not merged, so
 * they may repeat and are not sorted). This is how a trace's batches are read without merging
 * them.
 *
 * <p>Each step costs {@code O(k)} comparisons for {@code k} cursors, which suits a spine's
 * {@code O(log n)} batches. Confined to one thread, like every {@link Cursor}.
 */
public final class CursorList implements Cursor {
    private final Cursor[] cursors;
    /** Indices of the cursors standing on the least current key. */
    private final int[] atKey;
    private int atKeyCount;
    /** Indices (a subset of {@link #atKey}) of the cursors standing on the least current value. */
    private final int[] atVal;
    private int atValCount;

    /** A merged view of {@code cursors}, which must be at their start or rewound. */
    public CursorList(List<? extends Cursor> cursors) {
        this.cursors = cursors.toArray(new Cursor[0]);
        this.atKey = new int[this.cursors.length];
        this.atVal = new int[this.cursors.length];
        findLeastKey();
    }

    private static int compareKeys(Cursor a, Cursor b) {
        return Row.compareEncoded(a.keySlab(), a.keyFrom(), a.keyTo(), b.keySlab(), b.keyFrom(), b.keyTo());
    }

    private static int compareVals(Cursor a, Cursor b) {
        return Row.compareEncoded(a.valSlab(), a.valFrom(), a.valTo(), b.valSlab(), b.valFrom(), b.valTo());
    }

    private void findLeastKey() {
        atKeyCount = 0;
        for (int i = 0; i < cursors.length; i++) {
            Cursor c = cursors[i];
            if (!c.keyValid()) {
                continue;
            }
            int cmp = atKeyCount == 0 ? -1 : compareKeys(c, cursors[atKey[0]]);
            if (cmp < 0) {
                atKeyCount = 0;
            }
            if (cmp <= 0) {
                atKey[atKeyCount++] = i;
            }
        }
        findLeastVal();
    }

    private void findLeastVal() {
        atValCount = 0;
        for (int k = 0; k < atKeyCount; k++) {
            int i = atKey[k];
            Cursor c = cursors[i];
            if (!c.valValid()) {
                continue;
            }
            int cmp = atValCount == 0 ? -1 : compareVals(c, cursors[atVal[0]]);
            if (cmp < 0) {
                atValCount = 0;
            }
            if (cmp <= 0) {
                atVal[atValCount++] = i;
            }
        }
    }

    private Cursor keyCursor() {
        if (atKeyCount == 0) {
            throw new IllegalStateException("no current key");
        }
        return cursors[atKey[0]];
    }

    private Cursor valCursor() {
        if (atValCount == 0) {
            throw new IllegalStateException("no current value");
        }
        return cursors[atVal[0]];
    }

    @Override
    public boolean keyValid() {
        return atKeyCount > 0;
    }

    @Override
    public Row key() {
        return keyCursor().key();
    }

    @Override
    public byte[] keySlab() {
        return keyCursor().keySlab();
    }

    @Override
    public int keyFrom() {
        return keyCursor().keyFrom();
    }

    @Override
    public int keyTo() {
        return keyCursor().keyTo();
    }

    @Override
    public int compareKey(Row key) {
        return keyCursor().compareKey(key);
    }

    @Override
    public int compareKey(byte[] slab, int from, int to) {
        return keyCursor().compareKey(slab, from, to);
    }

    @Override
    public void stepKey() {
        for (int k = 0; k < atKeyCount; k++) {
            cursors[atKey[k]].stepKey();
        }
        findLeastKey();
    }

    @Override
    public void seekKey(Row key) {
        byte[] b = key.toBytes();
        seekKey(b, 0, b.length);
    }

    @Override
    public void seekKey(byte[] slab, int from, int to) {
        for (Cursor c : cursors) {
            if (c.keyValid()) {
                c.seekKey(slab, from, to);
            }
        }
        findLeastKey();
    }

    @Override
    public boolean valValid() {
        return atValCount > 0;
    }

    @Override
    public Row val() {
        return valCursor().val();
    }

    @Override
    public byte[] valSlab() {
        return valCursor().valSlab();
    }

    @Override
    public int valFrom() {
        return valCursor().valFrom();
    }

    @Override
    public int valTo() {
        return valCursor().valTo();
    }

    @Override
    public int compareVal(Row val) {
        return valCursor().compareVal(val);
    }

    @Override
    public int compareVal(byte[] slab, int from, int to) {
        return valCursor().compareVal(slab, from, to);
    }

    @Override
    public void stepVal() {
        for (int k = 0; k < atValCount; k++) {
            cursors[atVal[k]].stepVal();
        }
        findLeastVal();
    }

    @Override
    public void seekVal(Row val) {
        byte[] b = val.toBytes();
        seekVal(b, 0, b.length);
    }

    @Override
    public void seekVal(byte[] slab, int from, int to) {
        for (int k = 0; k < atKeyCount; k++) {
            Cursor c = cursors[atKey[k]];
            if (c.valValid()) {
                c.seekVal(slab, from, to);
            }
        }
        findLeastVal();
    }

    @Override
    public void forEachTime(TimeDiffConsumer consumer) {
        valCursor();
        for (int k = 0; k < atValCount; k++) {
            cursors[atVal[k]].forEachTime(consumer);
        }
    }

    @Override
    public long accumulate(long t) {
        valCursor();
        long sum = 0;
        for (int k = 0; k < atValCount; k++) {
            sum = Math.addExact(sum, cursors[atVal[k]].accumulate(t));
        }
        return sum;
    }

    @Override
    public void rewind() {
        for (Cursor c : cursors) {
            c.rewind();
        }
        findLeastKey();
    }
}
