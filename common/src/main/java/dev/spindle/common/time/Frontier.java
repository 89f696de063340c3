package dev.spindle.common.time;

/**
 * A lower bound on the times a collection may still contain: every future update has a time
 * {@code t} with {@code frontier.lessEqual(t)}. Times are totally ordered, so a frontier is one
 * time {@code {f}}, or {@link #EMPTY} when no time is possible any more (the collection is
 * closed).
 *
 * <p>Used as an <em>upper</em>, a frontier says which times are sealed ({@link #isSealed}:
 * {@code t < f}); used as a <em>since</em>, which times have been compacted together (reads must be
 * at {@code t >= f}).
 *
 * <p>Frontiers are partially ordered by {@link #lessEqual} ({@code {a} <= {b}} iff {@code a <= b};
 * {@link #EMPTY} is the top, {@link #MIN} the bottom); {@link #meet} and {@link #join} are the
 * greatest lower and least upper bounds. Immutable.
 */
public final class Frontier implements Comparable<Frontier>, java.io.Serializable {
    private static final long serialVersionUID = 1L;

    private static final long EMPTY_BOUND = Long.MAX_VALUE;

    /** The frontier that admits every time. */
    public static final Frontier MIN = new Frontier(Timestamp.MIN_VALUE);
    /** The frontier that admits no time: the collection is closed. */
    public static final Frontier EMPTY = new Frontier(EMPTY_BOUND);

    private final long bound;

    private Frontier(long bound) {
        this.bound = bound;
    }

    /** The frontier {@code {t}}. */
    public static Frontier at(long t) {
        Timestamp.check(t);
        return t == Timestamp.MIN_VALUE ? MIN : new Frontier(t);
    }

    /**
     * The frontier just past {@code t}: {@code {t + 1}}, or {@link #EMPTY} when {@code t} is
     * {@link Timestamp#MAX_VALUE}. Sealing {@code t} means advancing an upper to this.
     */
    public static Frontier after(long t) {
        Timestamp.check(t);
        return new Frontier(t + 1);
    }

    /** True for the frontier that admits no time. */
    public boolean isEmpty() {
        return bound == EMPTY_BOUND;
    }

    /**
     * The single time of a non-empty frontier.
     *
     * @throws IllegalStateException if the frontier is empty
     */
    public long time() {
        if (isEmpty()) {
            throw new IllegalStateException("the empty frontier has no time");
        }
        return bound;
    }

    /**
     * The frontier as a sortable bound: its time, or {@code Long.MAX_VALUE} (greater than every
     * time) when empty. For hot paths that compare against bare times.
     */
    public long bound() {
        return bound;
    }

    /** True if time {@code t} may still occur: {@code f <= t}. */
    public boolean lessEqual(long t) {
        return bound <= t;
    }

    /** True if {@code t} is before the frontier, i.e. sealed when this is an upper. */
    public boolean isSealed(long t) {
        return t < bound;
    }

    /** Partial order on frontiers: {@code this <= other}. */
    public boolean lessEqual(Frontier other) {
        return bound <= other.bound;
    }

    /** Strictly less: {@code this <= other} and not equal. */
    public boolean lessThan(Frontier other) {
        return bound < other.bound;
    }

    /** Greatest lower bound. */
    public Frontier meet(Frontier other) {
        return bound <= other.bound ? this : other;
    }

    /** Least upper bound. */
    public Frontier join(Frontier other) {
        return bound >= other.bound ? this : other;
    }

    @Override
    public int compareTo(Frontier o) {
        return Long.compare(bound, o.bound);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Frontier && ((Frontier) o).bound == bound;
    }

    @Override
    public int hashCode() {
        return Long.hashCode(bound);
    }

    /** {@code {t}} or {@code {}}. */
    @Override
    public String toString() {
        return isEmpty() ? "{}" : "{" + bound + "}";
    }
}
