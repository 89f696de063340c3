package dev.spindle.bench;

import dev.spindle.bench.db.BenchDatabase;
import dev.spindle.bench.db.Engine;
import dev.spindle.bench.db.Table;
import dev.spindle.bench.measure.Loops;
import dev.spindle.bench.report.Fmt;
import dev.spindle.bench.report.Report;
import dev.spindle.bench.report.Results;
import dev.spindle.bench.report.RunInfo;
import dev.spindle.bench.workload.BulkInsert;
import dev.spindle.bench.workload.Corpus;
import dev.spindle.bench.workload.CreateIndexTime;
import dev.spindle.bench.workload.IndexChurn;
import dev.spindle.bench.workload.IndexedView;
import dev.spindle.bench.workload.Lookup;
import dev.spindle.bench.workload.PointLookup;
import dev.spindle.bench.workload.ScanInterference;
import dev.spindle.bench.workload.SharedIndexes;
import dev.spindle.bench.workload.Workload;
import dev.spindle.bench.workload.WriteGrowth;
import org.HdrHistogram.Histogram;

import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.sql.DatabaseMetaData;
import java.sql.SQLException;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The measuring JVM's program: runs the selected workloads in order, both engines each, after a
 * short warm-up of both engines' common paths (so neither side alone starts with warm code), and
 * writes the report. Exit status 0 when every workload ran (whatever the goals), 1 when one
 * failed, 2 for a wrong command line.
 *
 * <p>Thread-safety: a program entry point, run once per JVM.
 */
public final class Driver {

    private Driver() {
    }

    public static void main(String[] args) {
        PrintStream out = new PrintStream(System.out, true, StandardCharsets.UTF_8);
        System.exit(run(args, out));
    }

    /** Runs the benchmark with command line {@code args}, printing progress and the table to {@code out}. */
    public static int run(String[] args, PrintStream out) {
        BenchOptions options;
        try {
            if (Arrays.asList(args).contains("--help")) {
                out.println(BenchOptions.USAGE);
                return 0;
            }
            options = BenchOptions.parse(args);
        } catch (IllegalArgumentException e) {
            out.println("bench: " + e.getMessage());
            out.println(BenchOptions.USAGE);
            return 2;
        }
        Instant started = Instant.now().truncatedTo(ChronoUnit.SECONDS);
        long t0 = System.nanoTime();
        String loadBefore = BenchJvm.loadAverage();
        out.println("bench: " + BenchJvm.describe());
        out.println("bench: flags " + BenchJvm.inputArguments() + (BenchJvm.hasFixedFlags() ? "" : " (NOT the fixed flags)"));
        out.println("bench: load average " + loadBefore + "; workloads " + BenchOptions.ALL_WORKLOADS.stream()
                .filter(options::runs).toList());
        String stallsBefore = idleStalls();
        out.println("bench: the machine's own stalls: " + stallsBefore);
        Results results = new Results();
        List<String> engines = new ArrayList<>();
        try {
            for (Engine engine : new Engine[] {Engine.SPINDLE, Engine.H2}) {
                engines.add(warmUp(engine));
            }
        } catch (SQLException | RuntimeException e) {
            out.println("bench: the warm-up failed: " + e);
            results.failure("warm-up", e);
        }
        for (Workload w : workloads()) {
            if (!options.runs(w.id())) {
                continue;
            }
            out.println("bench: " + w.id() + " (load average " + BenchJvm.loadAverage() + ")");
            long start = System.nanoTime();
            try {
                w.run(options, results);
            } catch (Exception e) {
                e.printStackTrace(out);
                results.failure(w.id(), e);
            }
            out.printf("bench: %s took %.1f s%n", w.id(), (System.nanoTime() - start) / 1e9);
        }
        String stalls = "at the start " + stallsBefore + "; at the end " + idleStalls();
        RunInfo info = new RunInfo(started.toString(), Arrays.asList(args), BenchJvm.describe(),
                BenchJvm.inputArguments(), BenchJvm.hasFixedFlags(), loadBefore, BenchJvm.loadAverage(),
                stalls, engines, (System.nanoTime() - t0) / 1e9);
        try {
            String markdown = Report.write(options.out(), info, results);
            out.println();
            out.println(markdown);
            out.println("bench: wrote " + options.out().toAbsolutePath().normalize());
        } catch (java.io.IOException | RuntimeException e) {
            e.printStackTrace(out);
            return 1;
        }
        return results.failures().isEmpty() ? 0 : 1;
    }

    /**
     * The latency an empty operation gets from a loop paced like P4's and P8's lookups (1000/s,
     * 2 s), in this JVM with no engine at work: what the machine (scheduler, virtualisation,
     * the kernel's memory scans) adds to any tail measured here.
     */
    static String idleStalls() {
        try {
            Histogram h = Loops.paced(2, 1000, i -> { });
            return "p99 " + Fmt.nanos(h.getValueAtPercentile(99))
                    + ", p99.9 " + Fmt.nanos(h.getValueAtPercentile(99.9))
                    + ", max " + Fmt.nanos(h.getMaxValue());
        } catch (SQLException e) {
            throw new IllegalStateException(e); // an empty operation throws nothing
        }
    }

    private static List<Workload> workloads() {
        return List.of(new PointLookup(), new IndexedView(), new SharedIndexes(), new IndexChurn(),
                new CreateIndexTime(), new BulkInsert(), new Corpus(), new ScanInterference(), new WriteGrowth());
    }

    /**
     * Exercises the statements the workloads use on a small table, and returns the engine's name
     * and version as its driver reports them.
     */
    private static String warmUp(Engine engine) throws SQLException {
        int rows = 20_000;
        try (BenchDatabase db = BenchDatabase.open(engine, "warmup")) {
            Table.create(db.main(), "t");
            Table.load(db.main(), "t", 0, rows);
            db.execute("CREATE INDEX t_k ON t (k)");
            try (Lookup lookup = new Lookup(db.main(), rows, 9)) {
                for (int i = 0; i < 5_000; i++) {
                    lookup.next();
                }
            }
            DatabaseMetaData meta = db.main().getMetaData();
            return engine.label() + " = " + meta.getDatabaseProductName() + " " + meta.getDatabaseProductVersion()
                    + " (driver " + meta.getDriverVersion() + ")";
        }
    }
}
