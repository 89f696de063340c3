/**
 * Reductions (GROUP BY aggregates, DISTINCT, threshold, top-k):
 * {@link dev.spindle.compute.operator.reduce.GroupRecompute}, the operator that recomputes every
 * group whose arranged input changed at a time and emits the difference, and the per-group
 * logic it runs: pure {@link dev.spindle.compute.operator.reduce.GroupFunction}s
 * ({@link dev.spindle.compute.operator.reduce.GroupFunctions},
 * {@link dev.spindle.compute.operator.reduce.Aggregation}).
 *
 * <p>Depends on {@code common}, {@code dataflow}, {@code operator} ({@code EvalErrors}),
 * {@code operator.arrange} and the value types of {@code plan} (aggregates, orders, finishings).
 * Must not use {@code arrangement.*} directly, {@code operator.join}, expressions, render,
 * runtime, export, peek, sharing, the controller or storage.
 */
package dev.spindle.compute.operator.reduce;
