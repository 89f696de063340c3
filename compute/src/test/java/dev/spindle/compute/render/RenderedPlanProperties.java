package dev.spindle.compute.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.spindle.common.id.GlobalId;
import dev.spindle.common.row.Row;
import dev.spindle.common.time.Frontier;
import dev.spindle.common.type.Column;
import dev.spindle.common.type.ColumnType;
import dev.spindle.common.type.RelationDesc;
import dev.spindle.common.type.TypeKind;
import dev.spindle.common.update.Consolidation;
import dev.spindle.common.update.Update;
import dev.spindle.compute.controller.ComputeController;
import dev.spindle.compute.controller.RuntimeMode;
import dev.spindle.compute.expr.func.BinaryFunc;
import dev.spindle.compute.expr.Mfp;
import dev.spindle.compute.expr.ScalarExpr;
import dev.spindle.compute.operator.EvalErrors;
import dev.spindle.compute.peek.PeekRequest;
import dev.spindle.compute.peek.PeekResponse;
import dev.spindle.compute.plan.Aggregate;
import dev.spindle.compute.plan.AggregateFunc;
import dev.spindle.compute.plan.ColumnOrder;
import dev.spindle.compute.plan.DataflowDescription;
import dev.spindle.compute.plan.Plan;
import dev.spindle.compute.plan.RowSetFinishing;
import dev.spindle.compute.runtime.ComputeRuntime;
import dev.spindle.compute.operator.arrange.SpineArrangement;
import dev.spindle.compute.testing.NaiveArrangement;
import dev.spindle.storage.table.TableLog;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * Random plans over two tables, rendered into a dataflow that exports an index, checked by
 * peeking the index at every time against {@link PlanOracle} evaluating the plan from scratch on
 * the tables' contents at that time. Covers every plan node, errors flowing to {@code errs} and
 * errors-before-rows, for W = 1, 2 and 4.
 */
class RenderedPlanProperties {
    static final ColumnType BIGINT = ColumnType.of(TypeKind.BIGINT);
    static final RelationDesc KV = RelationDesc.of(new Column("k", BIGINT), new Column("v", BIGINT));
    static final GlobalId T1 = GlobalId.user(1);
    static final GlobalId T2 = GlobalId.user(2);
    static final GlobalId VIEW = GlobalId.user(3);
    static final GlobalId INDEX = GlobalId.user(4);

    static ScalarExpr col(int i) {
        return ScalarExpr.column(i, BIGINT);
    }

    static ScalarExpr lit(long v) {
        return ScalarExpr.literal(v, BIGINT.withNullable(false));
    }

    /** A random plan of arity 2 (both columns BIGINT). */
    static Plan plan(Random rnd, int depth, int[] nextLocal) {
        int choice = depth == 0 ? new int[] {0, 1, 12}[rnd.nextInt(3)] : rnd.nextInt(14);
        switch (choice) {
            case 13: // an explicit arrangement, reused by joins and reductions on the same key
                return new Plan.ArrangeBy(plan(rnd, depth - 1, nextLocal), new int[] {rnd.nextInt(2)});
            case 12: {
                List<Update> rows = new ArrayList<>();
                for (int i = rnd.nextInt(4); i > 0; i--) {
                    rows.add(new Update(kv(rnd), 0, 1 + rnd.nextInt(2)));
                }
                return new Plan.Constant(rows, 2);
            }
            case 0:
                return new Plan.Get(T1);
            case 1:
                return new Plan.Get(T2);
            case 2: { // map and filter: (k, v / k) where v > c, or (k + v, v) where k is not null
                Plan in = plan(rnd, depth - 1, nextLocal);
                if (rnd.nextBoolean()) {
                    ScalarExpr div = ScalarExpr.call(BinaryFunc.DIV, col(1), col(0));
                    ScalarExpr pred = ScalarExpr.gt(col(1), lit(rnd.nextInt(4)));
                    return new Plan.MapFilterProject(in, new Mfp(2, List.of(div), List.of(pred), new int[] {0, 2}));
                }
                ScalarExpr add = ScalarExpr.call(BinaryFunc.ADD, col(0), col(1));
                ScalarExpr pred = ScalarExpr.not(ScalarExpr.isNull(col(0)));
                return new Plan.MapFilterProject(in, new Mfp(2, List.of(add), List.of(pred), new int[] {2, 1}));
            }
            case 3:
                return new Plan.Union(List.of(plan(rnd, depth - 1, nextLocal), plan(rnd, depth - 1, nextLocal)));
            case 4: // EXCEPT ALL
                return new Plan.Threshold(new Plan.Union(List.of(plan(rnd, depth - 1, nextLocal),
                        new Plan.Negate(plan(rnd, depth - 1, nextLocal)))));
            case 5: { // join on k, keep (left k, right v)
                Plan j = new Plan.Join(plan(rnd, depth - 1, nextLocal), plan(rnd, depth - 1, nextLocal), new int[] {0}, new int[] {0});
                return new Plan.MapFilterProject(j, new Mfp(4, List.of(), List.of(), new int[] {0, 3}));
            }
            case 6:
                return new Plan.Reduce(plan(rnd, depth - 1, nextLocal), new int[] {0}, List.of(Aggregate.of(AggregateFunc.SUM, 1)));
            case 7:
                return new Plan.Reduce(plan(rnd, depth - 1, nextLocal), new int[] {1},
                        List.of(rnd.nextBoolean() ? Aggregate.countRows() : Aggregate.distinct(AggregateFunc.COUNT, 0)));
            case 8:
                return new Plan.Distinct(plan(rnd, depth - 1, nextLocal));
            case 9:
                return new Plan.TopK(plan(rnd, depth - 1, nextLocal), new int[] {0}, List.of(ColumnOrder.desc(1)),
                        1 + rnd.nextInt(2), rnd.nextInt(2));
            case 10: {
                int id = nextLocal[0]++;
                return new Plan.Let(id, plan(rnd, depth - 1, nextLocal),
                        new Plan.Union(List.of(new Plan.GetLocal(id), new Plan.GetLocal(id))));
            }
            default:
                return new Plan.Reduce(plan(rnd, depth - 1, nextLocal), new int[] {0, 1}, List.of());
        }
    }

    static Row kv(Random r) {
        return Row.of(r.nextInt(6) == 0 ? null : (long) r.nextInt(4), r.nextInt(6) == 0 ? null : (long) r.nextInt(6));
    }

    @Property(tries = 200)
    void renderedPlansMatchTheOracleAtEveryTime(@ForAll long seed, @ForAll @IntRange(min = 0, max = 2) int wExp,
                                               @ForAll @IntRange(min = 1, max = 3) int depth,
                                               @ForAll boolean naive, @ForAll boolean viaIndex,
                                               @ForAll boolean split) throws Exception {
        naive &= !split; // only the spine can be published
        Random rnd = new Random(seed);
        Plan plan = plan(rnd, depth, new int[1]);
        int workers = 1 << wExp;
        int batches = 1 + rnd.nextInt(8);
        List<List<Update>> h1 = history(rnd, batches);
        List<List<Update>> h2 = history(rnd, batches);
        TableLog t1 = new TableLog(T1, KV);
        TableLog t2 = new TableLog(T2, KV);
        int before = rnd.nextInt(batches + 1);
        for (int i = 0; i < before; i++) {
            t1.append(h1.get(i), i + 1);
            t2.append(h2.get(i), i + 1);
        }
        long asOf = before;
        GlobalId t1Index = GlobalId.user(5);
        DataflowDescription desc = new DataflowDescription("df", viaIndex ? Map.of(T2, KV) : Map.of(T1, KV, T2, KV),
                viaIndex ? Map.of(t1Index, new DataflowDescription.IndexImport(T1, List.of(col(0)))) : Map.of(),
                List.of(new DataflowDescription.BuildDesc(VIEW, plan)),
                Map.of(INDEX, new DataflowDescription.IndexExport(VIEW, List.of(col(0)))), Frontier.at(asOf));
        Map<GlobalId, TableLog> tables = Map.of(T1, t1, T2, t2);
        try (ComputeController ctl = ComputeController.start(split ? RuntimeMode.SPLIT : RuntimeMode.SOLO, workers)) {
            ComputeRuntime rt = ctl.runtime();
            ArrangementFactory arrangements = naive ? (name, since) -> new NaiveArrangement(since) : (name, since) -> new SpineArrangement(since);
            if (viaIndex) {
                // An index on T1 built by an earlier dataflow, imported by the one under test.
                DataflowDescription index = new DataflowDescription("t1_index", Map.of(T1, KV), Map.of(), List.of(),
                        Map.of(t1Index, new DataflowDescription.IndexExport(T1, List.of(col(0)))), Frontier.MIN);
                ctl.createDataflow(0, "t1_index", new DataflowRenderer(index, tables::get, arrangements));
            }
            ctl.createDataflow(1, "df", new DataflowRenderer(desc, tables::get,
                    naive ? (name, since) -> new NaiveArrangement(since) : (name, since) -> new SpineArrangement(since)));
            for (int i = before; i < batches; i++) {
                t1.append(h1.get(i), i + 1);
                t2.append(h2.get(i), i + 1);
            }
            List<Update> all1 = h1.stream().flatMap(List::stream).toList();
            List<Update> all2 = h2.stream().flatMap(List::stream).toList();
            for (long t = asOf; t <= batches; t++) {
                PlanOracle.Result expected = plan.accept(new PlanOracle("df",
                        Map.of(T1, Consolidation.accumulate(all1, t), T2, Consolidation.accumulate(all2, t))));
                PeekResponse got = ctl.peek(new PeekRequest(UUID.randomUUID(), INDEX, t, null, null,
                        RowSetFinishing.none())).get(20, TimeUnit.SECONDS);
                String ctx = "at " + t + " (as of " + asOf + ", W=" + workers + ", naive=" + naive + ", viaIndex="
                        + viaIndex + ", split=" + split + ") plan " + plan;
                if (!expected.errs().isEmpty()) {
                    if (!(got instanceof PeekResponse.Error)) {
                        fail("expected one of " + expected.errs().keySet() + " but got " + got + " " + ctx);
                    }
                    Row err = EvalErrors.toRow(((PeekResponse.Error) got).error());
                    assertTrue(expected.errs().containsKey(err), "error " + err + " not in " + expected.errs() + " " + ctx);
                } else if (expected.oks().values().stream().anyMatch(n -> n < 0)) {
                    assertTrue(got instanceof PeekResponse.Error, ctx);
                } else {
                    List<Row> rows = new ArrayList<>();
                    new TreeMap<>(expected.oks()).forEach((r, n) -> {
                        for (long i = 0; i < n; i++) {
                            rows.add(r);
                        }
                    });
                    if (!(got instanceof PeekResponse.Rows)) {
                        fail("expected rows but got " + got + " " + ctx);
                    }
                    assertEquals(rows, ((PeekResponse.Rows) got).rows(), ctx);
                }
            }
            assertTrue(rt.failures().isEmpty(), () -> rt.failures().toString());
        }
    }

    static List<List<Update>> history(Random rnd, int batches) {
        List<List<Update>> out = new ArrayList<>();
        Map<Row, Long> live = new TreeMap<>();
        for (int b = 0; b < batches; b++) {
            long ts = b + 1;
            List<Update> ups = new ArrayList<>();
            for (int i = rnd.nextInt(6); i > 0; i--) {
                if (!live.isEmpty() && rnd.nextInt(3) == 0) {
                    Row r = new ArrayList<>(live.keySet()).get(rnd.nextInt(live.size()));
                    ups.add(Update.delete(r, ts));
                    live.merge(r, -1L, Long::sum);
                    live.values().removeIf(x -> x == 0);
                } else {
                    Row r = kv(rnd);
                    ups.add(Update.insert(r, ts));
                    live.merge(r, 1L, Long::sum);
                }
            }
            out.add(ups);
        }
        return out;
    }
}
