package dev.spindle.compute.operator.arrange;

import dev.spindle.common.row.Row;
import dev.spindle.common.time.Frontier;
import dev.spindle.compute.arrangement.batch.Batch;
import dev.spindle.compute.arrangement.cursor.Cursor;
import dev.spindle.compute.arrangement.trace.SharedTrace;
import dev.spindle.compute.arrangement.trace.TraceHandle;
import dev.spindle.compute.arrangement.trace.TraceSnapshot;

/**
 * An {@link ArrangementPort.Reader} over one {@link TraceHandle}: reads the handle's published
 * snapshots and moves its holds ({@link #allowCompaction} moves logical and physical together).
 *
 * <p>Thread-safety: as the handle's (any thread); each {@link KeyedReader} from
 * {@link #snapshot()} keeps a cursor and belongs to one thread.
 */
public final class TraceHandleReader implements ArrangementPort.Reader {

    private final TraceHandle handle;
    private final java.util.function.LongSupplier arranged;

    public TraceHandleReader(TraceHandle handle) {
        this(handle, () -> 0);
    }

    /** A reader that also reports its arrangement's {@link ArrangementPort#arranged()} count. */
    TraceHandleReader(TraceHandle handle, java.util.function.LongSupplier arranged) {
        this.handle = handle;
        this.arranged = arranged;
    }

    @Override
    public long arranged() {
        return arranged.getAsLong();
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
    public dev.spindle.compute.arrangement.trace.TraceSnapshot traceSnapshot() {
        return handle.snapshot();
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
    public ArrangementPort.Reader openAnother(Frontier readAt) {
        SharedTrace t = handle.trace();
        return new TraceHandleReader(t.tryAcquireAtLeast(readAt, readAt));
    }

    @Override
    public void releaseBoundaries() {
        handle.setPhysicalCompaction(Frontier.EMPTY);
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
    public dev.spindle.compute.arrangement.trace.ArrangementSize size() {
        return handle.snapshot().size();
    }

    @Override
    public void close() {
        handle.close();
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
