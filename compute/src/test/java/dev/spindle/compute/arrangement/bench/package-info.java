/**
 * JMH benchmarks of arrangements (compiled with the tests, never run by {@code verify}):
 * {@link dev.spindle.compute.arrangement.bench.ArrangeBenchmark} (arranging 1M rows: time and bytes
 * per record) and {@link dev.spindle.compute.arrangement.bench.UpdateBenchmark} (single-row
 * maintenance cost at 100k, 1M and 4M records). Run them with
 * {@code ./mvnw -B -q -pl compute test-compile exec:exec -Pbench -Djmh.args="..."}; see
 * {@code compute/README.md}.
 *
 * <p>Benchmarks the arrangement packages alone ({@code batch}, {@code spine}, {@code trace} and
 * {@code common}); must not use operators, dataflows, runtimes or anything above them.
 */
package dev.spindle.compute.arrangement.bench;
