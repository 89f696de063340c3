package dev.spindle.bench.workload;

import dev.spindle.bench.BenchOptions;
import dev.spindle.bench.db.BenchDatabase;
import dev.spindle.bench.db.Engine;
import dev.spindle.bench.measure.Curve;
import dev.spindle.bench.report.Fmt;
import dev.spindle.bench.report.Results;
import dev.spindle.bench.report.SummaryLine;

import java.sql.ResultSet;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * P8: point-lookup p99 while other connections scan every row back to back with
 * {@code SELECT k, v FROM t WHERE v < 0} (no row matches, so the scan is the cost and not the
 * transfer; on Spindle a fast-path scan of the same index, on H2 a table scan). Goal: within 5x
 * the unloaded p99.
 *
 * <p>Thread-safety: run by one thread (plus {@link Interference}'s background threads).
 */
public final class ScanInterference implements Workload {

    static final String SCAN = "SELECT k, v FROM t WHERE v < 0";

    @Override
    public String id() {
        return "P8";
    }

    @Override
    public void run(BenchOptions o, Results results) throws Exception {
        Map<Engine, Interference.Outcome> outcomes = new LinkedHashMap<>();
        for (Engine engine : new Engine[] {Engine.SPINDLE, Engine.H2}) {
            try (BenchDatabase db = BenchDatabase.open(engine, "p8")) {
                Interference.load(db, o.rows());
                outcomes.put(engine, Interference.measure(db, o, o.scanners(), c -> {
                    try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery(SCAN)) {
                        if (rs.next()) {
                            throw new IllegalStateException("the scan found a row with v < 0");
                        }
                    }
                }));
            }
        }
        String panel = "P8: point lookup while " + o.scanners() + " connection(s) scan the index, " + o.rows() + " rows";
        results.curve(panel, Curve.of("P8 machine alone (empty operation)", outcomes.get(Engine.SPINDLE).idle()));
        for (var e : outcomes.entrySet()) {
            results.curve(panel, Curve.of("P8 " + e.getKey().label() + " unloaded", e.getValue().unloaded()));
            results.curve(panel, Curve.of("P8 " + e.getKey().label() + " loaded", e.getValue().loaded()));
        }
        Interference.Outcome spindle = outcomes.get(Engine.SPINDLE);
        Interference.Outcome h2 = outcomes.get(Engine.H2);
        double ratio = spindle.p99Ratio();
        results.line(new SummaryLine("P8", "lookup p99 while " + o.scanners() + " connection(s) scan all rows, loaded / unloaded",
                Fmt.ratio(ratio) + " (H2 " + Fmt.ratio(h2.p99Ratio()) + ")", "≤ 5x, no failed lookup",
                spindle.verdict(ratio <= 5.0 && spindle.failedLookups() == 0),
                spindle.p99sAndFailedCount(), h2.p99sAndFailedCount()));
        results.detail("P8: point lookup beside full scans",
                "Paced lookups (`" + Lookup.SQL + "`, " + o.rateHz() + "/s, coordinated-omission corrected), "
                        + o.seconds() + " s alone, then " + o.seconds() + " s while " + o.scanners()
                        + " other connection(s) run `" + SCAN + "` back to back.",
                "", EngineFigures.header(), Interference.rows(outcomes, "scans"));
    }
}
