package dev.spindle.common.time;

/**
 * A point in Spindle's time: a non-negative {@code long}, wall-clock milliseconds when it comes
 * from the timestamp oracle. Times are totally ordered.
 *
 * <p>The domain is {@code [MIN, MAX]} = {@code [0, Long.MAX_VALUE - 1]}: {@code Long.MAX_VALUE}
 * is kept for the {@link Frontier#EMPTY empty frontier}, so "the frontier just past {@code MAX}"
 * is the empty one. Hot paths (batches, cursors) carry times as bare {@code long}s and use the
 * static helpers here; APIs that name a single time may use the record.
 *
 * @param value the time
 */
public record Timestamp(long value) implements Comparable<Timestamp> {
    /** The least time. */
    public static final long MIN_VALUE = 0L;
    /** The greatest time. */
    public static final long MAX_VALUE = Long.MAX_VALUE - 1;
    /** {@link #MIN_VALUE} as a record. */
    public static final Timestamp MIN = new Timestamp(MIN_VALUE);
    /** {@link #MAX_VALUE} as a record. */
    public static final Timestamp MAX = new Timestamp(MAX_VALUE);

    public Timestamp {
        check(value);
    }

    /** Returns {@code t} if it is a valid time, else throws {@link IllegalArgumentException}. */
    public static long check(long t) {
        if (t < MIN_VALUE || t > MAX_VALUE) {
            throw new IllegalArgumentException("timestamp out of range [0, " + MAX_VALUE + "]: " + t);
        }
        return t;
    }

    /** The record for time {@code t}. */
    public static Timestamp of(long t) {
        return new Timestamp(t);
    }

    /** True if this time is at or before {@code other}. */
    public boolean lessEqual(Timestamp other) {
        return value <= other.value;
    }

    /** The earlier of the two (the greatest lower bound). */
    public Timestamp meet(Timestamp other) {
        return value <= other.value ? this : other;
    }

    /** The later of the two (the least upper bound). */
    public Timestamp join(Timestamp other) {
        return value >= other.value ? this : other;
    }

    /** {@code a <= b}. */
    public static boolean lessEqual(long a, long b) {
        return a <= b;
    }

    /** The greatest lower bound of two times. */
    public static long meet(long a, long b) {
        return Math.min(a, b);
    }

    /** The least upper bound of two times. */
    public static long join(long a, long b) {
        return Math.max(a, b);
    }

    /** {@code t} advanced to {@code since}: {@code max(t, since)} (logical compaction). */
    public static long advanceBy(long t, Frontier since) {
        return since.isEmpty() ? t : Math.max(t, since.bound());
    }

    @Override
    public int compareTo(Timestamp o) {
        return Long.compare(value, o.value);
    }

    @Override
    public String toString() {
        return Long.toString(value);
    }
}
