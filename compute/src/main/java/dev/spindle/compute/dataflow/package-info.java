/**
 * The dataflow substrate every operator runs on: channels of FIFO lanes between workers
 * ({@link dev.spindle.compute.dataflow.Channel}), output and input ports that carry updates and
 * progress ({@link dev.spindle.compute.dataflow.OutputPort},
 * {@link dev.spindle.compute.dataflow.InputPort}), the operator contract
 * ({@link dev.spindle.compute.dataflow.Operator}), the per-worker builder that gives every worker
 * an identical graph, what builds a graph on it ({@link dev.spindle.compute.dataflow.DataflowRender}),
 * and the waker that lets idle workers park.
 *
 * <h2>Progress</h2>
 * Time is totally ordered, so progress is one frontier per (sender, receiver) lane, carried in
 * the lane after the data it covers; an input's frontier is the meet over its senders, and an
 * operator's output frontier is the meet of its inputs' frontiers less what it still holds back.
 * All workers live in one process, so this replaces timely's progress protocol with shared
 * memory, but each worker still builds and runs its own copy of every operator.
 *
 * <p>Depends on {@code common} only; must not use operators, arrangements, plans, expressions,
 * rendering, runtimes, storage or anything else of compute: those build on this package.
 */
package dev.spindle.compute.dataflow;
