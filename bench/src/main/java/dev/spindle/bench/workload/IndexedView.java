package dev.spindle.bench.workload;

import dev.spindle.bench.BenchOptions;
import dev.spindle.bench.db.BenchDatabase;
import dev.spindle.bench.db.Engine;
import dev.spindle.bench.db.Table;
import dev.spindle.bench.measure.Loops;
import dev.spindle.bench.measure.SqlOp;
import dev.spindle.bench.report.Fmt;
import dev.spindle.bench.report.Results;
import dev.spindle.bench.report.SummaryLine;
import dev.spindle.bench.report.Verdict;
import org.HdrHistogram.Histogram;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * P2: a grouped view over the table, {@code SELECT k % 1000, count(*), sum(v) ... GROUP BY},
 * indexed on Spindle (maintained as rows arrive) and plain on H2 (which cannot index a view, so
 * it recomputes it). Loop: insert one row, then read the whole view; the read's latency is
 * recorded, and its total count must include the insert. Goal: Spindle ≥ 1000x faster.
 *
 * <p>Thread-safety: run by one thread.
 */
public final class IndexedView implements Workload {

    static final String VIEW = "CREATE VIEW v AS SELECT k % 1000 AS g, count(*) AS c, sum(v) AS s FROM t GROUP BY k % 1000";

    @Override
    public String id() {
        return "P2";
    }

    @Override
    public void run(BenchOptions o, Results results) throws SQLException {
        Run spindleRun = measure(Engine.SPINDLE, o);
        Histogram spindle = spindleRun.reads();
        Histogram h2 = measure(Engine.H2, o).reads();
        double speedup = (double) h2.getValueAtPercentile(50) / spindle.getValueAtPercentile(50);
        results.line(new SummaryLine("P2", "insert a row, then read a 1000-group view of " + o.rows() + " rows",
                Fmt.ratio(speedup) + " faster (median)", "≥ 1000x faster", Verdict.of(speedup >= 1000),
                EngineFigures.medianP99(spindle), EngineFigures.medianP99(h2)));
        results.detail("P2: indexed view, read after insert",
                "`" + VIEW + "`; Spindle: `CREATE INDEX v_g ON v (g)` (maintained); H2: the same view, recomputed at each read "
                        + "(H2 has no indexes on views). Each iteration inserts one row, then reads all 1000 groups and checks that "
                        + "their counts add up to the rows inserted so far. Latency of the read; closed loop, "
                        + o.seconds() + " s per engine, at least 5 reads, after an unrecorded warm-up of a fifth of that. "
                        + "What Spindle's read merges: " + spindleRun.arranged() + " (the index keeps a second of history, "
                        + "so the faster the loop, the more records a read of the 1000 rows goes through).",
                "", EngineFigures.header(),
                EngineFigures.row("spindle (indexed view)", spindle), EngineFigures.row("h2 (recomputed view)", h2));
    }

    /**
     * One engine's loop: the reads' latencies and, on Spindle, what index {@code v_g}'s
     * arrangement holds at the end ({@code spindle_introspection.arrangement_sizes_total}) and
     * the insert rate (null on H2).
     */
    private record Run(Histogram reads, String arranged) {
    }

    private static Run measure(Engine engine, BenchOptions o) throws SQLException {
        try (BenchDatabase db = BenchDatabase.open(engine, "p2")) {
            Connection c = db.main();
            Table.create(c, "t");
            Table.load(c, "t", 0, o.rows());
            db.execute(VIEW);
            if (engine.isSpindle()) {
                db.execute("CREATE INDEX v_g ON v (g)");
            }
            try (PreparedStatement insert = c.prepareStatement("INSERT INTO t VALUES (?, ?)");
                 Statement read = c.createStatement()) {
                long[] rows = {o.rows()};
                SqlOp write = i -> {
                    int k = (int) rows[0]; // the keys so far are 0 .. rows - 1
                    insert.setInt(1, k);
                    insert.setInt(2, Table.value(k));
                    insert.executeUpdate();
                    rows[0]++;
                };
                SqlOp readAll = i -> {
                    long total = 0;
                    int groups = 0;
                    try (ResultSet rs = read.executeQuery("SELECT g, c, s FROM v")) {
                        while (rs.next()) {
                            total += rs.getLong(2);
                            groups++;
                        }
                    }
                    if (total != rows[0] || groups != Math.min(1000, rows[0])) {
                        throw new IllegalStateException(engine.label() + ": the view shows " + total + " rows in "
                                + groups + " groups, the table has " + rows[0]);
                    }
                };
                Loops.closed(o.seconds() / 5, 2, write, readAll); // warm-up, not recorded (both engines alike)
                Histogram h = Loops.closed(o.seconds(), 5, write, readAll);
                String arranged = !engine.isSpindle() ? null : arrangement(c, "v_g") + " after "
                        + String.format(java.util.Locale.ROOT, "%.0f", h.getTotalCount() / o.seconds()) + " inserts per second";
                return new Run(h, arranged);
            }
        }
    }

    /** {@code N records in B batches} of index {@code name}'s arrangement, as Spindle's introspection reports it. */
    static String arrangement(Connection c, String name) throws SQLException {
        try (Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("SELECT s.records, s.batches FROM spindle_introspection.arrangement_sizes_total s "
                     + "JOIN spindle_catalog.indexes i ON i.id = s.export_id WHERE i.name = '" + name + "'")) {
            if (!rs.next()) {
                return "(no size reported for " + name + ")";
            }
            return rs.getLong(1) + " records in " + rs.getLong(2) + " batches";
        }
    }
}
