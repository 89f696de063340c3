package dev.spindle.compute.operator.arrange;

import dev.spindle.common.time.Frontier;
import dev.spindle.common.update.Update;
import dev.spindle.compute.dataflow.InputPort;
import dev.spindle.compute.dataflow.Operator;
import dev.spindle.compute.dataflow.OutputPort;
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
    private List<Update> pending = new ArrayList<>();
    private Frontier upper = Frontier.MIN;

    public Arrange(int id, String name, InputPort in, ArrangementPort arrangement, OutputPort accepted) {
        super(id, name);
        this.in = in;
        this.arrangement = arrangement;
        this.accepted = accepted;
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
            arrangement.insert(sealed, upper, f);
            accepted.giveAll(sealed);
            accepted.advance(f);
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
