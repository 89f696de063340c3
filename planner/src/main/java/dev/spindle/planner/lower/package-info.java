/**
 * Lowering: Calcite's relational expressions and row expressions to compute's
 * {@link dev.spindle.compute.plan.Plan}s and {@link dev.spindle.compute.expr.ScalarExpr}s, with
 * PostgreSQL's coercions and clear refusals (SQLSTATE 0A000) for what compute cannot compute; a
 * prepared query's parameters lowered to placeholders ({@link dev.spindle.planner.lower.ParameterSlots}).
 * Uses Calcite's rel/rex API, the catalog and compute's plan and expression types; must not use
 * runtimes, the controller or storage.
 */
package dev.spindle.planner.lower;
