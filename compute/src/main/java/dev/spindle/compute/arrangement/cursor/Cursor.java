package dev.spindle.compute.arrangement.cursor;

import dev.spindle.common.row.Row;

/**
 * A forward walk over updates {@code (key, val, time, diff)} sorted by key, then value: the
 * cursor stands on one key and, within it, on one value; {@link #forEachTime} reports that
 * {@code (key, val)}'s updates.
 *
 * <h2>Order and positions</h2>
 * Keys and values are {@link Row} encodings and compare as unsigned byte strings ({@link
 * Row#compareEncoded}), which is row order. A cursor starts on its first key and that key's first
 * value. {@link #stepKey} and {@link #seekKey} move to a later key and onto its first value;
 * {@link #stepVal} and {@link #seekVal} move within the current key. Seeks never move backwards:
 * seeking a key at or before the current one changes nothing. {@link #rewind} returns to the
 * start. {@code valValid()} is false once the current key's values are exhausted, and whenever
 * {@code keyValid()} is false.
 *
 * <h2>Accessors</h2>
 * {@link #key()} and {@link #val()} allocate a {@code Row}. Hot paths use the zero-allocation
 * forms instead: the compare helpers, or the slab views {@link #keySlab()}/{@link #keyFrom()}/
 * {@link #keyTo()} (and the same for values), which expose the cursor's backing array. A slab view
 * is valid until the cursor moves, and its array <b>must not be modified</b>.
 *
 * <h2>Times</h2>
 * For one batch, the times of a {@code (key, val)} are distinct and ascending and no diff is zero.
 * A cursor over several batches ({@link CursorList}) reports each batch's updates in turn, so times
 * may repeat and are not sorted. A reader computes the collection at {@code t} by summing, per
 * {@code (key, val)}, the diffs at times {@code <= t} ({@link #accumulate}); that is valid for any
 * {@code t} at or after the since of every batch read.
 *
 * <p>Thread-safety: a cursor is confined to one thread. It reads immutable batches, so any number
 * of cursors over the same batches may run concurrently.
 */
public interface Cursor {

    /** True while the cursor stands on a key. */
    boolean keyValid();

    /** The current key, copied into a new row. Requires {@link #keyValid()}. */
    Row key();

    /** The array holding the current key's encoding at {@code [keyFrom(), keyTo())}; read only. */
    byte[] keySlab();

    /** Start of the current key in {@link #keySlab()}. */
    int keyFrom();

    /** End (exclusive) of the current key in {@link #keySlab()}. */
    int keyTo();

    /** The sign of (current key - {@code key}) in row order. Requires {@link #keyValid()}. */
    int compareKey(Row key);

    /** The sign of (current key - the encoding {@code slab[from, to)}). */
    int compareKey(byte[] slab, int from, int to);

    /** Moves to the next key and its first value. */
    void stepKey();

    /** Moves forward to the first key {@code >= key}, if the current key is before it. */
    void seekKey(Row key);

    /** {@link #seekKey(Row)} for an encoding held in a slab. */
    void seekKey(byte[] slab, int from, int to);

    /** True while the cursor stands on a value of the current key. */
    boolean valValid();

    /** The current value, copied into a new row. Requires {@link #valValid()}. */
    Row val();

    /** The array holding the current value's encoding at {@code [valFrom(), valTo())}; read only. */
    byte[] valSlab();

    /** Start of the current value in {@link #valSlab()}. */
    int valFrom();

    /** End (exclusive) of the current value in {@link #valSlab()}. */
    int valTo();

    /** The sign of (current value - {@code val}) in row order. Requires {@link #valValid()}. */
    int compareVal(Row val);

    /** The sign of (current value - the encoding {@code slab[from, to)}). */
    int compareVal(byte[] slab, int from, int to);

    /** Moves to the next value of the current key. */
    void stepVal();

    /** Moves forward, within the current key, to the first value {@code >= val}. */
    void seekVal(Row val);

    /** {@link #seekVal(Row)} for an encoding held in a slab. */
    void seekVal(byte[] slab, int from, int to);

    /** Reports every {@code (time, diff)} of the current {@code (key, val)}. Requires {@link #valValid()}. */
    void forEachTime(TimeDiffConsumer consumer);

    /**
     * The sum of the diffs of the current {@code (key, val)} at times {@code <= t}: its
     * multiplicity at {@code t}. Does not allocate.
     *
     * @throws ArithmeticException if the sum overflows a {@code long}
     */
    long accumulate(long t);

    /** Returns to the first key and its first value. */
    void rewind();
}
