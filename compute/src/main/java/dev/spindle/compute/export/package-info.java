/**
 * Index exports and imports: a worker's {@link dev.spindle.compute.export.TraceManager} of
 * {@link dev.spindle.compute.export.TraceBundle}s ({@code oks} and {@code errs} arrangements, and
 * their publication on a maintenance runtime), owned by the exporting dataflow; and
 * {@link dev.spindle.compute.export.IndexImportSource}, which reads an index into another
 * dataflow. SOLO peeks read indexes through here; the interactive runtime reads the published
 * points instead.
 */
package dev.spindle.compute.export;
