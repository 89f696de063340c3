package dev.spindle.bench.workload;

import dev.spindle.bench.BenchOptions;
import dev.spindle.bench.db.BenchDatabase;
import dev.spindle.bench.db.Engine;
import dev.spindle.bench.db.Table;
import dev.spindle.bench.measure.Heap;
import dev.spindle.bench.report.Fmt;
import dev.spindle.bench.report.Results;
import dev.spindle.bench.report.SummaryLine;
import dev.spindle.bench.report.Verdict;

import java.sql.SQLException;

/**
 * P3 and the heap per indexed row: heap in use (after forced collections) before the database
 * exists, with the loaded table, with one index on {@code k}, and with eight. Eight indexes on one
 * key should cost Spindle no more than one (the other seven re-export the first arrangement); H2
 * builds eight trees. Goal: Spindle's eight / one ≤ 1.05x.
 *
 * <p>Thread-safety: run by one thread.
 */
public final class SharedIndexes implements Workload {

    private static final int INDEXES = 8;

    /** Heap readings of one engine, in bytes. */
    private record Readings(long empty, long table, long oneIndex, long allIndexes) {
        double ratio() {
            return (double) (allIndexes - table) / (oneIndex - table);
        }

        double perRowIndexed(int rows) {
            return (double) (oneIndex - empty) / rows;
        }

        double perRowIndex(int rows) {
            return (double) (oneIndex - table) / rows;
        }
    }

    @Override
    public String id() {
        return "P3";
    }

    @Override
    public void run(BenchOptions o, Results results) throws SQLException {
        Readings spindle = measure(Engine.SPINDLE, o.rows());
        Readings h2 = measure(Engine.H2, o.rows());
        results.line(new SummaryLine("P3", "heap of eight indexes on one key / of one, " + o.rows() + " rows",
                Fmt.ratio(spindle.ratio()) + " (H2 " + Fmt.ratio(h2.ratio()) + ")", "≤ 1.05x",
                Verdict.of(spindle.ratio() <= 1.05),
                Fmt.bytes(spindle.allIndexes - spindle.table) + " for 8, " + Fmt.bytes(spindle.oneIndex - spindle.table) + " for 1",
                Fmt.bytes(h2.allIndexes - h2.table) + " for 8, " + Fmt.bytes(h2.oneIndex - h2.table) + " for 1"));
        double ratio = spindle.perRowIndexed(o.rows()) / h2.perRowIndexed(o.rows());
        results.line(new SummaryLine("heap", "heap per row of the table with one index (table and index)",
                Fmt.ratio(ratio), "—", Verdict.NO_GOAL,
                Fmt.bytes(spindle.perRowIndexed(o.rows())) + "/row (index alone " + Fmt.bytes(spindle.perRowIndex(o.rows())) + ")",
                Fmt.bytes(h2.perRowIndexed(o.rows())) + "/row (index alone " + Fmt.bytes(h2.perRowIndex(o.rows())) + ")"));
        results.detail("P3: eight indexes on one key; heap per indexed row",
                "Heap in use after forced full collections (MemoryMXBean), in the driver's JVM: before the database is "
                        + "opened, after loading " + o.rows() + " rows, after `CREATE INDEX i1 ON t (k)`, after "
                        + "`i2` .. `i8` on the same key. The table's own rows are in the per-row figure.",
                "",
                "| engine | table | + 1 index | + 8 indexes | 8 / 1 | per row, table + 1 index | per row, index alone |",
                "|---|---|---|---|---|---|---|",
                row("spindle", spindle, o.rows()), row("h2", h2, o.rows()));
    }

    private static String row(String engine, Readings r, int rows) {
        return "| " + engine + " | " + Fmt.bytes(r.table - r.empty) + " | " + Fmt.bytes(r.oneIndex - r.table) + " | "
                + Fmt.bytes(r.allIndexes - r.table) + " | " + Fmt.ratio(r.ratio()) + " | "
                + Fmt.bytes(r.perRowIndexed(rows)) + " | " + Fmt.bytes(r.perRowIndex(rows)) + " |";
    }

    private static Readings measure(Engine engine, int rows) throws SQLException {
        long empty = Heap.usedAfterGc();
        try (BenchDatabase db = BenchDatabase.open(engine, "p3")) {
            Table.create(db.main(), "t");
            Table.load(db.main(), "t", 0, rows);
            long table = Heap.usedAfterGc();
            db.execute("CREATE INDEX i1 ON t (k)");
            long one = Heap.usedAfterGc();
            for (int i = 2; i <= INDEXES; i++) {
                db.execute("CREATE INDEX i" + i + " ON t (k)");
            }
            long all = Heap.usedAfterGc();
            try (Lookup check = new Lookup(db.main(), rows, 3)) {
                check.next();
            }
            return new Readings(empty, table, one, all);
        }
    }
}
