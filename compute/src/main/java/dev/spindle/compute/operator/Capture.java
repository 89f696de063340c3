package dev.spindle.compute.operator;

import dev.spindle.common.update.Update;
import dev.spindle.compute.dataflow.InputPort;
import dev.spindle.compute.dataflow.Operator;
import java.util.List;

/** A sink that copies its input and frontier into a {@link CaptureBuffer} shared by all workers. */
public final class Capture extends Operator {
    private final InputPort in;
    private final CaptureBuffer buffer;
    private final int worker;
    private dev.spindle.common.time.Frontier reported = dev.spindle.common.time.Frontier.MIN;

    public Capture(int id, InputPort in, CaptureBuffer buffer, int worker) {
        super(id, "Capture");
        this.in = in;
        this.buffer = buffer;
        this.worker = worker;
    }

    @Override
    public boolean run() {
        List<Update> batch = in.drain();
        if (!batch.isEmpty() || reported.lessThan(in.frontier())) {
            reported = in.frontier();
            buffer.add(batch, worker, reported);
            return true;
        }
        return false;
    }
}
