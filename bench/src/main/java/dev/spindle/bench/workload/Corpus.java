package dev.spindle.bench.workload;

import dev.spindle.bench.BenchOptions;
import dev.spindle.bench.report.Fmt;
import dev.spindle.bench.report.Results;
import dev.spindle.bench.report.SummaryLine;
import dev.spindle.bench.report.Verdict;
import dev.spindle.sqllogictest.cli.Main;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * P7: the sqllogictest corpus through the runner's {@link Main#run}, {@code --engine h2} then
 * {@code --engine spindle}, in this JVM (every file on a fresh database). Wall time, records
 * passed/failed, and Spindle's slowest files. Goal: Spindle ≤ 1.5x H2.
 *
 * <p>Thread-safety: run by one thread.
 */
public final class Corpus implements Workload {

    private static final Pattern TOTALS = Pattern.compile("^(\\d+) passed, (\\d+) failed, (\\d+) skipped$", Pattern.MULTILINE);
    private static final Pattern FILE = Pattern.compile("^(PASS|FAIL|SKIP|ERROR) (\\S+) .*?([0-9.]+) s$", Pattern.MULTILINE);

    /** One engine's pass over the corpus. */
    private record Pass(long nanos, long passed, long failed, long skipped, List<String> slowest) {
        String figures() {
            return Fmt.nanos(nanos) + String.format(Locale.ROOT, " (%d passed, %d failed)", passed, failed);
        }
    }

    @Override
    public String id() {
        return "P7";
    }

    @Override
    public void run(BenchOptions o, Results results) {
        Path corpus = o.corpus().orElseThrow(() -> new IllegalArgumentException("P7 needs --corpus PATH"));
        if (!Files.exists(corpus)) {
            throw new IllegalArgumentException("no sqllogictest corpus at " + corpus);
        }
        Pass h2 = run("h2", corpus);
        Pass spindle = run("spindle", corpus);
        double ratio = (double) spindle.nanos / h2.nanos;
        results.line(new SummaryLine("P7", "the sqllogictest corpus (" + corpus.getFileName() + "), one JVM",
                Fmt.ratio(ratio), "≤ 1.5x", Verdict.of(ratio <= 1.5), spindle.figures(), h2.figures()));
        List<String> lines = new ArrayList<>();
        lines.add("`Main.run(--engine h2|spindle " + corpus + ")` of the sqllogictest module, in the driver's JVM, "
                + "H2 first. Records: passed / failed / skipped. Spindle's slowest files:");
        lines.add("");
        spindle.slowest.forEach(f -> lines.add("- " + f));
        lines.add("");
        lines.add("| engine | wall time | passed | failed | skipped |");
        lines.add("|---|---|---|---|---|");
        lines.add(row("spindle", spindle));
        lines.add(row("h2", h2));
        results.detail("P7: sqllogictest corpus", lines.toArray(String[]::new));
    }

    private static String row(String engine, Pass p) {
        return "| " + engine + " | " + Fmt.nanos(p.nanos) + " | " + p.passed + " | " + p.failed + " | " + p.skipped + " |";
    }

    private static Pass run(String engine, Path corpus) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        long start = System.nanoTime();
        int status;
        try (PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
             PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8)) {
            status = Main.run(new String[] {"--engine", engine, corpus.toString()}, o, e);
        }
        long nanos = System.nanoTime() - start;
        String text = out.toString(StandardCharsets.UTF_8);
        Matcher totals = TOTALS.matcher(text);
        if (status != Main.EXIT_OK || !totals.find()) {
            throw new IllegalStateException("the sqllogictest runner on " + engine + " exited " + status + ": "
                    + err.toString(StandardCharsets.UTF_8).strip());
        }
        List<String[]> files = new ArrayList<>();
        Matcher file = FILE.matcher(text);
        while (file.find()) {
            files.add(new String[] {file.group(2), file.group(3)});
        }
        files.sort(Comparator.comparingDouble((String[] f) -> Double.parseDouble(f[1])).reversed());
        List<String> slowest = files.stream().limit(5).map(f -> "`" + Path.of(f[0]).getFileName() + "` " + f[1] + " s").toList();
        return new Pass(nanos, Long.parseLong(totals.group(1)), Long.parseLong(totals.group(2)),
                Long.parseLong(totals.group(3)), slowest);
    }
}
