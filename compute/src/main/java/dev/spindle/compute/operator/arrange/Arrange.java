package dev.spindle.compute.operator.arrange;

import dev.spindle.common.error.SpindleException;
import dev.spindle.common.time.Frontier;
import dev.spindle.common.update.Update;
import dev.spindle.compute.arrangement.batch.StagedUpdates;
import dev.spindle.compute.dataflow.InputPort;
import dev.spindle.compute.dataflow.Operator;
import dev.spindle.compute.dataflow.OutputPort;
import dev.spindle.compute.operator.EvalErrors;
import java.util.List;

/**
 * Arranges its input: keys each update as it arrives and stages it in columns
 * ({@link StagedUpdates}, no object per record), and once the input frontier passes their times
 * inserts the staged updates as one batch {@code [previous frontier, new frontier)} into its
 * {@link ArrangementPort}. Operators that read the arrangement (join, reduce) receive exactly what
 * it accepted on {@code accepted}, after the batch is in and in slices of {@link #FUEL}, then the
 * new frontier. A large seal (a hydration) is assembled by the arrangement in slices too; a run
 * keys what arrived since the last one (upstream operators give in fueled slices), so no step of
 * the seal holds the worker for long. Does fueled maintenance every run.
 */
public final class Arrange extends Operator {
    /** Accepted updates passed on per run. */
    static final int FUEL = 1 << 14;

    private final InputPort in;
    private final ArrangementPort arrangement;
    private final OutputPort accepted;
    private final KeyFunction keyFn;
    private final OutputPort errs;
    private StagedUpdates pending = new StagedUpdates();
    private Frontier upper = Frontier.MIN;
    // A seal in progress: the staged updates before sealingTo, handed to the arrangement.
    private Frontier sealingTo;
    private StagedUpdates sealing;
    private int givenUpTo;

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
        for (Update u : batch) {
            stage(u);
        }
        boolean did = !batch.isEmpty();
        if (sealingTo == null) {
            Frontier f = in.frontier();
            if (upper.lessThan(f)) {
                sealing = pending;
                pending = sealing.splitOff(f);
                sealingTo = f;
                givenUpTo = 0;
                arrangement.insert(sealing, upper, sealingTo);
                did = true;
            }
        }
        if (sealingTo == null) {
            return arrangement.work() || did;
        }
        if (!sealingTo.lessEqual(arrangement.upper())) {
            arrangement.work();
            return true; // still being assembled
        }
        // The arrangement holds the batch: pass its updates on, then seal.
        if (accepted.isConnected() && givenUpTo < sealing.size()) {
            int to = Math.min(sealing.size(), givenUpTo + FUEL);
            for (int i = givenUpTo; i < to; i++) {
                accepted.give(sealing.update(i));
            }
            givenUpTo = to;
            if (givenUpTo < sealing.size()) {
                return true;
            }
        }
        accepted.advance(sealingTo);
        if (errs != null) {
            errs.advance(sealingTo);
        }
        upper = sealingTo;
        sealingTo = null;
        sealing = null;
        return true;
    }

    private void stage(Update u) {
        if (keyFn instanceof KeyFunction.Columns c) {
            pending.pushProjected(u.row(), c.columns(), u.time(), u.diff());
            return;
        }
        try {
            pending.push(keyFn.key(u.row()), u.row(), u.time(), u.diff());
        } catch (SpindleException e) {
            if (errs == null) {
                throw e;
            }
            errs.give(new Update(EvalErrors.toRow(e), u.time(), u.diff()));
        }
    }

    @Override
    public void close() {
        arrangement.close();
    }
}
