/**
 * Choosing how a query is read: {@link dev.spindle.planner.peek.PeekPlan} (fast path from an
 * index, point lookup or scan; or slow path through a transient dataflow) and
 * {@link dev.spindle.planner.peek.PeekPlanner}, which picks the index and builds the transient
 * dataflow's description from a lowered query; {@link dev.spindle.planner.peek.PreparedLookup}, a
 * prepared query's point lookup with its parameters symbolic, bound per execution. Uses the
 * catalog and compute's plan types; must not use Calcite, runtimes or the controller.
 */
package dev.spindle.planner.peek;
