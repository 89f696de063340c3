/**
 * What a run hands back: {@link dev.spindle.bench.report.Results} collects each workload's summary
 * line (ratio first, absolute figures beside), its detail section and its latency curves;
 * {@link dev.spindle.bench.report.Report} writes them as Markdown with the machine, the JVM flags
 * and the load average, and {@link dev.spindle.bench.report.LatencyChart} draws the P1, P4 and P8
 * percentile curves (XChart, PNG).
 */
package dev.spindle.bench.report;
