package dev.spindle.compute.interactive;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spindle.common.id.GlobalId;
import dev.spindle.common.row.Row;
import dev.spindle.common.time.Frontier;
import dev.spindle.common.update.Update;
import dev.spindle.compute.controller.ComputeController;
import dev.spindle.compute.controller.RuntimeMode;
import dev.spindle.compute.expr.ScalarExpr;
import dev.spindle.compute.expr.func.BinaryFunc;
import dev.spindle.compute.peek.PeekResponse;
import dev.spindle.compute.plan.DataflowDescription;
import dev.spindle.compute.runtime.DataflowStats;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

/**
 * Random index descriptions with and without re-exports, on W = 1, 2, 4 and both runtime modes:
 * whether the planner claims a re-export or asks for an arrangement of its own, every index
 * answers the same rows at every time, a re-export's dataflow builds no operator on any worker and
 * makes no arrangement, and an index with an arrangement of its own builds one.
 */
class ReexportProperties {

    /** One duplicate index: which earlier index (0 = the original) it copies, and how. */
    record Duplicate(int of, boolean reexport) {
    }

    /** A batch of the history: keys and values in a small domain, so keys repeat and rows retract. */
    record Op(long k, long v, boolean retract) {
    }

    @Provide
    Arbitrary<List<Duplicate>> duplicates() {
        return Combinators.combine(Arbitraries.integers().between(0, 4), Arbitraries.of(true, false))
                .as(Duplicate::new).list().ofMinSize(1).ofMaxSize(4);
    }

    @Provide
    Arbitrary<List<List<Op>>> history() {
        Arbitrary<Op> op = Combinators.combine(Arbitraries.longs().between(0, 3), Arbitraries.longs().between(0, 3),
                Arbitraries.of(false, false, true)).as(Op::new);
        return op.list().ofMaxSize(4).list().ofMinSize(1).ofMaxSize(6);
    }

    @Provide
    Arbitrary<Integer> workers() {
        return Arbitraries.of(1, 2, 4);
    }

    @Property(tries = 40)
    void reexportsAnswerAsTheirOriginalAndBuildNothing(@ForAll("duplicates") List<Duplicate> duplicates,
                                                       @ForAll("history") List<List<Op>> history,
                                                       @ForAll("workers") int workers, @ForAll RuntimeMode mode,
                                                       @ForAll @IntRange(min = 0, max = 2) int keyChoice,
                                                       @ForAll @IntRange(min = 0, max = 6) int asOfBatches) throws Exception {
        ScalarExpr k = ScalarExpr.column(0, SplitFixture.BIGINT);
        ScalarExpr v = ScalarExpr.column(1, SplitFixture.BIGINT);
        List<ScalarExpr> key = keyChoice == 0 ? List.of(k) : keyChoice == 1 ? List.of(v, k)
                : List.of(ScalarExpr.call(BinaryFunc.ADD, k, v));
        int before = Math.min(asOfBatches, history.size());
        try (SplitFixture f = new SplitFixture(mode, workers)) {
            Map<Row, Long> live = new java.util.TreeMap<>();
            for (int b = 0; b < before; b++) {
                write(f, b + 1, history.get(b), live);
            }
            long asOf = before;
            List<GlobalId> indexes = new ArrayList<>();
            List<Long> dataflows = new ArrayList<>();
            indexes.add(GlobalId.user(10));
            dataflows.add(1L);
            f.ctl.createDataflow(1, new DataflowDescription("original", Map.of(SplitFixture.T, SplitFixture.KV), Map.of(),
                    List.of(), Map.of(indexes.get(0), new DataflowDescription.IndexExport(SplitFixture.T, key)),
                    Frontier.at(asOf))).get(20, TimeUnit.SECONDS);
            for (Duplicate d : duplicates) {
                GlobalId source = indexes.get(d.of() % indexes.size());
                GlobalId id = GlobalId.user(10 + indexes.size());
                long df = dataflows.size() + 1;
                DataflowDescription.IndexExport export = d.reexport()
                        ? DataflowDescription.IndexExport.reexport(SplitFixture.T, key, source)
                        : new DataflowDescription.IndexExport(SplitFixture.T, key);
                int arrangementsBefore = f.arrangements.size();
                f.ctl.createDataflow(df, new DataflowDescription("copy of " + source, Map.of(),
                        Map.of(source, new DataflowDescription.IndexImport(SplitFixture.T, key)), List.of(),
                        Map.of(id, export), Frontier.at(asOf))).get(20, TimeUnit.SECONDS);
                List<DataflowStats> stats = f.ctl.runtime().stats(df);
                for (DataflowStats s : stats) {
                    assertEquals(stats.get(0), s, "identical graphs on every worker");
                }
                if (d.reexport()) {
                    assertEquals(new DataflowStats(List.of(), 0), stats.get(0), "a re-export builds no operator");
                    assertEquals(arrangementsBefore, f.arrangements.size(), "and makes no arrangement");
                } else {
                    assertTrue(stats.get(0).operators().size() > 0, "an arrangement of its own is built");
                    assertTrue(f.arrangements.containsKey(id + ".oks"));
                }
                indexes.add(id);
                dataflows.add(df);
            }
            for (int b = before; b < history.size(); b++) {
                write(f, b + 1, history.get(b), live);
            }
            for (long t = asOf; t <= history.size(); t++) {
                List<Row> expected = f.contents(t);
                for (GlobalId id : indexes) {
                    PeekResponse r = f.peek(id, t).get(20, TimeUnit.SECONDS);
                    assertEquals(expected, assertInstanceOf(PeekResponse.Rows.class, r, id + " at " + t).rows(),
                            id + " at " + t + " of " + indexes + " " + duplicates);
                }
            }
        }
    }

    /** Appends one batch at {@code ts}: inserts, and retractions of rows that are live. */
    private static void write(SplitFixture f, long ts, List<Op> ops, Map<Row, Long> live) {
        List<Update> ups = new ArrayList<>();
        for (Op op : ops) {
            Row r = Row.of(op.k(), op.v());
            if (op.retract()) {
                if (live.getOrDefault(r, 0L) > 0) {
                    ups.add(Update.delete(r, ts));
                    live.merge(r, -1L, Long::sum);
                }
            } else {
                ups.add(Update.insert(r, ts));
                live.merge(r, 1L, Long::sum);
            }
        }
        f.write(ts, ups.toArray(new Update[0]));
    }
}
