/**
 * Index exports: a worker's {@link dev.spindle.compute.export.TraceManager} of
 * {@link dev.spindle.compute.export.TraceBundle}s ({@code oks} and {@code errs} arrangements),
 * installed and removed by the exporting dataflow's
 * {@link dev.spindle.compute.export.IndexExport}. Peeks and, later, the sharing registry read
 * indexes through here.
 */
package dev.spindle.compute.export;
