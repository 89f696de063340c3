package dev.spindle.sqllogictest.corpus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.spindle.sqllogictest.engine.EngineSpec;
import dev.spindle.sqllogictest.report.ConsoleReporter;
import dev.spindle.sqllogictest.run.CorpusRunner;
import dev.spindle.sqllogictest.run.FileResult;
import dev.spindle.sqllogictest.run.RunSettings;
import dev.spindle.sqllogictest.run.ScriptFile;
import dev.spindle.sqllogictest.run.ScriptFiles;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Runs the visible SQLite corpus ({@code shared/slt/sqlite}) on one engine and holds each file's
 * pass count to a checked-in baseline ({@code src/test/resources/baseline/<name>.tsv}): fewer
 * passes than the baseline fail; more are printed so the baseline can be raised. The observed
 * counts are written to {@code target/slt-baseline/<name>.tsv} in the baseline's format.
 *
 * <p>Subclasses name the engine and the baseline; Spindle's own engine adds one when its JDBC
 * driver exists.
 */
abstract class CorpusBaselineTest {

    /** Where surefire says the corpus is (see the module's pom). */
    static final String CORPUS_PROPERTY = "slt.corpus.dir";
    /** Where the observed counts are written. */
    static final String OUT_PROPERTY = "slt.baseline.out";
    /** Limit per SQL text, so that a runaway query fails its record instead of hanging the build. */
    static final int TIMEOUT_SECONDS = 120;

    /** The engine to run the corpus on. */
    abstract EngineSpec engine();

    /** The baseline's name: {@code baseline/<name>.tsv}. */
    abstract String baselineName();

    /**
     * How many files run at once, each on its own database and thread (1: one after the other).
     * Only for engines whose URL needs no per-run number: each thread numbers its own databases.
     */
    int parallelism() {
        return 1;
    }

    @TestFactory
    Stream<DynamicTest> corpusMeetsBaseline() throws IOException {
        Path corpus = corpusFolder();
        List<ScriptFile> files = ScriptFiles.relativeTo(corpus);
        Map<String, Integer> baseline = Baseline.load(baselineName());
        RunSettings settings = RunSettings.of(engine()).withTimeoutSeconds(TIMEOUT_SECONDS);
        // this test prints its own lines; a runner per thread (a runner numbers its databases)
        ThreadLocal<CorpusRunner> runners = ThreadLocal.withInitial(() -> new CorpusRunner(settings, result -> { }));
        ExecutorService pool = Executors.newFixedThreadPool(parallelism(), r -> {
            Thread t = new Thread(r, "corpus-" + baselineName());
            t.setDaemon(true);
            return t;
        });
        // every file is started at once; the pool runs parallelism() of them at a time, in order
        List<Future<FileResult>> running = new ArrayList<>();
        files.forEach(file -> running.add(pool.submit(() -> runners.get().runFile(file))));
        pool.shutdown();
        List<FileResult> results = new ArrayList<>();
        Stream<DynamicTest> perFile = IntStream.range(0, files.size()).mapToObj(i -> DynamicTest.dynamicTest(
                files.get(i).name(), () -> {
            FileResult result = running.get(i).get();
            results.add(result);
            System.out.println("[" + baselineName() + "] " + ConsoleReporter.fileLine(result));
            checkAgainstBaseline(result, baseline);
        }));
        Stream<DynamicTest> closing = Stream.of(
                DynamicTest.dynamicTest("baseline names exactly the corpus files", () -> sameFiles(files, baseline)),
                DynamicTest.dynamicTest("write observed counts", () -> writeObserved(results)));
        return Stream.concat(perFile, closing);
    }

    private void checkAgainstBaseline(FileResult result, Map<String, Integer> baseline) {
        assertEquals(FileResult.Status.RAN, result.status(), () -> result.file() + ": " + result.note());
        Integer expected = baseline.get(result.file());
        if (expected == null) {
            fail(result.file() + " has no line in baseline/" + baselineName() + ".tsv; it passes " + result.passed()
                    + " records: add it");
        }
        if (result.passed() > expected) {
            System.out.println("[" + baselineName() + "] BASELINE CAN BE RAISED: " + result.file() + " passes "
                    + result.passed() + " records, baseline says " + expected);
        }
        assertTrue(result.passed() >= expected, () -> result.file() + " passes " + result.passed()
                + " records, fewer than its baseline of " + expected + "; first failures:\n"
                + firstFailures(result));
    }

    private static String firstFailures(FileResult result) {
        StringBuilder text = new StringBuilder();
        result.failures().stream().limit(5).forEach(f -> text.append(f.location()).append(": ").append(f.problem())
                .append('\n').append(f.sql()).append('\n'));
        return text.toString();
    }

    private void sameFiles(List<ScriptFile> files, Map<String, Integer> baseline) {
        Set<String> inCorpus = new TreeSet<>();
        files.forEach(f -> inCorpus.add(f.name()));
        Set<String> onlyInBaseline = new TreeSet<>(baseline.keySet());
        onlyInBaseline.removeAll(inCorpus);
        assertTrue(onlyInBaseline.isEmpty(), () -> "baseline/" + baselineName()
                + ".tsv names files missing from the corpus: " + onlyInBaseline);
    }

    private void writeObserved(List<FileResult> results) {
        Path out = Path.of(System.getProperty(OUT_PROPERTY, "target/slt-baseline")).resolve(baselineName() + ".tsv");
        Baseline.write(out, results);
        long nanos = results.stream().map(FileResult::elapsed).mapToLong(Duration::toNanos).sum();
        int passed = results.stream().mapToInt(FileResult::passed).sum();
        int failed = results.stream().mapToInt(FileResult::failed).sum();
        int skipped = results.stream().mapToInt(FileResult::skipped).sum();
        System.out.printf("[%s] %d files, their times adding up to %.2f s (%d at a time); %d passed, %d failed,"
                + " %d skipped; observed counts in %s%n", baselineName(), results.size(), nanos / 1e9, parallelism(),
                passed, failed, skipped, out);
    }

    /** The corpus folder, or a test failure that says where it was looked for and why. */
    static Path corpusFolder() {
        String configured = System.getProperty(CORPUS_PROPERTY);
        Path folder = Path.of(configured != null ? configured : "../../shared/slt/sqlite").toAbsolutePath().normalize();
        if (!Files.isDirectory(folder)) {
            fail("sqllogictest corpus not found at " + folder + " (system property " + CORPUS_PROPERTY
                    + "). The build expects the shared/ folder beside the repository's folder, holding"
                    + " shared/slt/sqlite; set -D" + CORPUS_PROPERTY + "=PATH to use another location.");
        }
        return folder;
    }
}
