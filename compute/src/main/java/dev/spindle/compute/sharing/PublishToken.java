package dev.spindle.compute.sharing;

/**
 * The publication of one index on one worker. It rides on the exported index's
 * {@link dev.spindle.compute.export.TraceBundle}, so it lives exactly as long as the bundle:
 * closing it removes the registry slot and gives up ownership of the point, which is detached once
 * its last reader is gone (DESIGN invariant 11).
 *
 * <p>Thread-safety: {@link #close} may be called from any thread; it is idempotent (the token's
 * monitor guards the closed flag and is released before the registry is called).
 */
public final class PublishToken implements AutoCloseable {
    private final ArrangementSharingRegistry registry;
    private final PublicationPoint point;
    private boolean closed;

    PublishToken(ArrangementSharingRegistry registry, PublicationPoint point) {
        this.registry = registry;
        this.point = point;
    }

    /** The point published. */
    public PublicationPoint point() {
        return point;
    }

    @Override
    public void close() {
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
        }
        registry.unpublish(point);
    }
}
