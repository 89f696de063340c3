package dev.spindle.bench.report;

/**
 * One row of the summary table.
 *
 * <p>Thread-safety: an immutable value.
 *
 * @param id       workload id, e.g. {@code P1}
 * @param workload what was measured
 * @param ratio    the ratio the goal is about, e.g. {@code 1.12x}
 * @param goal     the goal, e.g. {@code ≤ 1.0x}
 * @param verdict  whether the ratio meets the goal
 * @param spindle  Spindle's absolute figures
 * @param h2       H2's absolute figures
 */
public record SummaryLine(String id, String workload, String ratio, String goal, Verdict verdict,
                          String spindle, String h2) {
}
