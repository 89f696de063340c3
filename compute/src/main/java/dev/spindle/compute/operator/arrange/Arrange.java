package dev.spindle.compute.operator.arrange;

import dev.spindle.common.error.SpindleException;
import dev.spindle.common.row.Row;
import dev.spindle.common.time.Frontier;
import dev.spindle.common.update.Update;
import dev.spindle.compute.dataflow.InputPort;
import dev.spindle.compute.dataflow.Operator;
import dev.spindle.compute.dataflow.OutputPort;
import dev.spindle.compute.operator.EvalErrors;
import java.util.ArrayList;
import java.util.List;

/**
 * Arranges its input: buffers updates until the input frontier passes their times, then inserts
 * them as one batch {@code [previous frontier, new frontier)} into its {@link ArrangementPort}
 * and passes the same updates on to the operators that read the arrangement (join, reduce), so
 * they receive exactly what the arrangement has accepted. Does fueled maintenance every run.
 */
public final class Arrange extends Operator {
    private final InputPort in;
    private final ArrangementPort arrangement;
    private final OutputPort accepted;
    private final KeyFunction keyFn;
    private final OutputPort errs;
    private List<Update> pending = new ArrayList<>();
    private Frontier upper = Frontier.MIN;

    /**
     * @param keyFn the key of each row; its data errors go to {@code errs} (null when the key is
     *     a projection of columns, which cannot fail)
     * @param accepted receives the updates the arrangement accepted, for operators reading it
     */
    public Arrange(int id, String name, InputPort in, KeyFunction keyFn, ArrangementPort arrangement,
                   OutputPort accepted, OutputPort errs) {
        super(id, name);
        this.in = in;
        this.keyFn = keyFn;
        this.arrangement = arrangement;
        this.accepted = accepted;
        this.errs = errs;
    }

    /** The arrangement this operator maintains. */
    public ArrangementPort arrangement() {
        return arrangement;
    }

    @Override
    public boolean run() {
        List<Update> batch = in.drain();
        pending.addAll(batch);
        Frontier f = in.frontier();
        boolean did = !batch.isEmpty();
        if (upper.lessThan(f)) {
            List<Update> sealed = new ArrayList<>();
            List<Update> later = new ArrayList<>();
            for (Update u : pending) {
                (f.isSealed(u.time()) ? sealed : later).add(u);
            }
            pending = later;
            List<Row> keys = new ArrayList<>(sealed.size());
            List<Update> keyed = new ArrayList<>(sealed.size());
            for (Update u : sealed) {
                try {
                    keys.add(keyFn.key(u.row()));
                    keyed.add(u);
                } catch (SpindleException e) {
                    if (errs == null) {
                        throw e;
                    }
                    errs.give(new Update(EvalErrors.toRow(e), u.time(), u.diff()));
                }
            }
            arrangement.insert(keys, keyed, upper, f);
            accepted.giveAll(keyed);
            accepted.advance(f);
            if (errs != null) {
                errs.advance(f);
            }
            upper = f;
            did = true;
        }
        return arrangement.work() || did;
    }

    @Override
    public void close() {
        arrangement.close();
    }
}
