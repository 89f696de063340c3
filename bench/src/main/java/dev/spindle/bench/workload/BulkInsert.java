package dev.spindle.bench.workload;

import dev.spindle.bench.BenchOptions;
import dev.spindle.bench.db.BenchDatabase;
import dev.spindle.bench.db.Engine;
import dev.spindle.bench.db.Table;
import dev.spindle.bench.report.Fmt;
import dev.spindle.bench.report.Results;
import dev.spindle.bench.report.SummaryLine;
import dev.spindle.bench.report.Verdict;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Locale;

/**
 * P6: inserting the table's rows through a prepared {@code INSERT INTO t VALUES (?, ?)} in JDBC
 * batches of {@link Table#BATCH} (auto-commit: each batch one transaction) into a table that
 * already has an index on {@code k}; the count is checked afterwards. Goal: Spindle ≤ 1.0x H2.
 *
 * <p>Thread-safety: run by one thread.
 */
public final class BulkInsert implements Workload {

    @Override
    public String id() {
        return "P6";
    }

    @Override
    public void run(BenchOptions o, Results results) throws SQLException {
        long spindle = measure(Engine.SPINDLE, o.rows());
        long h2 = measure(Engine.H2, o.rows());
        double ratio = (double) spindle / h2;
        results.line(new SummaryLine("P6", "bulk insert of " + o.rows() + " rows in batches of " + Table.BATCH + ", one index",
                Fmt.ratio(ratio), "≤ 1.0x", Verdict.of(ratio <= 1.0), rate(spindle, o.rows()), rate(h2, o.rows())));
    }

    private static String rate(long nanos, int rows) {
        return Fmt.nanos(nanos) + String.format(Locale.ROOT, " (%.0fk rows/s)", rows / (nanos / 1e9) / 1000);
    }

    private static long measure(Engine engine, int rows) throws SQLException {
        try (BenchDatabase db = BenchDatabase.open(engine, "p6")) {
            Table.create(db.main(), "t");
            db.execute("CREATE INDEX t_k ON t (k)");
            long start = System.nanoTime();
            Table.load(db.main(), "t", 0, rows);
            long elapsed = System.nanoTime() - start;
            try (Statement st = db.main().createStatement(); ResultSet rs = st.executeQuery("SELECT count(*) FROM t")) {
                rs.next();
                if (rs.getLong(1) != rows) {
                    throw new IllegalStateException(engine.label() + ": " + rs.getLong(1) + " rows after inserting " + rows);
                }
            }
            return elapsed;
        }
    }
}
