package dev.spindle.compute.export;

import dev.spindle.common.error.SpindleException;
import dev.spindle.common.time.Frontier;
import dev.spindle.compute.arrangement.trace.SharedTrace;
import dev.spindle.compute.arrangement.trace.TraceHandle;
import dev.spindle.compute.operator.arrange.ArrangementPort;
import dev.spindle.compute.operator.arrange.TraceHandleReader;
import dev.spindle.compute.operator.arrange.KeyedReader;
import dev.spindle.common.id.GlobalId;
import dev.spindle.compute.sharing.ArrangementSharingRegistry;
import dev.spindle.compute.sharing.PointReader;
import dev.spindle.compute.sharing.PublicationPoint;

/**
 * One side ({@code oks} or {@code errs}) of an index published in the sharing registry, as the
 * interactive runtime's transient dataflows import it: {@link #bundle} gives a template whose
 * {@link #openAnother} binds the index's point through the registry (a placeholder if the
 * maintenance runtime has not published it yet) with a hold at the read time. While the point is
 * a placeholder the reader is empty with upper {@code {MIN}}, so the import waits; the publication
 * backs it in place and wakes the worker. If the index had already compacted past the read time,
 * reading fails with that error.
 *
 * <p>Thread-safety: as {@link TraceHandleReader}.
 */
public final class PublishedIndexReader implements ArrangementPort.Reader {
    private final ArrangementSharingRegistry registry;
    private final GlobalId id;
    private final boolean oksSide;
    private final PointReader reader; // null for the template

    private PublishedIndexReader(ArrangementSharingRegistry registry, GlobalId id, boolean oksSide, PointReader reader) {
        this.registry = registry;
        this.id = id;
        this.oksSide = oksSide;
        this.reader = reader;
    }

    /**
     * The bundle of index {@code id} as published in {@code registry}, for imports on an
     * interactive worker. The template binds nothing: each import opens its own reader.
     */
    public static TraceBundle bundle(ArrangementSharingRegistry registry, GlobalId id) {
        return new TraceBundle(id, new PublishedIndexReader(registry, id, true, null),
                new PublishedIndexReader(registry, id, false, null), null, null);
    }

    /** The handle-backed reader once bound, else null; rethrows a binding failure. */
    private ArrangementPort.Reader bound() {
        if (reader == null) {
            throw new IllegalStateException("the template of " + id + " does not read; open another");
        }
        SpindleException failure = reader.failure();
        if (failure != null) {
            throw failure;
        }
        TraceHandle h = reader.handle(oksSide);
        return h == null ? null : new TraceHandleReader(h);
    }

    @Override
    public KeyedReader snapshot() {
        ArrangementPort.Reader r = bound();
        return r == null ? (key, c) -> { } : r.snapshot();
    }

    @Override
    public void scan(KeyedReader.EntryConsumer consumer) {
        ArrangementPort.Reader r = bound();
        if (r != null) {
            r.scan(consumer);
        }
    }

    @Override
    public Frontier upper() {
        ArrangementPort.Reader r = bound();
        return r == null ? Frontier.MIN : r.upper();
    }

    @Override
    public Frontier since() {
        if (reader != null) {
            return reader.point().since();
        }
        return registry.get(id).map(PublicationPoint::since).orElse(Frontier.MIN);
    }

    @Override
    public void allowCompaction(Frontier since) {
        ArrangementPort.Reader r = bound();
        if (r != null) {
            r.allowCompaction(since);
        }
    }

    @Override
    public ArrangementPort.Reader openAnother(Frontier readAt) {
        return new PublishedIndexReader(registry, id, oksSide, registry.openReader(id, readAt, true));
    }

    @Override
    public void holdFrom(Frontier from) {
        ArrangementPort.Reader r = bound();
        if (r != null) {
            r.holdFrom(from);
        }
    }

    @Override
    public void readFrom(Frontier from, KeyedReader.EntryConsumer consumer) {
        ArrangementPort.Reader r = bound();
        if (r != null) {
            r.readFrom(from, consumer);
        }
    }

    @Override
    public SharedTrace sharedTrace() {
        TraceHandle h = reader == null ? null : reader.handle(oksSide);
        if (h == null) {
            throw new IllegalStateException("index " + id + " is not published yet");
        }
        return h.trace();
    }

    @Override
    public void close() {
        if (reader != null) {
            reader.close();
        }
    }
}
