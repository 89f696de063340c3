package dev.spindle.compute.arrangement.trace;

import dev.spindle.common.time.Frontier;
import java.util.Objects;

/**
 * The writer's side of a {@link SharedTrace}: the only way to obtain compaction grants, publish
 * snapshots and close the trace. Whoever creates the trace keeps this object and hands readers
 * the {@link SharedTrace} or {@link TraceHandle}s, neither of which leads back here.
 *
 * <p>Thread-safety: the writer's methods ({@link #grantLogical}, {@link #grantPhysical},
 * {@link #publish}, {@link #close}) must be called from one thread at a time (the writer's), in
 * program order; they synchronize with readers internally.
 */
public final class TracePublisher {
    private final SharedTrace trace;
    private boolean closed;

    private TracePublisher(SharedTrace trace) {
        this.trace = trace;
    }

    /**
     * A new, empty trace (upper {@code MIN}) that readers may read at times {@code >= initialSince}.
     */
    public static TracePublisher create(Frontier initialSince) {
        return new TracePublisher(new SharedTrace(initialSince));
    }

    /** The reader side. */
    public SharedTrace trace() {
        return trace;
    }

    /**
     * A new handle at the current grants (logical hold = {@link SharedTrace#since()}, physical hold
     * = {@link SharedTrace#physicalCompaction()}); used for the trace's first handle.
     */
    public TraceHandle newHandle() {
        synchronized (trace.lock()) {
            return trace.register(trace.since(), trace.physicalCompaction());
        }
    }

    /**
     * The logical compaction frontier the writer may now apply, given its {@code upper}; see
     * {@link SharedTrace}'s compaction contract. Never moves backwards.
     */
    public Frontier grantLogical(Frontier upper) {
        return trace.grantLogical(Objects.requireNonNull(upper, "upper"));
    }

    /** The physical compaction frontier the writer may now apply, given its {@code upper}. */
    public Frontier grantPhysical(Frontier upper) {
        return trace.grantPhysical(Objects.requireNonNull(upper, "upper"));
    }

    /**
     * Makes {@code snapshot} the one readers see, then, if its upper is beyond the previous one,
     * runs the upper listeners on this thread.
     *
     * @throws IllegalStateException if the publisher is closed
     * @throws IllegalArgumentException if the snapshot moves a frontier backwards or breaks the
     *     sequence
     */
    public void publish(TraceSnapshot snapshot) {
        Objects.requireNonNull(snapshot, "snapshot");
        if (closed) {
            throw new IllegalStateException("publisher is closed");
        }
        TraceSnapshot last = trace.snapshot();
        if (snapshot.upper().lessThan(last.upper()) || snapshot.since().lessThan(last.since())
                || snapshot.sequence() != last.sequence() + 1 || snapshot.dropped()) {
            throw new IllegalArgumentException("snapshot " + snapshot.sequence() + " (upper " + snapshot.upper()
                    + ", since " + snapshot.since() + ") does not follow " + last.sequence() + " (upper "
                    + last.upper() + ", since " + last.since() + ")");
        }
        trace.publish(snapshot);
    }

    /**
     * The writer is done. The last snapshot stays readable while handles are live; when the last
     * one closes (or now, if there is none) readers see a dropped snapshot and the batches become
     * garbage. Idempotent.
     */
    public void close() {
        if (!closed) {
            closed = true;
            trace.closeWriter();
        }
    }
}
