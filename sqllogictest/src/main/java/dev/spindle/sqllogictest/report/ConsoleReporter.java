package dev.spindle.sqllogictest.report;

import dev.spindle.sqllogictest.run.Disagreement;
import dev.spindle.sqllogictest.run.Failure;
import dev.spindle.sqllogictest.run.FileResult;
import dev.spindle.sqllogictest.run.RunListener;
import dev.spindle.sqllogictest.run.RunSummary;
import dev.spindle.sqllogictest.run.Unsupported;

import java.io.PrintStream;
import java.time.Duration;
import java.util.HashSet;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * Prints a line per file and, last, {@code N passed, N failed, N skipped} (with the malformed and
 * unsupported records when there are any). Malformed records are always printed, before their
 * file's line; with {@code verbose}, so are the records skipped because they need an unsupported
 * feature, every failure, and every disagreement with the reference engine.
 *
 * <p>Not thread-safe: called by the thread that drives the run.
 */
public final class ConsoleReporter implements RunListener {

    private final PrintStream out;
    private final boolean verbose;

    public ConsoleReporter(PrintStream out, boolean verbose) {
        this.out = Objects.requireNonNull(out, "out");
        this.verbose = verbose;
    }

    @Override
    public void fileFinished(FileResult result) {
        for (Failure problem : result.malformed()) {
            out.println(problem.location() + ": " + problem.problem()); // shown always: the file is wrong
        }
        if (verbose) {
            for (Unsupported record : result.unsupported()) {
                out.println(record.location() + ": skipped: needs " + record.feature());
            }
            for (Failure failure : result.failures()) {
                out.print(FailureText.of(failure));
            }
            Set<Integer> failedLines = new HashSet<>();
            for (Failure failure : result.failures()) {
                failedLines.add(failure.line());
            }
            for (Disagreement disagreement : result.disagreements()) {
                if (!failedLines.contains(disagreement.line())) {
                    out.print(FailureText.of(disagreement)); // failures already show the reference's result
                }
            }
        }
        out.println(fileLine(result));
        out.flush();
    }

    @Override
    public void runFinished(RunSummary summary) {
        String files = summary.results().size() == 1 ? "1 file" : summary.results().size() + " files";
        String stopped = summary.stoppedEarly() ? " (stopped early: --fail-fast)" : "";
        out.println(files + " in " + seconds(summary.elapsed()) + stopped);
        String needs = neededFeatures(summary);
        if (!needs.isEmpty()) {
            out.println("skipped: needs " + needs);
        }
        out.println(summary.line());
        out.flush();
    }

    /** The line for one file: status, name, counts, time and, if any, a note. */
    public static String fileLine(FileResult result) {
        if (result.status() == FileResult.Status.ERROR) {
            return "ERROR " + result.file() + "  " + result.note();
        }
        String tag;
        if (result.failed() > 0 || !result.malformed().isEmpty()) {
            tag = "FAIL ";
        } else if (result.status() == FileResult.Status.SKIPPED) {
            tag = "SKIP ";
        } else {
            tag = "PASS ";
        }
        StringBuilder line = new StringBuilder(tag).append(result.file()).append("  ")
                .append(RunSummary.counts(result.passed(), result.failed(), result.skipped(),
                        result.malformed().size(), result.unsupported().size()))
                .append("  ").append(seconds(result.elapsed()));
        if (!result.note().isEmpty()) {
            line.append("  (").append(result.note()).append(')');
        }
        if (!result.disagreements().isEmpty() || result.failuresReferencePasses() > 0) {
            line.append("  [reference: ").append(result.disagreements().size()).append(" disagreements, ")
                    .append(result.failuresReferencePasses()).append(" failures it passes]");
        }
        return line.toString();
    }

    /**
     * What the unsupported records of a run need, most needed first:
     * {@code the simple query protocol (3), COPY FROM STDIN (1)}; empty if there are none.
     */
    static String neededFeatures(RunSummary summary) {
        Map<String, Integer> counts = new TreeMap<>();
        for (FileResult result : summary.results()) {
            for (Unsupported record : result.unsupported()) {
                counts.merge(record.feature(), 1, Integer::sum);
            }
        }
        return counts.entrySet().stream()
                .sorted(Map.Entry.<String, Integer>comparingByValue().reversed())
                .map(e -> e.getKey() + " (" + e.getValue() + ")")
                .collect(Collectors.joining(", "));
    }

    static String seconds(Duration duration) {
        return String.format(Locale.ROOT, "%.2f s", duration.toNanos() / 1e9);
    }
}
