/**
 * The arrange operator and the port through which operators use an arrangement:
 * {@link dev.spindle.compute.operator.arrange.Arrange} writes into an
 * {@link dev.spindle.compute.operator.arrange.ArrangementPort}
 * ({@link dev.spindle.compute.operator.arrange.SpineArrangement} in production), and readers
 * (join, reduce, index exports, peeks) read it with their own compaction holds
 * ({@link dev.spindle.compute.operator.arrange.TraceHandleReader}), one key at a time through a
 * {@link dev.spindle.compute.operator.arrange.KeyedReader}; keys come from a
 * {@link dev.spindle.compute.operator.arrange.KeyFunction}. The arrangement itself (batches,
 * spine, trace handles) lives in {@code dev.spindle.compute.arrangement}.
 *
 * <p>Depends on {@code common}, {@code dataflow}, {@code arrangement.*} and {@code operator}
 * ({@code EvalErrors}). Must not use {@code operator.join} or {@code operator.reduce} (they build
 * on it), plans, expressions, render, runtime, export, peek, sharing, the controller or storage.
 */
package dev.spindle.compute.operator.arrange;
