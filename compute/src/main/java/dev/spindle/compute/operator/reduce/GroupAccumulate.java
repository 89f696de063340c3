package dev.spindle.compute.operator.reduce;

import dev.spindle.common.error.SpindleException;
import dev.spindle.common.row.Row;
import dev.spindle.common.time.Frontier;
import dev.spindle.common.update.Consolidation;
import dev.spindle.common.update.Update;
import dev.spindle.compute.dataflow.InputPort;
import dev.spindle.compute.dataflow.Operator;
import dev.spindle.compute.dataflow.OutputPort;
import dev.spindle.compute.operator.EvalErrors;
import dev.spindle.compute.operator.arrange.KeyFunction;
import dev.spindle.compute.plan.Aggregate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * GROUP BY with COUNT, SUM and AVG of exact numbers (no DISTINCT), maintained by accumulating
 * its input's differences, as Materialize's accumulable reductions: each group keeps running
 * totals ({@link GroupAccumulator}), and a change at time {@code t} is added to them and emits
 * {@code g(after) - g(before)} at {@code t}. The cost of a change is independent of the size of
 * its group, and the operator needs no arrangement of its input (the recomputing
 * {@link GroupRecompute} reads the changed group's whole history from one).
 *
 * <h2>Why this is correct</h2>
 * Times are totally ordered, and updates are applied in time order, each time only once it is
 * sealed (the input frontier is past it), so no update can still arrive before it. If the
 * emitted outputs accumulate to {@code g(totals)} for the updates applied so far (induction),
 * applying a slice of time {@code t}'s updates to a group and emitting the difference of its
 * output keeps that true; the slices of one time telescope to {@code g(acc(t)) - g(acc(t - 1))}.
 * Exact sums do not depend on the order of their terms, so the totals are those of the group's
 * current rows, whatever order the updates came in. Nothing is emitted before the earliest time
 * still waiting to be applied (the output frontier).
 *
 * <p>Its input must be exchanged by the group key (every update of a group on one worker). Not
 * thread-safe: runs on its worker.
 */
public final class GroupAccumulate extends Operator {
    /** Updates applied per run: a large hydration takes several runs, so others interleave. */
    static final int FUEL = 1 << 16;

    private final InputPort in;
    private final KeyFunction key;
    private final Object collection;
    private final List<Aggregate> aggregates;
    private final OutputPort oks;
    private final OutputPort errs;
    private final Map<Row, GroupAccumulator> groups = new HashMap<>();
    /** Updates not yet applied, by time; those at times not yet sealed wait for their time. */
    private final TreeMap<Long, ArrayList<Update>> staged = new TreeMap<>();

    /**
     * @param in the reduce's input (whole rows), exchanged by the group key
     * @param key the group key of an input row
     * @param collection the dataflow's name, for errors
     * @param aggregates the aggregates ({@link GroupAccumulator#accumulable})
     */
    public GroupAccumulate(int id, String name, InputPort in, KeyFunction key, Object collection,
                           List<Aggregate> aggregates, OutputPort oks, OutputPort errs) {
        super(id, name);
        if (!GroupAccumulator.accumulable(aggregates)) {
            throw new IllegalArgumentException("not accumulable: " + aggregates);
        }
        this.in = in;
        this.key = key;
        this.collection = collection;
        this.aggregates = List.copyOf(aggregates);
        this.oks = oks;
        this.errs = errs;
    }

    /** Whether a reduce of {@code aggregates} (over exact numbers) can be maintained by this operator. */
    public static boolean accumulable(List<Aggregate> aggregates) {
        return GroupAccumulator.accumulable(aggregates);
    }

    @Override
    public boolean run() {
        List<Update> delta = in.drain();
        for (Update u : delta) {
            staged.computeIfAbsent(u.time(), t -> new ArrayList<>()).add(u);
        }
        boolean did = !delta.isEmpty();
        Frontier frontier = in.frontier();
        List<Update> outOk = new ArrayList<>();
        List<Update> outErr = new ArrayList<>();
        int fuel = FUEL;
        while (fuel > 0 && !staged.isEmpty() && frontier.isSealed(staged.firstKey())) {
            Map.Entry<Long, ArrayList<Update>> first = staged.firstEntry();
            ArrayList<Update> ups = first.getValue();
            int take = Math.min(fuel, ups.size());
            List<Update> slice = ups.subList(ups.size() - take, ups.size());
            apply(first.getKey(), slice, outOk, outErr);
            slice.clear();
            fuel -= take;
            if (ups.isEmpty()) {
                staged.pollFirstEntry();
            }
            did = true;
        }
        for (Update u : Consolidation.consolidate(outOk)) {
            oks.give(u);
        }
        for (Update u : Consolidation.consolidate(outErr)) {
            errs.give(u);
        }
        Frontier out = staged.isEmpty() ? frontier : frontier.meet(Frontier.at(staged.firstKey()));
        boolean moved = oks.advance(out);
        errs.advance(out);
        if (!staged.isEmpty() && frontier.isSealed(staged.firstKey())) {
            oks.flush();
            errs.flush();
            return true; // out of fuel: more sealed updates wait
        }
        return moved || did;
    }

    /** Applies {@code slice} (all at time {@code t}) and emits each touched group's difference at {@code t}. */
    private void apply(long t, List<Update> slice, List<Update> outOk, List<Update> outErr) {
        Map<Row, GroupAccumulator> touched = new LinkedHashMap<>();
        for (Update u : slice) {
            Row k = key.key(u.row());
            GroupAccumulator g = touched.get(k);
            if (g == null) {
                g = groups.computeIfAbsent(k, x -> new GroupAccumulator(aggregates.size()));
                touched.put(k, g);
            }
            g.apply(aggregates, u.row(), u.diff());
        }
        for (Map.Entry<Row, GroupAccumulator> e : touched.entrySet()) {
            GroupAccumulator g = e.getValue();
            Row ok = null;
            Row err = null;
            try {
                ok = g.evaluate(collection, aggregates, e.getKey());
            } catch (SpindleException ex) {
                err = EvalErrors.toRow(ex);
            }
            emitChange(g.output(), ok, t, outOk);
            emitChange(g.error(), err, t, outErr);
            if (g.isEmpty()) {
                groups.remove(e.getKey());
            } else {
                g.emitting(ok, err);
            }
        }
    }

    private static void emitChange(Row before, Row after, long t, List<Update> out) {
        if (before == null ? after == null : before.equals(after)) {
            return;
        }
        if (before != null) {
            out.add(new Update(before, t, -1));
        }
        if (after != null) {
            out.add(new Update(after, t, 1));
        }
    }
}
