package dev.spindle.compute.sharing;

import dev.spindle.common.error.SpindleException;
import dev.spindle.common.time.Frontier;
import dev.spindle.compute.arrangement.trace.SharedTrace;
import dev.spindle.compute.arrangement.trace.TraceHandle;
import dev.spindle.compute.arrangement.trace.TraceSnapshot;

/**
 * A reader bound to a {@link PublicationPoint} at a read time: while open it holds the point's
 * {@code oks} and {@code errs} traces at {@code readAt}. A reader opened on a placeholder is
 * <em>unbound</em> (upper {@code {MIN}}) until the publisher backs the point; if the traces had
 * already compacted past {@code readAt} by then, the reader carries that error instead.
 *
 * <p>Open one with {@link ArrangementSharingRegistry#openReader} (atomic with placeholders
 * retiring) or {@link PublicationPoint#openReader}. {@link #point()} is the point it reads; it
 * holds that point (the point is not detached while the reader is open).
 *
 * <p>Thread-safety: all methods may be called from any thread; the reader's monitor guards the
 * handles. Binding runs under the point's monitor and then takes this reader's (lock order: point,
 * reader, trace); {@link #close} releases this reader's monitor before telling the point.
 */
public final class PointReader implements AutoCloseable {
    private final PublicationPoint point;
    private final Frontier readAt;
    private final boolean incremental;
    private TraceHandle oks;
    private TraceHandle errs;
    private SpindleException failure;
    private boolean closed;

    PointReader(PublicationPoint point, Frontier readAt, boolean incremental) {
        this.point = point;
        this.readAt = readAt;
        this.incremental = incremental;
    }

    /** The point read. */
    public PublicationPoint point() {
        return point;
    }

    /** The time this reader reads at. */
    public Frontier readAt() {
        return readAt;
    }

    synchronized void bind(SharedTrace o, SharedTrace e) {
        if (closed || oks != null || failure != null) {
            return;
        }
        try {
            TraceHandle ho = acquire(o);
            try {
                errs = acquire(e);
            } catch (RuntimeException ex) {
                ho.close();
                throw ex;
            }
            oks = ho;
        } catch (SpindleException ex) {
            failure = ex;
        }
    }

    /** A point read holds no physical frontier; an incremental reader keeps batches from {@code readAt} on. */
    private TraceHandle acquire(SharedTrace t) {
        return incremental ? t.tryAcquireAtLeast(readAt, readAt) : t.tryAcquire(readAt);
    }

    /**
     * The handle on the rows' ({@code oks}) or errors' trace, or null while unbound. The caller
     * may move its holds forward; closing it is this reader's job.
     */
    public synchronized TraceHandle handle(boolean oksSide) {
        return oksSide ? oks : errs;
    }

    /** True once the point is backed and this reader holds its traces. */
    public synchronized boolean isBound() {
        return oks != null;
    }

    /** The error that prevented binding (traces compacted past the read time), or null. */
    public synchronized SpindleException failure() {
        return failure;
    }

    /** The meet of the traces' uppers as this reader sees them; {@code {MIN}} while unbound. */
    public synchronized Frontier upper() {
        return oks == null ? Frontier.MIN : oks.snapshot().upper().meet(errs.snapshot().upper());
    }

    /** The rows' trace as published now. Requires {@link #isBound()}. */
    public synchronized TraceSnapshot oks() {
        return oks.snapshot();
    }

    /** The errors' trace as published now. Requires {@link #isBound()}. */
    public synchronized TraceSnapshot errs() {
        return errs.snapshot();
    }

    /** Releases this reader's holds (exactly those). Idempotent. */
    @Override
    public void close() {
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
            if (oks != null) {
                try {
                    oks.close();
                } finally {
                    errs.close();
                }
            }
        }
        point.readerClosed(this);
    }
}
