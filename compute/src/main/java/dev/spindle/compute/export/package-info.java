/**
 * Index exports and imports on one worker: the {@link dev.spindle.compute.export.TraceManager} of
 * {@link dev.spindle.compute.export.TraceBundle}s (an index's {@code oks} and {@code errs}
 * readers and, on a maintenance runtime, its publication token), each owned by the exporting
 * dataflow; {@link dev.spindle.compute.export.IndexImportSource}, which reads an exported index
 * into another dataflow of the same runtime; and
 * {@link dev.spindle.compute.export.PublishedIndexReader}, through which the interactive runtime's
 * transient dataflows import an index published in the sharing registry.
 *
 * <p>Uses arrangements only through {@code operator.arrange}'s ports and
 * {@code arrangement.trace}'s handles, plus {@code dataflow} and the sharing registry. Must not use
 * plans, expressions, the renderer, runtimes or workers, peeks, the controller or storage.
 */
package dev.spindle.compute.export;
