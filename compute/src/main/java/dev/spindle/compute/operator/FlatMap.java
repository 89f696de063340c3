package dev.spindle.compute.operator;

import dev.spindle.common.error.SpindleException;
import dev.spindle.common.row.Row;
import dev.spindle.common.update.Update;
import dev.spindle.compute.dataflow.InputPort;
import dev.spindle.compute.dataflow.Operator;
import dev.spindle.compute.dataflow.OutputPort;
import java.util.List;

/**
 * Applies a {@link RowFunction} to every update: each output row inherits the input's time and
 * diff. A data error goes to {@code errs} as an update of {@link EvalErrors#toRow} with the same
 * time and diff, so retracting the input retracts the error. Errors never stop the operator.
 */
public final class FlatMap extends Operator {
    private final InputPort in;
    private final OutputPort oks;
    private final OutputPort errs;
    private final RowFunction fn;

    public FlatMap(int id, String name, InputPort in, RowFunction fn, OutputPort oks, OutputPort errs) {
        super(id, name);
        this.in = in;
        this.fn = fn;
        this.oks = oks;
        this.errs = errs;
    }

    @Override
    public boolean run() {
        List<Update> batch = in.drain();
        for (Update u : batch) {
            try {
                fn.apply(u.row(), (Row r) -> oks.give(new Update(r, u.time(), u.diff())));
            } catch (SpindleException e) {
                errs.give(new Update(EvalErrors.toRow(e), u.time(), u.diff()));
            }
        }
        boolean moved = oks.advance(in.frontier());
        errs.advance(in.frontier());
        return !batch.isEmpty() || moved;
    }
}
