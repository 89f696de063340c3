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
 * they receive exactly what the arrangement has accepted. A large seal (a hydration) is keyed in
 * slices of {@link #FUEL} updates and assembled by the arrangement in slices too; the accepted
 * updates and the new frontier are passed on only once the batch is in. Does fueled maintenance
 * every run.
 */
public final class Arrange extends Operator {
    private final InputPort in;
    private final ArrangementPort arrangement;
    private final OutputPort accepted;
    private final KeyFunction keyFn;
    private final OutputPort errs;
    private List<Update> pending = new ArrayList<>();
    private Frontier upper = Frontier.MIN;
    // A seal in progress: the updates before sealingTo, keyed in slices, then inserted.
    private Frontier sealingTo;
    private List<Update> sealing;
    private List<Row> keys;
    private List<Update> keyed;
    private int keyedUpTo;
    private boolean inserted;

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

    /** Updates keyed per run: a large seal (a hydration) is keyed over many runs. */
    static final int FUEL = 1 << 14;

    @Override
    public boolean run() {
        List<Update> batch = in.drain();
        pending.addAll(batch);
        boolean did = !batch.isEmpty();
        if (sealingTo == null) {
            Frontier f = in.frontier();
            if (upper.lessThan(f)) {
                List<Update> later = new ArrayList<>();
                sealing = new ArrayList<>();
                for (Update u : pending) {
                    (f.isSealed(u.time()) ? sealing : later).add(u);
                }
                pending = later;
                sealingTo = f;
                keys = new ArrayList<>(sealing.size());
                keyed = new ArrayList<>(sealing.size());
                keyedUpTo = 0;
                did = true;
            }
        }
        if (sealingTo != null) {
            did = true;
            if (keyedUpTo < sealing.size()) {
                int to = Math.min(sealing.size(), keyedUpTo + FUEL);
                for (int i = keyedUpTo; i < to; i++) {
                    Update u = sealing.get(i);
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
                keyedUpTo = to;
                if (keyedUpTo < sealing.size()) {
                    return true;
                }
            }
            if (!inserted) {
                arrangement.insert(keys, keyed, upper, sealingTo);
                inserted = true;
            }
            arrangement.work();
            if (!sealingTo.lessEqual(arrangement.upper())) {
                return true; // still being assembled
            }
            // The arrangement holds the batch: pass its updates on, then seal.
            accepted.giveAll(keyed);
            accepted.advance(sealingTo);
            if (errs != null) {
                errs.advance(sealingTo);
            }
            upper = sealingTo;
            sealingTo = null;
            inserted = false;
            sealing = null;
            keys = null;
            keyed = null;
            return true;
        }
        return arrangement.work() || did;
    }

    @Override
    public void close() {
        arrangement.close();
    }
}
