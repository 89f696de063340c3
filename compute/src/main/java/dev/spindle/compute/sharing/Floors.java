package dev.spindle.compute.sharing;

import dev.spindle.common.time.Frontier;
import java.util.Objects;

/**
 * The two per-collection floors of an id ({@code writerLogical} and the standing hold), as carried
 * for an id that has no live point: announced before its point existed, or left behind by a
 * placeholder that retired. Frontiers only advance, so floors combine by {@link #join}.
 *
 * <p>Thread-safety: immutable.
 */
record Floors(Frontier writerLogical, Frontier standingHold) {
    /** No floor announced: both {@code {MIN}}, what a new point starts with. */
    static final Floors NONE = new Floors(Frontier.MIN, Frontier.MIN);

    Floors {
        Objects.requireNonNull(writerLogical, "writerLogical");
        Objects.requireNonNull(standingHold, "standingHold");
    }

    /** Each floor advanced to the later of the two. */
    Floors join(Floors other) {
        return new Floors(writerLogical.join(other.writerLogical), standingHold.join(other.standingHold));
    }

    /** True if neither floor was advanced. */
    boolean isNone() {
        return writerLogical.equals(Frontier.MIN) && standingHold.equals(Frontier.MIN);
    }
}
