package dev.spindle.compute.arrangement.batch;

import dev.spindle.common.time.Frontier;
import java.util.Objects;

/**
 * Which updates a batch holds, and how faithfully.
 *
 * <h2>Contract</h2>
 * A batch with description {@code (lower, upper, since)} holds exactly the updates of its
 * collection whose times {@code t} satisfy {@code lower <= t < upper}, except that times before
 * {@code since} may have been advanced to {@code since} (logical compaction) and then
 * consolidated. So, for every time {@code t} with {@code since <= t}, the batch's diffs at times
 * {@code <= t} sum, per {@code (key, val)}, to the collection's diffs in {@code [lower, upper)} at
 * times {@code <= t}; for {@code t < since} the batch promises nothing. When {@code since <= lower}
 * the batch is the exact slice of the collection. {@code since} may be beyond {@code upper}: the
 * batch then holds times at or after {@code since}, outside {@code [lower, upper)}.
 *
 * <p>Consecutive batches of one trace are contiguous: each one's {@code upper} is the next one's
 * {@code lower}. An interval with {@code lower == upper} is empty.
 *
 * @param lower first time the batch covers
 * @param upper first time after the batch; the batch's times are sealed below it
 * @param since times before it may have been advanced to it
 */
public record Description(Frontier lower, Frontier upper, Frontier since) {

    public Description {
        Objects.requireNonNull(lower, "lower");
        Objects.requireNonNull(upper, "upper");
        Objects.requireNonNull(since, "since");
        if (!lower.lessEqual(upper)) {
            throw new IllegalArgumentException("lower " + lower + " is after upper " + upper);
        }
    }

    /** {@code [lower, upper)} with nothing compacted ({@code since = MIN}). */
    public static Description of(Frontier lower, Frontier upper) {
        return new Description(lower, upper, Frontier.MIN);
    }

    /** True if {@code t} lies in {@code [lower, upper)}. */
    public boolean contains(long t) {
        return lower.lessEqual(t) && upper.isSealed(t);
    }

    /**
     * True if the batch answers reads at every {@code t >= readSince}: its {@code since} is at or
     * before {@code readSince}, or at or before its {@code lower} (then nothing was advanced).
     */
    public boolean faithfulFrom(Frontier readSince) {
        return since.lessEqual(readSince) || since.lessEqual(lower);
    }

    @Override
    public String toString() {
        return "[" + lower + ", " + upper + ") since " + since;
    }
}
