package dev.spindle.sqllogictest.report;

import dev.spindle.sqllogictest.run.FileResult;
import dev.spindle.sqllogictest.run.RunSummary;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * The Markdown table comparing engines on the same files ({@code --report-md}): a row per file
 * with its records and, per engine, the pass rate and the wall time; a totals row; and each
 * engine's total time relative to the first engine's. Thread-safe: static functions.
 */
public final class ComparisonReport {

    /**
     * One engine's run.
     *
     * @param engine  the engine's name, as the table heads its columns
     * @param summary its run over the files
     */
    public record EngineRun(String engine, RunSummary summary) {
        public EngineRun {
            Objects.requireNonNull(engine, "engine");
            Objects.requireNonNull(summary, "summary");
        }
    }

    private ComparisonReport() {
    }

    /** Writes the table for {@code runs} to {@code file}, replacing it. */
    public static void write(Path file, String command, List<EngineRun> runs) throws IOException {
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        Files.writeString(file, markdown(command, runs), StandardCharsets.UTF_8);
    }

    /**
     * The table. A file's records are the statement and query records counted on the engine that
     * got furthest in it (passed, failed, skipped, malformed and unsupported); the pass rate is
     * passed over passed and failed; a file an engine could not run shows {@code error}.
     *
     * @param command the command line that produced the runs, quoted above the table
     */
    public static String markdown(String command, List<EngineRun> runs) {
        StringBuilder md = new StringBuilder();
        md.append("Produced by `").append(command).append("`.\n\n");
        md.append("| file | records |");
        for (EngineRun run : runs) {
            md.append(' ').append(run.engine()).append(" pass rate | ").append(run.engine()).append(" time |");
        }
        md.append("\n|---|---:|");
        md.append("---:|---:|".repeat(runs.size()));
        md.append('\n');
        Map<String, List<FileResult>> byFile = byFile(runs);
        long totalRecords = 0;
        for (Map.Entry<String, List<FileResult>> file : byFile.entrySet()) {
            int records = 0;
            for (FileResult result : file.getValue()) {
                if (result != null) {
                    records = Math.max(records, records(result));
                }
            }
            totalRecords += records;
            md.append("| `").append(file.getKey()).append("` | ").append(records).append(" |");
            for (FileResult result : file.getValue()) {
                md.append(' ').append(rate(result)).append(" | ").append(time(result)).append(" |");
            }
            md.append('\n');
        }
        md.append("| **total** | **").append(totalRecords).append("** |");
        for (EngineRun run : runs) {
            RunSummary summary = run.summary();
            md.append(" **").append(percent(summary.passed(), summary.failed())).append("** (")
                    .append(summary.passed()).append(" of ").append(summary.passed() + summary.failed())
                    .append(") | **").append(seconds(summary.elapsed())).append("** |");
        }
        md.append("\n\n");
        if (runs.size() > 1) {
            double base = runs.get(0).summary().elapsed().toNanos();
            md.append("Total time relative to ").append(runs.get(0).engine()).append(':');
            for (EngineRun run : runs) {
                md.append(' ').append(run.engine()).append(' ')
                        .append(String.format(Locale.ROOT, "%.2fx", run.summary().elapsed().toNanos() / base))
                        .append(run == runs.get(runs.size() - 1) ? "" : ",");
            }
            md.append(".\n");
        }
        return md.toString();
    }

    /** File name → each engine's result for it (null where an engine did not get to it), in run order. */
    private static Map<String, List<FileResult>> byFile(List<EngineRun> runs) {
        Map<String, List<FileResult>> byFile = new LinkedHashMap<>();
        for (int e = 0; e < runs.size(); e++) {
            for (FileResult result : runs.get(e).summary().results()) {
                List<FileResult> row = byFile.computeIfAbsent(result.file(), f -> new ArrayList<>());
                while (row.size() < e) {
                    row.add(null);
                }
                row.add(result);
            }
        }
        for (List<FileResult> row : byFile.values()) {
            while (row.size() < runs.size()) {
                row.add(null);
            }
        }
        return byFile;
    }

    private static int records(FileResult result) {
        return result.passed() + result.failed() + result.skipped() + result.malformed().size()
                + result.unsupported().size();
    }

    private static String rate(FileResult result) {
        if (result == null) {
            return "not run";
        }
        if (result.status() == FileResult.Status.ERROR) {
            return "error";
        }
        return percent(result.passed(), result.failed());
    }

    private static String time(FileResult result) {
        return result == null ? "" : seconds(result.elapsed());
    }

    private static String percent(int passed, int failed) {
        int ran = passed + failed;
        return ran == 0 ? "–" : String.format(Locale.ROOT, "%.2f %%", 100.0 * passed / ran);
    }

    private static String seconds(Duration duration) {
        return String.format(Locale.ROOT, "%.2f s", duration.toNanos() / 1e9);
    }
}
