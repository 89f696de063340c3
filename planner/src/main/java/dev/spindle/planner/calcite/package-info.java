/**
 * Calcite's half of planning: the catalog as a Calcite schema, Spindle's types in Calcite's type
 * system, and {@link dev.spindle.planner.calcite.SqlPlanner} (validation, conversion to relational
 * algebra, subquery removal, decorrelation, {@link dev.spindle.planner.calcite.Narrowing} of joins'
 * inputs, join ordering, Hep simplification), with {@link dev.spindle.planner.calcite.DirectConversion}
 * (and its {@code DirectExpressions}, {@code DirectAggregation}, {@code DirectCorrelation}) building the relational
 * expression of the simplest queries without the validator and converter. Must not use compute's runtimes,
 * the controller or storage; lowering to compute's plans lives in {@code lower}.
 */
package dev.spindle.planner.calcite;
