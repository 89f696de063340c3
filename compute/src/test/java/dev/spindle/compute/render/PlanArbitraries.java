package dev.spindle.compute.render;

import dev.spindle.common.id.GlobalId;
import dev.spindle.common.row.Row;
import dev.spindle.common.type.ColumnType;
import dev.spindle.common.type.TypeKind;
import dev.spindle.common.update.Update;
import dev.spindle.compute.expr.Mfp;
import dev.spindle.compute.expr.ScalarExpr;
import dev.spindle.compute.expr.func.BinaryFunc;
import dev.spindle.compute.plan.Aggregate;
import dev.spindle.compute.plan.AggregateFunc;
import dev.spindle.compute.plan.ColumnOrder;
import dev.spindle.compute.plan.Plan;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;

/**
 * jqwik arbitraries for random plans of arity 2 (both columns BIGINT) over two tables, and for
 * table histories, so a failing case shrinks: plans towards leaves, histories towards fewer and
 * smaller batches, values towards zero.
 */
final class PlanArbitraries {
    static final ColumnType BIGINT = ColumnType.of(TypeKind.BIGINT);

    private PlanArbitraries() {
    }

    static ScalarExpr col(int i) {
        return ScalarExpr.column(i, BIGINT);
    }

    static ScalarExpr lit(long v) {
        return ScalarExpr.literal(v, BIGINT.withNullable(false));
    }

    /** A (k, v) row: k in 0..3, v in 0..5, each NULL one time in six. */
    static Arbitrary<Row> kv() {
        return Combinators.combine(Arbitraries.longs().between(0, 3).injectNull(1.0 / 6),
                Arbitraries.longs().between(0, 5).injectNull(1.0 / 6)).as((k, v) -> Row.of(k, v));
    }

    /** A plan of at most {@code depth} levels over tables {@code t1} and {@code t2}. */
    static Arbitrary<Plan> plan(int depth, GlobalId t1, GlobalId t2) {
        Arbitrary<Plan> leaf = Arbitraries.oneOf(Arbitraries.just(new Plan.Get(t1)), Arbitraries.just(new Plan.Get(t2)),
                constant());
        if (depth == 0) {
            return leaf;
        }
        Arbitrary<Plan> in = Arbitraries.lazy(() -> plan(depth - 1, t1, t2));
        int local = depth; // unique along every path from the root: depth only decreases
        return Arbitraries.oneOf(leaf,
                Combinators.combine(in, Arbitraries.integers().between(0, 1))
                        .as((p, k) -> new Plan.ArrangeBy(p, new int[] {k})),
                Combinators.combine(in, Arbitraries.of(true, false), Arbitraries.longs().between(0, 3))
                        .as(PlanArbitraries::mapFilter),
                Combinators.combine(in, in).as((a, b) -> new Plan.Union(List.of(a, b))),
                Combinators.combine(in, in).as((a, b) ->
                        new Plan.Threshold(new Plan.Union(List.of(a, new Plan.Negate(b))))), // EXCEPT ALL
                Combinators.combine(in, in).as((a, b) -> new Plan.MapFilterProject( // join on k, keep (left k, right v)
                        new Plan.Join(a, b, new int[] {0}, new int[] {0}), new Mfp(4, List.of(), List.of(), new int[] {0, 3}))),
                in.map(p -> new Plan.Reduce(p, new int[] {0}, List.of(Aggregate.of(AggregateFunc.SUM, 1)))),
                Combinators.combine(in, Arbitraries.integers().between(1, 3)).as((p, agg) -> new Plan.MapFilterProject( // accumulated
                        new Plan.Reduce(p, new int[] {0}, List.of(Aggregate.countRows(), Aggregate.of(AggregateFunc.COUNT, 1),
                                Aggregate.of(AggregateFunc.SUM, 1), Aggregate.of(AggregateFunc.AVG, 1)), true),
                        new Mfp(5, List.of(), List.of(), new int[] {0, agg}))),
                Combinators.combine(in, Arbitraries.of(true, false)).as((p, rows) -> new Plan.Reduce(p, new int[] {1},
                        List.of(rows ? Aggregate.countRows() : Aggregate.distinct(AggregateFunc.COUNT, 0)))),
                in.map(Plan.Distinct::new),
                Combinators.combine(in, Arbitraries.longs().between(1, 2), Arbitraries.longs().between(0, 1))
                        .as((p, limit, offset) -> new Plan.TopK(p, new int[] {0}, List.of(ColumnOrder.desc(1)), limit, offset)),
                in.map(p -> new Plan.Let(local, p, new Plan.Union(List.of(new Plan.GetLocal(local), new Plan.GetLocal(local))))),
                in.map(p -> new Plan.Reduce(p, new int[] {0, 1}, List.of())));
    }

    /** (k, v / k) where v > c, or (k + v, v) where k is not null. */
    private static Plan mapFilter(Plan in, boolean divide, long c) {
        if (divide) {
            ScalarExpr div = ScalarExpr.call(BinaryFunc.DIV, col(1), col(0));
            return new Plan.MapFilterProject(in, new Mfp(2, List.of(div), List.of(ScalarExpr.gt(col(1), lit(c))), new int[] {0, 2}));
        }
        ScalarExpr add = ScalarExpr.call(BinaryFunc.ADD, col(0), col(1));
        ScalarExpr pred = ScalarExpr.not(ScalarExpr.isNull(col(0)));
        return new Plan.MapFilterProject(in, new Mfp(2, List.of(add), List.of(pred), new int[] {2, 1}));
    }

    private static Arbitrary<Plan> constant() {
        return Combinators.combine(kv(), Arbitraries.longs().between(1, 2)).as((r, n) -> new Update(r, 0, n))
                .list().ofMaxSize(3).map(rows -> new Plan.Constant(rows, 2));
    }

    /** One change of a history: insert {@code row}, or (row null) retract the {@code pick}-th live row. */
    record Change(Row row, int pick) {
    }

    /** Batches of changes; {@link #history} interprets them. */
    static Arbitrary<List<List<Change>>> changes(int maxBatches) {
        Arbitrary<Change> change = Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(2, kv().map(r -> new Change(r, 0))),
                net.jqwik.api.Tuple.of(1, Arbitraries.integers().between(0, 9).map(i -> new Change(null, i))));
        return change.list().ofMaxSize(5).list().ofMinSize(1).ofMaxSize(maxBatches);
    }

    /**
     * The updates of {@code batches} batches at times 1, 2, ...: inserts as given, retractions of
     * rows that are live at that point (a retraction with nothing live is skipped), so every
     * history is valid whatever shrinking does. Batches beyond {@code changes} are empty.
     */
    static List<List<Update>> history(List<List<Change>> changes, int batches) {
        List<List<Update>> out = new ArrayList<>();
        Map<Row, Long> live = new TreeMap<>();
        for (int b = 0; b < batches; b++) {
            long ts = b + 1;
            List<Update> ups = new ArrayList<>();
            for (Change c : b < changes.size() ? changes.get(b) : List.<Change>of()) {
                if (c.row() != null) {
                    ups.add(Update.insert(c.row(), ts));
                    live.merge(c.row(), 1L, Long::sum);
                } else if (!live.isEmpty()) {
                    Row r = new ArrayList<>(live.keySet()).get(c.pick() % live.size());
                    ups.add(Update.delete(r, ts));
                    live.merge(r, -1L, Long::sum);
                    live.values().removeIf(x -> x == 0);
                }
            }
            out.add(ups);
        }
        return out;
    }
}
