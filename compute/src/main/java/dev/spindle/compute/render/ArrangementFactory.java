package dev.spindle.compute.render;

import dev.spindle.compute.operator.arrange.ArrangementPort;

/**
 * Makes the arrangements a rendered dataflow maintains, one per arrange operator per worker.
 * Called on the worker thread during the build. Production uses the spine; tests may use a
 * naive arrangement.
 */
@FunctionalInterface
public interface ArrangementFactory {
    /** A new, empty arrangement named {@code name}. */
    ArrangementPort create(String name);

    /** The production factory: every arrangement is a spine. */
    ArrangementFactory SPINE = name -> new dev.spindle.compute.operator.arrange.SpineArrangement();
}
