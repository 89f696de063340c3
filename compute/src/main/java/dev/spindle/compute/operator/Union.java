package dev.spindle.compute.operator;

import dev.spindle.common.time.Frontier;
import dev.spindle.common.update.Update;
import dev.spindle.compute.dataflow.InputPort;
import dev.spindle.compute.dataflow.Operator;
import dev.spindle.compute.dataflow.OutputPort;
import java.util.List;

/** The multiset union of its inputs (diffs add); its frontier is the meet of theirs. */
public final class Union extends Operator {
    private final List<InputPort> inputs;
    private final OutputPort out;

    public Union(int id, List<InputPort> inputs, OutputPort out) {
        super(id, "Union");
        this.inputs = List.copyOf(inputs);
        this.out = out;
    }

    @Override
    public boolean run() {
        boolean did = false;
        Frontier f = Frontier.EMPTY;
        for (InputPort in : inputs) {
            List<Update> batch = in.drain();
            did |= !batch.isEmpty();
            out.giveAll(batch);
            f = f.meet(in.frontier());
        }
        return out.advance(f) || did;
    }
}
