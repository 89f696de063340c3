package dev.spindle.compute.operator.arrange;

import dev.spindle.common.row.Row;
import dev.spindle.common.time.Frontier;
import dev.spindle.common.update.Update;
import dev.spindle.compute.arrangement.batch.Batch;
import dev.spindle.compute.arrangement.batch.BatchBuilder;
import dev.spindle.compute.arrangement.batch.Description;
import dev.spindle.compute.arrangement.cursor.Cursor;
import dev.spindle.compute.arrangement.spine.Spine;
import dev.spindle.compute.arrangement.spine.TracePair;
import dev.spindle.compute.arrangement.trace.ArrangementSize;
import dev.spindle.compute.arrangement.trace.SharedTrace;
import dev.spindle.compute.arrangement.trace.TraceHandle;
import dev.spindle.compute.arrangement.trace.TraceSnapshot;
import dev.spindle.compute.operator.reduce.KeyedReader;
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
            return new HandleReader(template.cloneHandle());
        }
        SharedTrace t = spine.trace();
        return new HandleReader(t.tryAcquire(t.since(), t.physicalCompaction()));
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

    /** A reader over one trace handle. */
    private static final class HandleReader implements Reader {
        private final TraceHandle handle;

        HandleReader(TraceHandle handle) {
            this.handle = handle;
        }

        @Override
        public KeyedReader snapshot() {
            return new CursorReader(handle.snapshot().cursor());
        }

        @Override
        public void scan(KeyedReader.EntryConsumer consumer) {
            Cursor c = handle.snapshot().cursor();
            for (; c.keyValid(); c.stepKey()) {
                for (; c.valValid(); c.stepVal()) {
                    Row val = c.val();
                    c.forEachTime((t, d) -> consumer.accept(val, t, d));
                }
            }
        }

        @Override
        public Frontier upper() {
            return handle.snapshot().upper();
        }

        /** The compaction granted to the writer (published batches may still hold older times). */
        @Override
        public Frontier since() {
            return handle.trace().since();
        }

        @Override
        public void allowCompaction(Frontier since) {
            handle.setLogicalCompaction(since);
            handle.setPhysicalCompaction(since);
        }

        @Override
        public Reader openAnother(Frontier readAt) {
            SharedTrace t = handle.trace();
            return new HandleReader(t.tryAcquire(readAt, t.physicalCompaction().meet(readAt)));
        }

        @Override
        public void holdFrom(Frontier from) {
            if (!from.isEmpty() && from.time() > 0) {
                handle.setLogicalCompaction(Frontier.at(from.time() - 1));
            }
            handle.setPhysicalCompaction(from);
        }

        @Override
        public void readFrom(Frontier from, KeyedReader.EntryConsumer consumer) {
            TraceSnapshot s = handle.snapshot();
            for (Batch b : s.batches()) {
                if (from.lessThan(b.description().upper()) && !b.isEmpty()) {
                    Cursor c = b.cursor();
                    for (; c.keyValid(); c.stepKey()) {
                        for (; c.valValid(); c.stepVal()) {
                            Row val = c.val();
                            c.forEachTime((t, d) -> {
                                if (from.lessEqual(t)) {
                                    consumer.accept(val, t, d);
                                }
                            });
                        }
                    }
                }
            }
        }

        @Override
        public SharedTrace sharedTrace() {
            return handle.trace();
        }

        @Override
        public void close() {
            handle.close();
        }
    }

    /** Key lookups over one snapshot's cursor; rewinds when asked for a key behind it. */
    private static final class CursorReader implements KeyedReader {
        private final Cursor cursor;

        CursorReader(Cursor cursor) {
            this.cursor = cursor;
        }

        @Override
        public void read(Row key, EntryConsumer consumer) {
            if (cursor.keyValid() && cursor.compareKey(key) > 0) {
                cursor.rewind();
            }
            cursor.seekKey(key);
            if (!cursor.keyValid() || cursor.compareKey(key) != 0) {
                return;
            }
            for (; cursor.valValid(); cursor.stepVal()) {
                Row val = cursor.val();
                cursor.forEachTime((t, d) -> consumer.accept(val, t, d));
            }
        }
    }
}
