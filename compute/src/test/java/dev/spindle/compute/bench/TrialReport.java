package dev.spindle.compute.bench;

import java.util.function.Supplier;

/**
 * Per-iteration and per-trial reporting shared by the benchmarks: each iteration prints its
 * latencies, GC pauses, the load's progress and the load average; the trial prints one
 * {@code RESULT} line over its measurement iterations (warm-up excluded), the figure the README
 * quotes.
 *
 * <p>Thread-safety: used by the JMH benchmark thread only.
 */
final class TrialReport {
    private final String label;
    private final Supplier<String> loadSummary;
    final LatencyRecorder iteration = new LatencyRecorder();
    private final LatencyRecorder measured = new LatencyRecorder();
    private Machine.GcMark gcMark;
    private Machine.GcStats gcMeasured = new Machine.GcStats(0, 0, 0);
    private String loadAverages = "";
    private int measuredIterations;

    TrialReport(String label, Supplier<String> loadSummary) {
        this.label = label;
        this.loadSummary = loadSummary;
        Machine.watchGc();
    }

    void startIteration() {
        iteration.reset();
        gcMark = Machine.gcMark();
    }

    void endIteration(boolean measurement) {
        Machine.GcStats gc = Machine.gcSince(gcMark);
        String la = Machine.loadAverage();
        System.out.println();
        System.out.println((measurement ? "[measure] " : "[warm-up] ") + label + " " + iteration.summary() + " | " + gc
                + " | " + loadSummary.get() + " | loadavg " + la);
        if (measurement) {
            measured.add(iteration);
            gcMeasured = gcMeasured.plus(gc);
            loadAverages += (measuredIterations++ == 0 ? "" : ", ") + la.split(" ")[0];
        }
    }

    void endTrial() {
        System.out.println();
        System.out.println("RESULT " + label + " " + measured.summary() + " | " + gcMeasured + " | "
                + loadSummary.get() + " | loadavg(1m) per iteration " + loadAverages);
    }
}
