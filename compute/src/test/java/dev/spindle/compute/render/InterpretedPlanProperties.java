package dev.spindle.compute.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.spindle.common.id.GlobalId;
import dev.spindle.common.row.Row;
import dev.spindle.common.time.Frontier;
import dev.spindle.common.update.Consolidation;
import dev.spindle.common.update.Update;
import dev.spindle.compute.controller.ComputeController;
import dev.spindle.compute.controller.RuntimeMode;
import dev.spindle.compute.expr.Mfp;
import dev.spindle.compute.expr.ScalarExpr;
import dev.spindle.compute.expr.func.BinaryFunc;
import dev.spindle.compute.operator.EvalErrors;
import dev.spindle.compute.peek.PeekRequest;
import dev.spindle.compute.peek.PeekResponse;
import dev.spindle.compute.plan.ColumnOrder;
import dev.spindle.compute.plan.DataflowDescription;
import dev.spindle.compute.plan.Plan;
import dev.spindle.compute.plan.RowSetFinishing;
import dev.spindle.compute.runtime.RuntimeEnvironment;
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
import net.jqwik.api.statistics.Statistics;

/**
 * The slow path evaluated in the caller's thread ({@code ComputeController.tryPeekTransientInline},
 * package {@code interp}) against the rendered transient dataflow ({@code peekTransient}) and
 * {@link PlanOracle}: random plans over two tables (one of them read through a published index on
 * split runtimes), an export key that may fail, a dividing filter right above a join (or a cross
 * product), W = 1, 2 and 4, with and without a finishing. The
 * in-thread answer must be exactly the workers' answer: the same rows in the same order, or the
 * same error (which error when several, as the workers' partitions and the merge choose it).
 */
class InterpretedPlanProperties {
    static final GlobalId T1 = GlobalId.user(1);
    static final GlobalId T2 = GlobalId.user(2);
    static final GlobalId VIEW = GlobalId.user(3);
    static final GlobalId INDEX = GlobalId.user(4);
    static final GlobalId T1_INDEX = GlobalId.user(5);

    @Provide
    Arbitrary<Plan> plans() {
        return Arbitraries.integers().between(1, 3).flatMap(depth -> PlanArbitraries.plan(depth, T1, T2));
    }

    @Provide
    Arbitrary<List<List<PlanArbitraries.Change>>> histories() {
        return PlanArbitraries.changes(6);
    }

    @Property(tries = 200)
    void inlineAnswersAreTheWorkersAnswers(@ForAll("plans") Plan plan, @ForAll("histories") List<List<PlanArbitraries.Change>> c1,
                                           @ForAll("histories") List<List<PlanArbitraries.Change>> c2,
                                           @ForAll @IntRange(min = 0, max = 6) int readAt,
                                           @ForAll @IntRange(min = 0, max = 2) int wExp,
                                           @ForAll boolean split, @ForAll boolean viaIndex, @ForAll boolean failingKey,
                                           @ForAll boolean finished, @ForAll @IntRange(min = 0, max = 2) int joinAbove)
            throws Exception {
        if (joinAbove > 0) {
            // (k, v / t2.k) for rows joined with t2 (on k, or every pair) where t2.v > 1: a map that
            // filters and divides right above a join, fused in the evaluator; t2.k = 0 divides by zero
            Mfp divide = new Mfp(4, List.of(ScalarExpr.call(BinaryFunc.DIV, PlanArbitraries.col(1), PlanArbitraries.col(2))),
                    List.of(ScalarExpr.gt(PlanArbitraries.col(3), PlanArbitraries.lit(1))), new int[] {0, 4});
            int[] key = joinAbove == 1 ? new int[] {0} : new int[0];
            plan = new Plan.MapFilterProject(new Plan.Join(plan, new Plan.Get(T2), key, key), divide);
        }
        viaIndex &= split; // indexes are read in the caller's thread from the split runtimes' registries
        int workers = 1 << wExp;
        int batches = Math.max(c1.size(), c2.size());
        List<List<Update>> h1 = PlanArbitraries.history(c1, batches);
        List<List<Update>> h2 = PlanArbitraries.history(c2, batches);
        TableLog t1 = new TableLog(T1, RenderedPlanProperties.KV);
        TableLog t2 = new TableLog(T2, RenderedPlanProperties.KV);
        for (int i = 0; i < batches; i++) {
            t1.append(h1.get(i), i + 1);
            t2.append(h2.get(i), i + 1);
        }
        long t = Math.min(readAt, batches);
        ScalarExpr key = failingKey
                ? ScalarExpr.call(BinaryFunc.DIV, PlanArbitraries.lit(12), PlanArbitraries.col(1)) // 0 divides by zero
                : PlanArbitraries.col(0);
        DataflowDescription desc = new DataflowDescription("df",
                viaIndex ? Map.of(T2, RenderedPlanProperties.KV) : Map.of(T1, RenderedPlanProperties.KV, T2, RenderedPlanProperties.KV),
                viaIndex ? Map.of(T1_INDEX, new DataflowDescription.IndexImport(T1, List.of(PlanArbitraries.col(0)))) : Map.of(),
                List.of(new DataflowDescription.BuildDesc(VIEW, plan)),
                Map.of(INDEX, new DataflowDescription.IndexExport(VIEW, List.of(key))), Frontier.at(t));
        RowSetFinishing finishing = finished
                ? new RowSetFinishing(List.of(ColumnOrder.desc(1), ColumnOrder.asc(0)), 3, 1, new int[] {1})
                : RowSetFinishing.none();
        Map<GlobalId, TableLog> tables = Map.of(T1, t1, T2, t2);
        try (ComputeController ctl = ComputeController.start(split ? RuntimeMode.SPLIT : RuntimeMode.SOLO, workers,
                ComputeController.Options.of(RuntimeEnvironment.of(tables::get)))) {
            if (viaIndex) {
                DataflowDescription index = new DataflowDescription("t1_index", Map.of(T1, RenderedPlanProperties.KV), Map.of(),
                        List.of(), Map.of(T1_INDEX, new DataflowDescription.IndexExport(T1, List.of(PlanArbitraries.col(0)))),
                        Frontier.MIN);
                ctl.createDataflow(0, index).get(20, TimeUnit.SECONDS);
            }
            PeekRequest request = new PeekRequest(UUID.randomUUID(), INDEX, t, null, null, finishing);
            // the workers first: once they answered, the imported index is sealed past t everywhere
            PeekResponse rendered = ctl.peekTransient(1, desc, request).get(20, TimeUnit.SECONDS);
            PeekResponse inline = ctl.tryPeekTransientInline(desc,
                    new PeekRequest(UUID.randomUUID(), INDEX, t, null, null, finishing), () -> { });
            String ctx = "at " + t + " (W=" + workers + ", split=" + split + ", viaIndex=" + viaIndex + ", failingKey="
                    + failingKey + ") plan " + plan;
            Statistics.collect(rendered.getClass().getSimpleName(), workers);
            assertNotNull(inline, "inputs sealed past " + t + " but not answered inline: " + ctx);
            if (rendered instanceof PeekResponse.Error) {
                if (!(inline instanceof PeekResponse.Error)) {
                    fail("workers answered " + rendered + ", inline " + inline + " " + ctx);
                }
                assertEquals(((PeekResponse.Error) rendered).error().sqlState(), ((PeekResponse.Error) inline).error().sqlState(), ctx);
                assertEquals(((PeekResponse.Error) rendered).error().getMessage(), ((PeekResponse.Error) inline).error().getMessage(), ctx);
            } else {
                if (!(inline instanceof PeekResponse.Rows)) {
                    fail("workers answered " + rendered + ", inline " + inline + " " + ctx);
                }
                assertEquals(((PeekResponse.Rows) rendered).rows(), ((PeekResponse.Rows) inline).rows(), ctx);
            }
            if (!failingKey && !finished) {
                checkOracle(plan, h1, h2, t, inline, ctx);
            }
        }
    }

    /** The oracle's answer, as {@link RenderedPlanProperties} checks it. */
    private static void checkOracle(Plan plan, List<List<Update>> h1, List<List<Update>> h2, long t, PeekResponse got, String ctx) {
        List<Update> all1 = h1.stream().flatMap(List::stream).toList();
        List<Update> all2 = h2.stream().flatMap(List::stream).toList();
        PlanOracle.Result expected = plan.accept(new PlanOracle("df",
                Map.of(T1, Consolidation.accumulate(all1, t), T2, Consolidation.accumulate(all2, t))));
        if (!expected.errs().isEmpty()) {
            assertTrue(got instanceof PeekResponse.Error, ctx);
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
            assertTrue(got instanceof PeekResponse.Rows, ctx);
            assertEquals(rows, ((PeekResponse.Rows) got).rows(), ctx);
        }
    }
}
