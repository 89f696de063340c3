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
    private static final int BATCHES_PER_RUN = 16;

    private final Subscription subscription;
    private final OutputPort out;
    private final Frontier asOf;
    private final int worker;
    private final int workers;

    public TableSource(int id, TableLog table, Frontier asOf, OutputPort out, int worker, int workers, Waker waker) {
        super(id, "TableSource(" + table.id() + ")");
        Frontier since = table.since();
        if (!since.lessEqual(asOf)) {
            throw new SpindleException(ErrorCode.READ_BEFORE_SINCE_3, table.id(), asOf, since);
        }
        this.subscription = table.listen(since);
        this.subscription.onAppend(waker::wake);
        this.asOf = asOf;
        this.out = out;
        this.worker = worker;
        this.workers = workers;
    }

    @Override
    public boolean run() {
        boolean did = false;
        for (int i = 0; i < BATCHES_PER_RUN; i++) {
            TableBatch b = subscription.poll();
            if (b == null) {
                return did;
            }
            did = true;
            for (Update u : b.updates()) {
                if (workers == 1 || Math.floorMod(u.row().hash64(), (long) workers) == worker) {
                    out.give(u.withTime(Timestamp.advanceBy(u.time(), asOf)));
                }
            }
            out.advance(b.upper());
        }
        return true;
    }

    @Override
    public void close() {
        subscription.close();
    }
}
