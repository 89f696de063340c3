package dev.spindle.compute.operator;

import dev.spindle.common.update.Update;
import dev.spindle.compute.dataflow.InputPort;
import dev.spindle.compute.dataflow.Operator;
import dev.spindle.compute.dataflow.OutputPort;
import java.util.List;

/** Negates every diff: the collection's additive inverse (used for EXCEPT ALL and retractions). */
public final class Negate extends Operator {
    private final InputPort in;
    private final OutputPort out;

    public Negate(int id, InputPort in, OutputPort out) {
        super(id, "Negate");
        this.in = in;
        this.out = out;
    }

    @Override
    public boolean run() {
        List<Update> batch = in.drain();
        for (Update u : batch) {
            out.give(u.negate());
        }
        return out.advance(in.frontier()) || !batch.isEmpty();
    }
}
