package dev.spindle.bench.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Writes a run's results: {@code results.md} (run information, the summary table with ratios
 * first and absolute figures beside, failures, one section per workload) and {@code latency.png}
 * (the percentile curves), both in the output folder.
 *
 * <p>Thread-safety: stateless.
 */
public final class Report {

    /** The Markdown file's name in the output folder. */
    public static final String MARKDOWN = "results.md";
    /** The chart's name in the output folder. */
    public static final String CHART = "latency.png";

    private Report() {
    }

    /** Writes both files into {@code folder}, creating it; returns the Markdown text. */
    public static String write(Path folder, RunInfo info, Results results) throws IOException {
        Files.createDirectories(folder);
        boolean chart = !results.panels().isEmpty();
        if (chart) {
            LatencyChart.write(results.panels(), folder.resolve(CHART));
        }
        String text = markdown(info, results, chart);
        Files.writeString(folder.resolve(MARKDOWN), text, StandardCharsets.UTF_8);
        return text;
    }

    static String markdown(RunInfo info, Results results, boolean chart) {
        List<String> md = new ArrayList<>();
        md.add("# Spindle vs H2, side by side through JDBC");
        md.add("");
        md.add("- run: " + info.startedUtc() + ", " + String.format(Locale.ROOT, "%.0f s", info.seconds())
                + "; arguments: `" + String.join(" ", info.arguments()) + "`");
        md.add("- load average (1/5/15 min) at the start: " + info.loadBefore() + "; at the end: "
                + info.loadAfter());
        md.add("- the machine's own stalls (an empty loop paced at 1000/s for 2 s in this JVM, no engine at "
                + "work; a latency tail of an engine below these is the machine's, not the engine's): "
                + info.idleStalls());
        md.add("- JVM: " + info.jvm());
        md.add("- flags: `" + String.join(" ", info.jvmFlags()) + "`"
                + (info.fixedFlags() ? " (the fixed flags)" : " (**not** the benchmark's fixed flags)"));
        md.add("- engines: " + String.join("; ", info.engines()));
        md.add("- every connection: auto-commit, serializable isolation; the same JDBC code and data "
                + "on both engines");
        md.add("");
        md.add("| # | workload | ratio | goal | met | Spindle | H2 |");
        md.add("|---|---|---|---|---|---|---|");
        for (SummaryLine l : results.lines()) {
            md.add("| " + String.join(" | ", l.id(), l.workload(), l.ratio(), l.goal(),
                    l.verdict().text(), l.spindle(), l.h2()) + " |");
        }
        md.add("");
        if (!results.failures().isEmpty()) {
            md.add("## Failed");
            md.add("");
            results.failures().forEach(f -> md.add("- " + f.replace('\n', ' ')));
            md.add("");
        }
        if (chart) {
            md.add("![latency percentiles](" + CHART + ")");
            md.add("");
        }
        for (Map.Entry<String, List<String>> section : results.details().entrySet()) {
            md.add("## " + section.getKey());
            md.add("");
            md.addAll(section.getValue());
            md.add("");
        }
        return String.join("\n", md);
    }
}
