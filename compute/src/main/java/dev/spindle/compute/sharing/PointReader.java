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
 * <p>Thread-safety: all methods may be called from any thread; the monitor guards the handles.
 */
public final class PointReader implements AutoCloseable {
    private final PublicationPoint point;
    private final Frontier readAt;
    private TraceHandle oks;
    private TraceHandle errs;
    private SpindleException failure;
    private boolean closed;

    PointReader(PublicationPoint point, Frontier readAt) {
        this.point = point;
        this.readAt = readAt;
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
            TraceHandle ho = o.tryAcquire(readAt);
            try {
                errs = e.tryAcquire(readAt);
            } catch (RuntimeException ex) {
                ho.close();
                throw ex;
            }
            oks = ho;
        } catch (SpindleException ex) {
            failure = ex;
        }
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
                oks.close();
                errs.close();
            }
        }
        point.readerClosed(this);
    }
}
