package dev.spindle.compute.operator;

import dev.spindle.common.time.Frontier;
import dev.spindle.common.time.Timestamp;
import dev.spindle.common.update.Update;
import dev.spindle.compute.dataflow.OutputPort;
import dev.spindle.compute.dataflow.Operator;
import java.util.List;

/**
 * A fixed collection: gives its updates (times advanced to {@code asOf}) once and closes its
 * output. Worker 0 gives everything; other workers only close their output.
 */
public final class ConstantSource extends Operator {
    private final List<Update> updates;
    private final Frontier asOf;
    private final OutputPort out;
    private final boolean giver;
    private boolean done;

    public ConstantSource(int id, List<Update> updates, Frontier asOf, OutputPort out, int worker) {
        super(id, "Constant");
        this.updates = List.copyOf(updates);
        this.asOf = asOf;
        this.out = out;
        this.giver = worker == 0;
    }

    @Override
    public boolean run() {
        if (done) {
            return false;
        }
        done = true;
        if (giver) {
            for (Update u : updates) {
                out.give(u.withTime(Timestamp.advanceBy(u.time(), asOf)));
            }
        }
        out.advance(Frontier.EMPTY);
        return true;
    }
}
