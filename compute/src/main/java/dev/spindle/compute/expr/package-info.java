/**
 * Scalar expressions and the fused map/filter/project of a dataflow.
 *
 * <ul>
 *   <li>{@link dev.spindle.compute.expr.ScalarExpr}: an immutable, typed expression tree (a sealed
 *       interface of records with a {@link dev.spindle.compute.expr.ScalarExprVisitor}) and its
 *       interpreter, {@link dev.spindle.compute.expr.ScalarExpr#eval(Object[])}, with SQL
 *       semantics as PostgreSQL defines them. The planner lowers Calcite's {@code RexNode}s onto
 *       these nodes; the functions and casts live in {@link dev.spindle.compute.expr.func}.</li>
 *   <li>{@link dev.spindle.compute.expr.Mfp}: a map/filter/project as plain data, with fusion
 *       ({@link dev.spindle.compute.expr.Mfp#then}); {@link dev.spindle.compute.expr.MfpEvaluator}
 *       is its executor, one per thread.</li>
 * </ul>
 *
 * <p>Life-cycle: trees are built once (by the planner, or tests) and checked then: an ill-typed
 * tree is refused with {@link java.lang.IllegalArgumentException}. Evaluation never changes a
 * tree; a data-dependent failure (division by zero, overflow, bad cast) is a
 * {@link dev.spindle.common.error.SpindleException} carrying PostgreSQL's SQLSTATE, which the
 * dataflow operator routes to its {@code errs} collection. Nothing else is thrown for data.
 *
 * <p>Threads: trees and {@code Mfp}s are immutable and may be shared by every worker; an
 * {@code MfpEvaluator} holds scratch buffers and belongs to one thread.
 *
 * <p>Depends on nothing but {@link dev.spindle.compute.expr.func}, {@code dev.spindle.common} and
 * the JDK; must not use dataflows, operators, arrangements, plans, runtimes, storage, Calcite or
 * the planner.
 */
package dev.spindle.compute.expr;
