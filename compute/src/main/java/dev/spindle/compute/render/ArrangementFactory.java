package dev.spindle.compute.render;

import dev.spindle.compute.operator.arrange.ArrangementPort;

/**
 * Makes the arrangements a rendered dataflow maintains, one per arrange operator per worker.
 * Called on the worker thread during the build. Production uses the spine; tests may use a
 * naive arrangement.
 */
@FunctionalInterface
public interface ArrangementFactory {
    /**
     * A new, empty arrangement named {@code name}, readable from {@code since} on: a dataflow's
     * arrangements start at its as-of, since times before it were advanced to it and cannot be
     * told apart (a read before it is refused, not answered wrongly).
     */
    ArrangementPort create(String name, dev.spindle.common.time.Frontier since);

    /** The production factory: every arrangement is a spine. */
    ArrangementFactory SPINE = (name, since) -> new dev.spindle.compute.operator.arrange.SpineArrangement(since);
}
