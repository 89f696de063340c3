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
import dev.spindle.compute.operator.arrange.ArrangementPort;
import dev.spindle.compute.operator.arrange.KeyedReader;
import dev.spindle.compute.operator.arrange.KeyFunction;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The reduction operator shared by GROUP BY, DISTINCT, threshold and top-k: whenever a group's
 * input changes at time {@code t}, it recomputes the group's output at {@code t} and at
 * {@code t - 1} from the arranged input and emits the difference at {@code t}.
 *
 * <h2>Why this is correct</h2>
 * Times are totally ordered integers. Its input is the stream of batches its arrangement
 * accepted, so every update it receives is at a sealed time, and the arrangement already holds
 * it when this operator runs (same worker, later in build order). If the emitted outputs
 * accumulate to {@code g(acc(s))} at every earlier sealed time {@code s} (induction), then at a
 * change time {@code t} the accumulated output is {@code g(acc(t - 1))}, and emitting
 * {@code g(acc(t)) - g(acc(t - 1))} restores the invariant; between change times nothing changes.
 * Reading {@code acc(t - 1)} needs the arrangement's since to be at most {@code t - 1}, so the
 * operator holds its input's logical compaction one tick behind its input frontier.
 *
 * <p>A data error of the group function (overflow, negative multiplicity) is an output too: an
 * {@code errs} update at {@code t}, retracted when the group's input changes again.
 */
public final class GroupRecompute extends Operator {
    private final InputPort in;
    private final KeyFunction key;
    private final ArrangementPort.Reader input;
    private final GroupFunction fn;
    private final OutputPort oks;
    private final OutputPort errs;
    /** Groups whose change times are known but not yet recomputed, in key order. */
    private final TreeMap<Row, TreeSet<Long>> pending = new TreeMap<>();
    /** The history of the group being recomputed (scratch, refilled per group). */
    private final GroupHistory history = new GroupHistory();
    /** Groups recomputed per run: a large hydration takes many runs, so others interleave. */
    static final int FUEL = 1024;

    /**
     * @param in the updates the arranged input accepted (whole rows)
     * @param key the group key of an input row (the arrangement's key)
     * @param input this operator's own reader of the arranged input (its hold is this operator's;
     *     closed with the operator)
     */
    public GroupRecompute(int id, String name, InputPort in, KeyFunction key, ArrangementPort.Reader input,
                          GroupFunction fn, OutputPort oks, OutputPort errs) {
        super(id, name);
        this.in = in;
        this.key = key;
        this.input = input;
        this.fn = fn;
        this.oks = oks;
        this.errs = errs;
    }

    @Override
    public boolean run() {
        List<Update> delta = in.drain();
        for (Update u : delta) {
            pending.computeIfAbsent(key.key(u.row()), k -> new TreeSet<>()).add(u.time());
        }
        boolean did = !delta.isEmpty();
        Frontier frontier = in.frontier();
        if (!pending.isEmpty()) {
            // Only sealed times are recomputed: an input (an index import) may deliver updates at
            // a time its frontier has not passed yet, and the group must not be computed before
            // all of that time's input is in. Later batches only add times at or after the input
            // frontier, so reading acc(t) for sealed pending times is unaffected by what the
            // arrangement accepts between slices, and the hold stays put until the backlog is gone.
            KeyedReader r = input.snapshot();
            List<Update> outOk = new ArrayList<>();
            List<Update> outErr = new ArrayList<>();
            List<Row> done = new ArrayList<>();
            int n = 0;
            for (Map.Entry<Row, TreeSet<Long>> e : pending.entrySet()) {
                if (n >= FUEL) {
                    break;
                }
                TreeSet<Long> times = e.getValue();
                if (!frontier.isSealed(times.first())) {
                    continue;
                }
                n++;
                Row k = e.getKey();
                history.read(r, k);
                while (!times.isEmpty() && frontier.isSealed(times.first())) {
                    long t = times.pollFirst();
                    emit(k, history, t, 1, outOk, outErr);
                    if (t > 0) {
                        emit(k, history, t - 1, -1, outOk, outErr);
                    }
                }
                if (times.isEmpty()) {
                    done.add(k);
                }
            }
            for (Row k : done) {
                pending.remove(k);
            }
            for (Update u : Consolidation.consolidate(outOk)) {
                oks.give(u);
            }
            for (Update u : Consolidation.consolidate(outErr)) {
                errs.give(u);
            }
            did |= n > 0;
            if (n >= FUEL) {
                oks.flush();
                errs.flush();
                return true;
            }
        }
        // Nothing may be emitted later at a time before the earliest unsealed pending time.
        for (TreeSet<Long> times : pending.values()) {
            frontier = frontier.meet(Frontier.at(times.first()));
        }
        boolean moved = oks.advance(frontier);
        errs.advance(frontier);
        if (moved && !frontier.isEmpty() && frontier.time() > 0) {
            input.allowCompaction(Frontier.at(frontier.time() - 1));
        }
        return moved || did;
    }

    @Override
    public void close() {
        input.close();
    }

    /** Emits {@code sign * g(acc(at))}, stamped at {@code at} for +1 and {@code at + 1} for -1. */
    private void emit(Row key, GroupHistory history, long at, int sign, List<Update> outOk, List<Update> outErr) {
        GroupHistory.Accumulated acc = history.at(at);
        long stamp = sign > 0 ? at : at + 1;
        try {
            for (RowCount rc : fn.apply(key, acc.rows(), acc.counts())) {
                outOk.add(new Update(rc.row(), stamp, sign * rc.count()));
            }
        } catch (SpindleException ex) {
            outErr.add(new Update(EvalErrors.toRow(ex), stamp, sign));
        }
    }
}
