package dev.spindle.compute.render;

import dev.spindle.common.error.SpindleException;
import dev.spindle.common.id.GlobalId;
import dev.spindle.common.row.Row;
import dev.spindle.compute.operator.EvalErrors;
import dev.spindle.compute.operator.reduce.GroupFunction;
import dev.spindle.compute.operator.reduce.GroupFunctions;
import dev.spindle.compute.operator.reduce.RowCount;
import dev.spindle.compute.plan.Plan;
import dev.spindle.compute.plan.PlanVisitor;
import dev.spindle.common.update.Update;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * Evaluates a plan from scratch on whole input collections: the oracle the rendered, incremental
 * dataflow is checked against. Collections are maps from row to (non-zero) count; errors are the
 * same error rows the dataflow produces.
 */
final class PlanOracle implements PlanVisitor<PlanOracle.Result> {
    record Result(Map<Row, Long> oks, Map<Row, Long> errs) {
    }

    private final Map<GlobalId, Map<Row, Long>> inputs;
    private final Map<Integer, Result> locals = new HashMap<>();
    private final String name;

    PlanOracle(String name, Map<GlobalId, Map<Row, Long>> inputs) {
        this.name = name;
        this.inputs = inputs;
    }

    private static void add(Map<Row, Long> m, Row r, long n) {
        if (m.merge(r, n, Long::sum) == 0L) {
            m.remove(r);
        }
    }

    private static Map<Row, Long> sum(Map<Row, Long> a, Map<Row, Long> b, long sign) {
        Map<Row, Long> out = new TreeMap<>(a);
        b.forEach((r, n) -> add(out, r, sign * n));
        return out;
    }

    @Override
    public Result visitConstant(Plan.Constant p) {
        Map<Row, Long> m = new TreeMap<>();
        for (Update u : p.rows()) {
            add(m, u.row(), u.diff());
        }
        return new Result(m, Map.of());
    }

    @Override
    public Result visitGet(Plan.Get p) {
        return new Result(new TreeMap<>(inputs.get(p.id())), Map.of());
    }

    @Override
    public Result visitGetLocal(Plan.GetLocal p) {
        return locals.get(p.localId());
    }

    @Override
    public Result visitLet(Plan.Let p) {
        locals.put(p.localId(), p.value().accept(this));
        return p.body().accept(this);
    }

    @Override
    public Result visitMfp(Plan.MapFilterProject p) {
        Result in = p.input().accept(this);
        Map<Row, Long> oks = new TreeMap<>();
        Map<Row, Long> errs = new TreeMap<>(in.errs());
        in.oks().forEach((r, n) -> {
            try {
                Row out = p.mfp().apply(r);
                if (out != null) {
                    add(oks, out, n);
                }
            } catch (SpindleException e) {
                add(errs, EvalErrors.toRow(e), n);
            }
        });
        return new Result(oks, errs);
    }

    @Override
    public Result visitUnion(Plan.Union p) {
        Map<Row, Long> oks = new TreeMap<>();
        Map<Row, Long> errs = new TreeMap<>();
        for (Plan q : p.inputs()) {
            Result r = q.accept(this);
            oks = sum(oks, r.oks(), 1);
            errs = sum(errs, r.errs(), 1);
        }
        return new Result(oks, errs);
    }

    @Override
    public Result visitNegate(Plan.Negate p) {
        Result in = p.input().accept(this);
        return new Result(sum(Map.of(), in.oks(), -1), in.errs());
    }

    @Override
    public Result visitArrangeBy(Plan.ArrangeBy p) {
        return p.input().accept(this);
    }

    @Override
    public Result visitJoin(Plan.Join p) {
        Result l = p.left().accept(this);
        Result r = p.right().accept(this);
        Map<Row, Long> oks = new TreeMap<>();
        l.oks().forEach((a, n) -> r.oks().forEach((b, m) -> {
            Row ka = a.project(p.leftKey());
            if (ka.equals(b.project(p.rightKey())) && !java.util.Arrays.asList(ka.toArray()).contains(null)) {
                add(oks, a.concat(b), n * m);
            }
        }));
        return new Result(oks, sum(l.errs(), r.errs(), 1));
    }

    private Result group(Result in, Function<Row, Row> key, GroupFunction fn) {
        Map<Row, Map<Row, Long>> groups = new TreeMap<>();
        in.oks().forEach((r, n) -> groups.computeIfAbsent(key.apply(r), k -> new TreeMap<>()).put(r, n));
        Map<Row, Long> oks = new TreeMap<>();
        Map<Row, Long> errs = new TreeMap<>(in.errs());
        groups.forEach((k, rows) -> {
            List<Row> rs = new ArrayList<>(rows.keySet());
            long[] counts = rows.values().stream().mapToLong(Long::longValue).toArray();
            try {
                for (RowCount rc : fn.apply(k, rs, counts)) {
                    add(oks, rc.row(), rc.count());
                }
            } catch (SpindleException e) {
                add(errs, EvalErrors.toRow(e), 1);
            }
        });
        return new Result(oks, errs);
    }

    @Override
    public Result visitReduce(Plan.Reduce p) {
        return group(p.input().accept(this), r -> r.project(p.groupKey()), GroupFunctions.reduce(name, p.aggregates()));
    }

    @Override
    public Result visitDistinct(Plan.Distinct p) {
        return group(p.input().accept(this), r -> r, GroupFunctions.distinct(name));
    }

    @Override
    public Result visitThreshold(Plan.Threshold p) {
        return group(p.input().accept(this), r -> r, GroupFunctions.threshold());
    }

    @Override
    public Result visitTopK(Plan.TopK p) {
        return group(p.input().accept(this), r -> r.project(p.groupKey()),
                GroupFunctions.topK(name, p.order(), p.limit(), p.offset()));
    }
}
