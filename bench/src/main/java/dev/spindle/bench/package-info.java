/**
 * The side-by-side benchmark: Spindle and H2 (in-memory, PostgreSQL mode) measured in one run,
 * through the same JDBC code on the same data, so every figure is a ratio taken on the same
 * machine at the same moment (issue 13, DESIGN §3).
 *
 * <p>{@link dev.spindle.bench.Main} starts a measuring JVM with the fixed flags of
 * {@link dev.spindle.bench.BenchJvm}; {@link dev.spindle.bench.Driver} runs the selected workloads
 * of {@code dev.spindle.bench.workload} and writes the Markdown table and the latency chart
 * ({@code dev.spindle.bench.report}). Engines are reached only through {@code java.sql}: nothing
 * here imports Spindle's engine modules, so the benchmark measures what a user's program would.
 */
package dev.spindle.bench;
