/**
 * Dataflow operators: sources (tables, constants), per-row maps with error routing, union,
 * negate, and capture sinks; arrangement-based operators (arrange, join, reduce, threshold,
 * top-k) join them as the arrangement lands. Each operator is built per worker by the renderer
 * and runs cooperatively under the {@link dev.spindle.compute.dataflow.Operator} contract.
 *
 * <p>Evaluation errors are data here: they flow in an {@code errs} collection
 * ({@link dev.spindle.compute.operator.EvalErrors}), never out of a worker as exceptions.
 */
package dev.spindle.compute.operator;
