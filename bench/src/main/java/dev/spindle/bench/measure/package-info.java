/**
 * How figures are taken: latencies into HdrHistograms (closed loops, and paced open loops whose
 * latency counts from the intended start, so a stall is charged to every request it delayed:
 * coordinated-omission corrected), percentile curves for the chart, and heap in use after forced
 * garbage collections (MemoryMXBean).
 */
package dev.spindle.bench.measure;
