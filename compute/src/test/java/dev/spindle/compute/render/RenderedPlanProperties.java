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
import dev.spindle.compute.runtime.RuntimeEnvironment;
import dev.spindle.compute.operator.arrange.SpineArrangement;
import dev.spindle.compute.testing.NaiveArrangement;
import dev.spindle.storage.table.TableLog;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
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
        return PlanArbitraries.col(i);
    }

    @Provide
    Arbitrary<Plan> plans() {
        return Arbitraries.integers().between(1, 3).flatMap(depth -> PlanArbitraries.plan(depth, T1, T2));
    }

    @Provide
    Arbitrary<List<List<PlanArbitraries.Change>>> histories() {
        return PlanArbitraries.changes(8);
    }

    @Property(tries = 200)
    void renderedPlansMatchTheOracleAtEveryTime(@ForAll("plans") Plan plan, @ForAll("histories") List<List<PlanArbitraries.Change>> c1,
                                               @ForAll("histories") List<List<PlanArbitraries.Change>> c2,
                                               @ForAll @IntRange(min = 0, max = 8) int beforeBatches,
                                               @ForAll @IntRange(min = 0, max = 2) int wExp,
                                               @ForAll boolean naive, @ForAll boolean viaIndex,
                                               @ForAll boolean split) throws Exception {
        naive &= !split; // only the spine can be published
        int workers = 1 << wExp;
        int batches = Math.max(c1.size(), c2.size());
        List<List<Update>> h1 = PlanArbitraries.history(c1, batches);
        List<List<Update>> h2 = PlanArbitraries.history(c2, batches);
        TableLog t1 = new TableLog(T1, KV);
        TableLog t2 = new TableLog(T2, KV);
        int before = Math.min(beforeBatches, batches);
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
        ArrangementFactory arrangements = naive ? (name, since) -> new NaiveArrangement(since) : (name, since) -> new SpineArrangement(since);
        try (ComputeController ctl = ComputeController.start(split ? RuntimeMode.SPLIT : RuntimeMode.SOLO, workers,
                ComputeController.Options.of(new RuntimeEnvironment(tables::get, arrangements)))) {
            ComputeRuntime rt = ctl.runtime();
            if (viaIndex) {
                // An index on T1 built by an earlier dataflow, imported by the one under test.
                DataflowDescription index = new DataflowDescription("t1_index", Map.of(T1, KV), Map.of(), List.of(),
                        Map.of(t1Index, new DataflowDescription.IndexExport(T1, List.of(col(0)))), Frontier.MIN);
                ctl.createDataflow(0, index).get(20, TimeUnit.SECONDS);
            }
            ctl.createDataflow(1, desc).get(20, TimeUnit.SECONDS);
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
}
