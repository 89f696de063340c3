package dev.spindle.bench.workload;

import dev.spindle.bench.BenchOptions;
import dev.spindle.bench.report.Fmt;
import dev.spindle.bench.report.Results;
import dev.spindle.bench.report.SummaryLine;
import dev.spindle.bench.report.Verdict;
import dev.spindle.sqllogictest.cli.Main;
import dev.spindle.sqllogictest.run.ScriptFile;
import dev.spindle.sqllogictest.run.ScriptFiles;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
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
 * P7: the sqllogictest corpus through the runner's {@link Main#run}, one file per call (every file
 * on a fresh database), in this JVM: {@code --engine spindle} first, taking files in path order
 * until {@link BenchOptions#corpusBudget()} seconds are spent (0: all of them), then
 * {@code --engine h2} on exactly the same files. Wall time, records passed/failed, and the files
 * where Spindle spends most. Goal: Spindle ≤ 1.5x H2.
 *
 * <p>Thread-safety: run by one thread.
 */
public final class Corpus implements Workload {

    private static final Pattern TOTALS = Pattern.compile("^(\\d+) passed, (\\d+) failed, (\\d+) skipped$", Pattern.MULTILINE);

    /** One engine's run of one file. */
    private record FileRun(long nanos, long passed, long failed, long skipped) {
    }

    /** One engine's runs of the files taken. */
    private record Pass(List<FileRun> files) {
        long nanos() {
            return files.stream().mapToLong(FileRun::nanos).sum();
        }

        long passed() {
            return files.stream().mapToLong(FileRun::passed).sum();
        }

        long failed() {
            return files.stream().mapToLong(FileRun::failed).sum();
        }

        long skipped() {
            return files.stream().mapToLong(FileRun::skipped).sum();
        }

        String figures() {
            return Fmt.nanos(nanos()) + String.format(Locale.ROOT, " (%d passed, %d failed)", passed(), failed());
        }
    }

    @Override
    public String id() {
        return "P7";
    }

    @Override
    public void run(BenchOptions o, Results results) throws IOException {
        Path corpus = o.corpus().orElseThrow(() -> new IllegalArgumentException("P7 needs --corpus PATH"));
        if (!Files.exists(corpus)) {
            throw new IllegalArgumentException("no sqllogictest corpus at " + corpus);
        }
        List<ScriptFile> all = ScriptFiles.expand(corpus);
        List<ScriptFile> taken = new ArrayList<>();
        List<FileRun> spindleRuns = new ArrayList<>();
        long deadline = o.corpusBudget() == 0 ? Long.MAX_VALUE : System.nanoTime() + (long) (o.corpusBudget() * 1e9);
        for (ScriptFile file : all) {
            if (!taken.isEmpty() && System.nanoTime() >= deadline) {
                break;
            }
            spindleRuns.add(runFile("spindle", file.path()));
            taken.add(file);
        }
        List<FileRun> h2Runs = new ArrayList<>();
        for (ScriptFile file : taken) {
            h2Runs.add(runFile("h2", file.path()));
        }
        Pass spindle = new Pass(spindleRuns);
        Pass h2 = new Pass(h2Runs);
        double ratio = (double) spindle.nanos() / h2.nanos();
        String scope = taken.size() == all.size() ? "all " + all.size() + " files"
                : taken.size() + " of " + all.size() + " files (budget " + Fmt.sig(o.corpusBudget()) + " s)";
        results.line(new SummaryLine("P7", "sqllogictest corpus `" + corpus.getFileName() + "`, " + scope + ", one JVM",
                Fmt.ratio(ratio), "≤ 1.5x", Verdict.of(ratio <= 1.5), spindle.figures(), h2.figures()));
        List<String> lines = new ArrayList<>();
        lines.add("`Main.run(--engine spindle|h2 FILE)` of the sqllogictest module for each file, in the driver's JVM. "
                + "Spindle first, taking files in path order " + (o.corpusBudget() == 0 ? "(no budget)"
                : "while its time stays under " + Fmt.sig(o.corpusBudget()) + " s")
                + "; H2 then runs the same " + taken.size() + " of the corpus's " + all.size() + " files. "
                + "Records passed / failed / skipped:");
        lines.add("");
        lines.add("| engine | wall time | passed | failed | skipped |");
        lines.add("|---|---|---|---|---|");
        lines.add(row("spindle", spindle));
        lines.add(row("h2", h2));
        lines.add("");
        lines.add("Files by Spindle's time:");
        lines.add("");
        lines.add("| file | spindle | h2 | ratio |");
        lines.add("|---|---|---|---|");
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < taken.size(); i++) {
            order.add(i);
        }
        order.sort(Comparator.comparingLong((Integer i) -> spindleRuns.get(i).nanos()).reversed());
        for (int i : order.subList(0, Math.min(8, order.size()))) {
            lines.add("| `" + (Files.isDirectory(corpus) ? corpus.relativize(taken.get(i).path()) : taken.get(i).path().getFileName())
                    + "` | " + Fmt.nanos(spindleRuns.get(i).nanos())
                    + " | " + Fmt.nanos(h2Runs.get(i).nanos()) + " | "
                    + Fmt.ratio((double) spindleRuns.get(i).nanos() / h2Runs.get(i).nanos()) + " |");
        }
        results.detail("P7: sqllogictest corpus", lines.toArray(String[]::new));
    }

    private static String row(String engine, Pass p) {
        return "| " + engine + " | " + Fmt.nanos(p.nanos()) + " | " + p.passed() + " | " + p.failed() + " | " + p.skipped() + " |";
    }

    private static FileRun runFile(String engine, Path file) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        long start = System.nanoTime();
        int status;
        try (PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
             PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8)) {
            status = Main.run(new String[] {"--engine", engine, file.toString()}, o, e);
        }
        long nanos = System.nanoTime() - start;
        Matcher totals = TOTALS.matcher(out.toString(StandardCharsets.UTF_8));
        if (status != Main.EXIT_OK || !totals.find()) {
            throw new IllegalStateException("the sqllogictest runner on " + engine + " and " + file + " exited " + status
                    + ": " + err.toString(StandardCharsets.UTF_8).strip());
        }
        return new FileRun(nanos, Long.parseLong(totals.group(1)), Long.parseLong(totals.group(2)),
                Long.parseLong(totals.group(3)));
    }
}
