package dev.spindle.compute.operator;

import dev.spindle.common.error.ErrorCode;
import dev.spindle.common.error.SpindleException;
import dev.spindle.common.time.Frontier;
import dev.spindle.common.time.Timestamp;
import dev.spindle.common.update.Update;
import dev.spindle.compute.dataflow.OutputPort;
import dev.spindle.compute.dataflow.Operator;
import dev.spindle.compute.dataflow.Waker;
import dev.spindle.storage.table.Subscription;
import dev.spindle.storage.table.TableBatch;
import dev.spindle.storage.table.TableLog;

/**
 * Imports a table into a dataflow at {@code asOf}: its contents at {@code asOf} (every update at
 * or before it, advanced to {@code asOf}) and then every later update as the table's writer
 * appends it. Each worker keeps the rows that hash to it, so the workers together import the
 * table exactly once. The output frontier follows the table's upper.
 *
 * <p>Reads the table through a {@link Subscription} whose waker wakes this worker; never blocks.
 */
public final class TableSource extends Operator {
    /** Updates handled per run: hydrating a large table takes many runs, so others interleave. */
    static final int FUEL = 4096;

    private final Subscription subscription;
    private final OutputPort out;
    private final Frontier asOf;
    private final int worker;
    private final int workers;
    private TableBatch current;
    private int position;

    public TableSource(int id, TableLog table, Frontier asOf, OutputPort out, int worker, int workers, Waker waker) {
        super(id, "TableSource(" + table.id() + ")");
        Frontier since = table.since();
        if (!since.lessEqual(asOf)) {
            throw new SpindleException(ErrorCode.READ_BEFORE_SINCE_3, table.id(), asOf, since);
        }
        this.subscription = table.listen(since);
        this.subscription.onAppend(waker.asRunnable());
        this.asOf = asOf;
        this.out = out;
        this.worker = worker;
        this.workers = workers;
    }

    @Override
    public boolean run() {
        int fuel = FUEL;
        boolean did = false;
        while (fuel > 0) {
            if (current == null) {
                current = subscription.poll();
                position = 0;
                if (current == null) {
                    return did;
                }
            }
            did = true;
            java.util.List<Update> ups = current.updates();
            int end = Math.min(ups.size(), position + fuel);
            for (int i = position; i < end; i++) {
                Update u = ups.get(i);
                if (workers == 1 || Math.floorMod(u.row().hash64(), (long) workers) == worker) {
                    out.give(u.withTime(Timestamp.advanceBy(u.time(), asOf)));
                }
            }
            fuel -= Math.max(1, end - position);
            position = end;
            if (position == ups.size()) {
                out.advance(current.upper());
                current = null;
            }
        }
        return true;
    }

    @Override
    public void close() {
        subscription.close();
    }
}
