package dev.spindle.bench.report;

import dev.spindle.bench.measure.Curve;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the workloads of one run report: summary lines, detail sections (Markdown lines under a
 * heading), latency curves per chart panel, and the workloads that failed with their error.
 *
 * <p>Thread-safety: all methods are synchronized (the driver reports from one thread, but a
 * workload may report from its helpers); getters return copies.
 */
public final class Results {

    private final List<SummaryLine> lines = new ArrayList<>();
    private final Map<String, List<String>> details = new LinkedHashMap<>();
    private final Map<String, List<Curve>> panels = new LinkedHashMap<>();
    private final List<String> failures = new ArrayList<>();

    public synchronized void line(SummaryLine line) {
        lines.add(line);
    }

    /** Appends Markdown lines to the detail section {@code heading}. */
    public synchronized void detail(String heading, String... markdown) {
        details.computeIfAbsent(heading, h -> new ArrayList<>()).addAll(List.of(markdown));
    }

    /** Adds a curve to chart panel {@code panel} (its title). */
    public synchronized void curve(String panel, Curve curve) {
        panels.computeIfAbsent(panel, p -> new ArrayList<>()).add(curve);
    }

    public synchronized void failure(String workload, Throwable error) {
        failures.add(workload + ": " + error);
    }

    public synchronized List<SummaryLine> lines() {
        return List.copyOf(lines);
    }

    public synchronized Map<String, List<String>> details() {
        Map<String, List<String>> copy = new LinkedHashMap<>();
        details.forEach((k, v) -> copy.put(k, List.copyOf(v)));
        return copy;
    }

    public synchronized Map<String, List<Curve>> panels() {
        Map<String, List<Curve>> copy = new LinkedHashMap<>();
        panels.forEach((k, v) -> copy.put(k, List.copyOf(v)));
        return copy;
    }

    public synchronized List<String> failures() {
        return List.copyOf(failures);
    }
}
