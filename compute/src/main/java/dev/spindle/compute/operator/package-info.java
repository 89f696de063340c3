/**
 * Dataflow operators that keep no arrangement: sources (tables through
 * {@link dev.spindle.compute.operator.TableSource}, constants), per-row maps with error routing
 * ({@link dev.spindle.compute.operator.FlatMap} over a
 * {@link dev.spindle.compute.operator.RowFunction}), union, negate, and capture sinks. The
 * arrangement-based operators live in the sub-packages {@code arrange}, {@code join} and
 * {@code reduce}. Each operator is built per worker by the renderer and runs cooperatively under
 * the {@link dev.spindle.compute.dataflow.Operator} contract.
 *
 * <p>Evaluation errors are data here: they flow in an {@code errs} collection
 * ({@link dev.spindle.compute.operator.EvalErrors}), never out of a worker as exceptions.
 *
 * <p>Depends on {@code common}, {@code dataflow} and {@code storage.table} only. Must not use its
 * sub-packages (they build on it), arrangements, plans, expressions (a map is a
 * {@code RowFunction}; the renderer makes one from an {@code Mfp}), render, runtime, export, peek,
 * sharing or the controller.
 */
package dev.spindle.compute.operator;
