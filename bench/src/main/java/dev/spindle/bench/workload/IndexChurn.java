package dev.spindle.bench.workload;

import dev.spindle.bench.BenchOptions;
import dev.spindle.bench.db.BenchDatabase;
import dev.spindle.bench.db.Engine;
import dev.spindle.bench.measure.Curve;
import dev.spindle.bench.report.Fmt;
import dev.spindle.bench.report.Results;
import dev.spindle.bench.report.SummaryLine;

import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * P4: point-lookup p99 while another connection creates and drops an index on {@code v} (a key
 * no other index arranges, so each CREATE builds it over all rows) in a loop; Spindle with split
 * runtimes, Spindle with one runtime, and H2. Goal: split's loaded p99 within 2x its unloaded p99.
 *
 * <p>Thread-safety: run by one thread (plus {@link Interference}'s background thread).
 */
public final class IndexChurn implements Workload {

    @Override
    public String id() {
        return "P4";
    }

    @Override
    public void run(BenchOptions o, Results results) throws Exception {
        Map<Engine, Interference.Outcome> outcomes = new LinkedHashMap<>();
        for (Engine engine : new Engine[] {Engine.SPINDLE, Engine.SPINDLE_SOLO, Engine.H2}) {
            try (BenchDatabase db = BenchDatabase.open(engine, "p4")) {
                Interference.load(db, o.rows());
                outcomes.put(engine, Interference.measure(db, o, 1, c -> {
                    try (Statement st = c.createStatement()) {
                        st.execute("CREATE INDEX t_v ON t (v)");
                        st.execute("DROP INDEX t_v");
                    }
                }));
            }
        }
        String panel = "P4: point lookup while another connection creates and drops an index, " + o.rows() + " rows";
        results.curve(panel, Curve.of("P4 machine alone (empty operation)", outcomes.get(Engine.SPINDLE).idle()));
        for (var e : outcomes.entrySet()) {
            results.curve(panel, Curve.of("P4 " + e.getKey().label() + " unloaded", e.getValue().unloaded()));
            results.curve(panel, Curve.of("P4 " + e.getKey().label() + " loaded", e.getValue().loaded()));
        }
        Interference.Outcome split = outcomes.get(Engine.SPINDLE);
        Interference.Outcome h2 = outcomes.get(Engine.H2);
        double ratio = split.p99Ratio();
        results.line(new SummaryLine("P4", "lookup p99 while another connection creates/drops an index, loaded / unloaded",
                Fmt.ratio(ratio) + " split (solo " + Fmt.ratio(outcomes.get(Engine.SPINDLE_SOLO).p99Ratio())
                        + ", H2 " + Fmt.ratio(h2.p99Ratio()) + ")",
                "split ≤ 2x, no failed lookup", split.verdict(ratio <= 2.0 && split.failedLookups() == 0),
                "split " + split.p99s() + failedCounts(outcomes), h2.p99sAndFailedCount()));
        results.detail("P4: point lookup beside CREATE/DROP INDEX",
                "Paced lookups (`" + Lookup.SQL + "`, " + o.rateHz() + "/s, latency from the intended start: "
                        + "coordinated-omission corrected), " + o.seconds() + " s alone, then " + o.seconds()
                        + " s while another connection loops `CREATE INDEX t_v ON t (v)`; `DROP INDEX t_v`.",
                "", EngineFigures.header(), Interference.rows(outcomes, "create/drop rounds"));
    }

    /** Spindle's failed lookups per configuration, if any. */
    private static String failedCounts(Map<Engine, Interference.Outcome> outcomes) {
        StringBuilder s = new StringBuilder();
        outcomes.forEach((engine, outcome) -> {
            if (engine.isSpindle() && outcome.failedLookups() > 0) {
                s.append("; ").append(engine.label()).append(": ").append(outcome.failedLookups()).append(" lookups failed");
            }
        });
        return s.toString();
    }
}
