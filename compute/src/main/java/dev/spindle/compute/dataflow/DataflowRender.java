package dev.spindle.compute.dataflow;

/**
 * Builds a dataflow's operators on one worker. Run once per worker, on that worker's thread, in
 * command order; it must build the same operators in the same order on every worker whatever
 * state the worker is in (DESIGN invariant 3). The plan renderer is one implementation; tests
 * write their own.
 */
@FunctionalInterface
public interface DataflowRender {
    /** Adds the dataflow's operators to {@code builder}. */
    void build(DataflowBuilder builder);
}
