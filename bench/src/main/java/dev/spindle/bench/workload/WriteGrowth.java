package dev.spindle.bench.workload;

import dev.spindle.bench.BenchOptions;
import dev.spindle.bench.db.BenchDatabase;
import dev.spindle.bench.db.Engine;
import dev.spindle.bench.db.Table;
import dev.spindle.bench.measure.Loops;
import dev.spindle.bench.report.Fmt;
import dev.spindle.bench.report.Results;
import dev.spindle.bench.report.SummaryLine;
import dev.spindle.bench.report.Verdict;
import org.HdrHistogram.Histogram;

import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * The cost of one write as the table grows: the table (with an index on {@code k}) is loaded to
 * each size in turn, and at each size single-row prepared inserts (auto-commit; keys outside the
 * loaded range) are timed, closed loop. With a log-structured index the cost should grow like
 * log n: from the smallest to the largest size by about {@code log(max) / log(min)}.
 *
 * <p>Thread-safety: run by one thread.
 */
public final class WriteGrowth implements Workload {

    @Override
    public String id() {
        return "GROWTH";
    }

    @Override
    public void run(BenchOptions o, Results results) throws SQLException {
        List<Integer> sizes = o.growthSizes();
        List<Histogram> spindle = measure(Engine.SPINDLE, o);
        List<Histogram> h2 = measure(Engine.H2, o);
        int last = sizes.size() - 1;
        double logRatio = Math.log(sizes.get(last)) / Math.log(sizes.get(0));
        double spindleGrowth = growth(spindle);
        double h2Growth = growth(h2);
        results.line(new SummaryLine("growth", "single-row insert, median at " + sizes.get(last) + " rows / at " + sizes.get(0),
                Fmt.ratio(spindleGrowth) + " (H2 " + Fmt.ratio(h2Growth) + ")",
                "like log n: ≈ " + Fmt.ratio(logRatio), Verdict.of(spindleGrowth <= logRatio * 1.25),
                medians(spindle), medians(h2)));
        List<String> lines = new ArrayList<>();
        lines.add("Prepared `INSERT INTO t VALUES (?, ?)`, one row per statement, auto-commit, into the table with an "
                + "index on `k`, loaded to each size in turn; closed loop, " + o.seconds() + " s per size after a "
                + "warm-up of a fifth of that. The goal counts as met within 25 % of the log n ratio.");
        lines.add("");
        lines.add("| rows | spindle median | spindle p99 | h2 median | h2 p99 |");
        lines.add("|---|---|---|---|---|");
        for (int i = 0; i < sizes.size(); i++) {
            lines.add("| " + sizes.get(i) + " | " + Fmt.nanos(spindle.get(i).getValueAtPercentile(50)) + " | "
                    + Fmt.nanos(spindle.get(i).getValueAtPercentile(99)) + " | "
                    + Fmt.nanos(h2.get(i).getValueAtPercentile(50)) + " | "
                    + Fmt.nanos(h2.get(i).getValueAtPercentile(99)) + " |");
        }
        results.detail("Write cost as the table grows", lines.toArray(String[]::new));
    }

    private static double growth(List<Histogram> hs) {
        return (double) hs.get(hs.size() - 1).getValueAtPercentile(50) / hs.get(0).getValueAtPercentile(50);
    }

    private static String medians(List<Histogram> hs) {
        return String.join(" → ", hs.stream().map(h -> Fmt.nanos(h.getValueAtPercentile(50))).toList());
    }

    private static List<Histogram> measure(Engine engine, BenchOptions o) throws SQLException {
        List<Histogram> out = new ArrayList<>();
        try (BenchDatabase db = BenchDatabase.open(engine, "growth")) {
            Table.create(db.main(), "t");
            db.execute("CREATE INDEX t_k ON t (k)");
            int loaded = 0;
            int[] nextKey = {-1};
            try (PreparedStatement insert = db.main().prepareStatement("INSERT INTO t VALUES (?, ?)")) {
                for (int size : o.growthSizes()) {
                    Table.load(db.main(), "t", loaded, size);
                    loaded = size;
                    Loops.closed(o.seconds() / 5, 10, i -> insertOne(insert, nextKey));
                    out.add(Loops.closed(o.seconds(), 100, i -> insertOne(insert, nextKey)));
                }
            }
        }
        return out;
    }

    /** Inserts one row with a fresh negative key (outside every loaded range). */
    private static void insertOne(PreparedStatement insert, int[] nextKey) throws SQLException {
        int k = nextKey[0]--;
        insert.setInt(1, k);
        insert.setInt(2, Table.value(k));
        if (insert.executeUpdate() != 1) {
            throw new IllegalStateException("an insert reported another count than 1");
        }
    }
}
