package dev.spindle.compute.operator.arrange;

import dev.spindle.common.row.Row;
import dev.spindle.common.time.Frontier;
import dev.spindle.common.update.Update;
import dev.spindle.compute.arrangement.batch.Batch;
import dev.spindle.compute.arrangement.batch.BatchBuilder;
import dev.spindle.compute.arrangement.batch.Description;
import dev.spindle.compute.arrangement.spine.Spine;
import dev.spindle.compute.arrangement.spine.TracePair;
import dev.spindle.compute.arrangement.trace.ArrangementSize;
import dev.spindle.compute.arrangement.trace.SharedTrace;
import dev.spindle.compute.arrangement.trace.TraceHandle;
import java.util.List;

/**
 * The production {@link ArrangementPort}: a {@link Spine} written by its worker, read through
 * {@link TraceHandle}s. Each reader's {@link Reader#allowCompaction} moves both its logical and its
 * physical hold, so the spine merges and compacts up to the meet of what its readers still need.
 *
 * <p>Thread-safety: {@link #insert}, {@link #work} and {@link #close} on the owning worker
 * thread. Readers may be used on any thread (handles and snapshots are thread-safe), but each
 * {@link KeyedReader} they return keeps a cursor and belongs to one thread.
 */
public final class SpineArrangement implements ArrangementPort {
    /** Merge work per {@link #work()} call, in updates read. */
    static final long FUEL = 1L << 14;

    private final Spine spine;
    private TraceHandle template;

    /** An arrangement readable from {@code MIN}. */
    public SpineArrangement() {
        this(Frontier.MIN);
    }

    /** An arrangement whose reads start at {@code since} (its dataflow's as-of). */
    public SpineArrangement(Frontier since) {
        TracePair pair = Spine.create(since, Spine.DEFAULT_EFFORT);
        this.spine = pair.writer();
        this.template = pair.handle();
    }

    @Override
    public SharedTrace sharedTrace() {
        return spine.trace();
    }

    /** The shared trace, for readers on other threads (the sharing registry). */
    public SharedTrace trace() {
        return spine.trace();
    }

    /** Records, batches and bytes held. */
    public ArrangementSize size() {
        return spine.size();
    }

    @Override
    public void insert(List<Row> keys, List<Update> updates, Frontier lower, Frontier upper) {
        releaseTemplate();
        BatchBuilder b = new BatchBuilder(updates.size());
        for (int i = 0; i < updates.size(); i++) {
            Update u = updates.get(i);
            b.push(keys.get(i), u.row(), u.time(), u.diff());
        }
        Batch batch = b.build(Description.of(lower, upper));
        spine.insert(batch);
    }

    @Override
    public boolean work() {
        return spine.work(FUEL);
    }

    @Override
    public Frontier upper() {
        return spine.upper();
    }

    @Override
    public Reader openReader() {
        if (template != null) {
            return new TraceHandleReader(template.cloneHandle());
        }
        SharedTrace t = spine.trace();
        return new TraceHandleReader(t.tryAcquire(t.since(), t.physicalCompaction()));
    }

    /** Once data flows, the creator's handle (which holds everything back) is no longer needed. */
    private void releaseTemplate() {
        if (template != null) {
            template.close();
            template = null;
        }
    }

    @Override
    public void close() {
        releaseTemplate();
        spine.close();
    }
}
