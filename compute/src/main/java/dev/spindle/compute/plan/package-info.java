/**
 * Dataflow plans as plain data: {@link dev.spindle.compute.plan.DataflowDescription} (what a
 * dataflow imports, the {@link dev.spindle.compute.plan.Plan} of each object it builds, the
 * indexes it exports, its {@code asOf}) and the values plans and peeks are made of: aggregates,
 * column orders, finishings ({@link dev.spindle.compute.plan.RowSetFinishing}, with the pure row
 * functions that apply one, and {@link dev.spindle.compute.plan.RowComparators}).
 *
 * <p>Values only: records, enums, the sealed {@code Plan} with its visitor, stateless helpers.
 * Depends on {@code common} and {@code expr} only; must not use dataflows, operators,
 * arrangements, the renderer, runtimes or workers, peeks, the controller or storage. Rendering
 * plans into operators lives in {@code render}.
 */
package dev.spindle.compute.plan;
