/**
 * Read-isolation benchmarks of the interactive runtime (issue 4, "Speed"), compiled with the
 * tests and run only with {@code -Pbench}:
 * <ul>
 *   <li>{@link dev.spindle.compute.bench.ReadIsolationBenchmark}: fast-path point peeks on a small
 *       index while the maintenance side creates and drops an index over a 1M-row table in a
 *       loop, for {@code runtime=split} and {@code runtime=solo}, reading at an already sealed
 *       time or at the time of a fresh write;</li>
 *   <li>{@link dev.spindle.compute.bench.PeekBehindPeekBenchmark}: point peeks on a 1M-row index
 *       while other threads scan the whole index with peeks.</li>
 * </ul>
 * Each benchmark iteration is a paced client loop (one peek per interval) whose latencies go into
 * HdrHistograms ({@link dev.spindle.compute.bench.LatencyRecorder}); the load runs on its own
 * threads ({@link dev.spindle.compute.bench.HydrationLoad}, {@link dev.spindle.compute.bench.ScanLoad}),
 * bounded in time and stopped with the trial. The figures are the printed {@code RESULT} lines,
 * not JMH's single-shot score. See {@code compute/README.md}, "Read isolation".
 *
 * <p>Uses only the controller's public API and the values it takes (plans, expressions, peek
 * requests and responses, a {@code DataflowRenderer}), table logs and (for the engine-free
 * control) {@code Waker}. Must not import runtime, worker, operator, arrangement, export or sharing
 * classes.
 */
package dev.spindle.compute.bench;
