package dev.spindle.bench.workload;

import dev.spindle.bench.BenchOptions;
import dev.spindle.bench.db.BenchDatabase;
import dev.spindle.bench.db.Engine;
import dev.spindle.bench.db.Table;
import dev.spindle.bench.report.Fmt;
import dev.spindle.bench.report.Results;
import dev.spindle.bench.report.SummaryLine;
import dev.spindle.bench.report.Verdict;

import java.sql.SQLException;
import java.util.Arrays;

/**
 * P5: {@code CREATE INDEX t_k ON t (k)} on a loaded table, timed until the index is readable: the
 * statement, then a first prepared point lookup through it. Repeated (drop, create) and the median
 * reported. Goal: Spindle ≤ 1.5x H2.
 *
 * <p>Thread-safety: run by one thread.
 */
public final class CreateIndexTime implements Workload {

    @Override
    public String id() {
        return "P5";
    }

    @Override
    public void run(BenchOptions o, Results results) throws SQLException {
        long[] spindle = measure(Engine.SPINDLE, o);
        long[] h2 = measure(Engine.H2, o);
        double ratio = (double) median(spindle) / median(h2);
        results.line(new SummaryLine("P5", "CREATE INDEX on a " + o.rows() + "-row table, until readable",
                Fmt.ratio(ratio), "≤ 1.5x", Verdict.of(ratio <= 1.5),
                Fmt.nanos(median(spindle)), Fmt.nanos(median(h2))));
        results.detail("P5: CREATE INDEX until readable",
                "`CREATE INDEX t_k ON t (k)` then a first `" + Lookup.SQL + "` through it; " + o.repetitions()
                        + " times per engine (dropping the index in between), median reported.",
                "",
                "| engine | each run |",
                "|---|---|",
                "| spindle | " + list(spindle) + " |",
                "| h2 | " + list(h2) + " |");
    }

    private static long[] measure(Engine engine, BenchOptions o) throws SQLException {
        long[] times = new long[o.repetitions()];
        try (BenchDatabase db = BenchDatabase.open(engine, "p5")) {
            Table.create(db.main(), "t");
            Table.load(db.main(), "t", 0, o.rows());
            for (int r = 0; r < times.length; r++) {
                if (r > 0) {
                    db.execute("DROP INDEX t_k");
                }
                long start = System.nanoTime();
                db.execute("CREATE INDEX t_k ON t (k)");
                try (Lookup first = new Lookup(db.main(), o.rows(), 5 + r)) {
                    first.next();
                }
                times[r] = System.nanoTime() - start;
            }
        }
        return times;
    }

    static long median(long[] values) {
        long[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2];
    }

    static String list(long[] nanos) {
        return String.join(", ", Arrays.stream(nanos).mapToObj(Fmt::nanos).toList());
    }
}
