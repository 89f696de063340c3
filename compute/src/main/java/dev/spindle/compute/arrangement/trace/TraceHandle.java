package dev.spindle.compute.arrangement.trace;

import dev.spindle.common.time.Frontier;
import java.util.Objects;

/**
 * A reader of a trace, holding two compaction frontiers (differential's {@code TraceAgent}).
 *
 * <h2>Holds</h2>
 * <ul>
 *   <li>The <b>logical</b> hold {@code L}: this reader will read at times {@code >= L}, so the
 *       trace must keep times {@code >= L} distinguishable; it never advances times past the meet
 *       of the live logical holds, and a read at any {@code t >= L} succeeds once {@code t} is
 *       sealed.</li>
 *   <li>The <b>physical</b> hold {@code P}: this reader needs batch boundaries at or after
 *       {@code P} (it will read {@link TraceSnapshot#cursorThrough} frontiers {@code >= P}), so
 *       the trace merges only batches whose upper is at or before the meet of the live physical
 *       holds. {@link Frontier#EMPTY} means "no boundary needed".</li>
 * </ul>
 * Holds only move forward: {@link #setLogicalCompaction} and {@link #setPhysicalCompaction}
 * <b>ignore a frontier before the current hold</b> and return false (a regression cannot be
 * honoured: the trace may already have compacted past it). {@link #close} releases exactly this
 * handle's holds, once; later closes do nothing. A closed handle refuses every other call.
 *
 * <p>Thread-safety: every method may be called from any thread; the holds are guarded by the
 * shared trace's lock, and the writer reads their meet when it next inserts or works.
 */
public final class TraceHandle implements AutoCloseable {
    private final SharedTrace trace;
    private Frontier logical; // guarded by trace's lock
    private Frontier physical; // guarded by trace's lock
    private boolean closed; // guarded by trace's lock

    TraceHandle(SharedTrace trace, Frontier logical, Frontier physical) {
        this.trace = trace;
        this.logical = logical;
        this.physical = physical;
    }

    /** The trace this handle reads. */
    public SharedTrace trace() {
        return trace;
    }

    /** This handle's logical compaction hold. */
    public Frontier logicalCompaction() {
        synchronized (trace.lock()) {
            return logical;
        }
    }

    /** This handle's physical compaction hold. */
    public Frontier physicalCompaction() {
        synchronized (trace.lock()) {
            return physical;
        }
    }

    /**
     * Allows the trace to advance times before {@code frontier} (this reader will read only at
     * times {@code >= frontier}). A frontier before the current hold is ignored.
     *
     * @return true if the hold moved
     * @throws IllegalStateException if the handle is closed
     */
    public boolean setLogicalCompaction(Frontier frontier) {
        Objects.requireNonNull(frontier, "frontier");
        synchronized (trace.lock()) {
            checkOpen();
            if (!logical.lessThan(frontier)) {
                return false;
            }
            trace.moveLogical(logical, frontier);
            logical = frontier;
            return true;
        }
    }

    /**
     * Allows the trace to merge away batch boundaries before {@code frontier}. A frontier before
     * the current hold is ignored.
     *
     * @return true if the hold moved
     * @throws IllegalStateException if the handle is closed
     */
    public boolean setPhysicalCompaction(Frontier frontier) {
        Objects.requireNonNull(frontier, "frontier");
        synchronized (trace.lock()) {
            checkOpen();
            if (!physical.lessThan(frontier)) {
                return false;
            }
            trace.movePhysical(physical, frontier);
            physical = frontier;
            return true;
        }
    }

    /**
     * The latest published snapshot. Its since is at or before this handle's logical hold, so it
     * can be read at any sealed {@code t >= logicalCompaction()}.
     *
     * @throws IllegalStateException if the handle is closed
     */
    public TraceSnapshot snapshot() {
        synchronized (trace.lock()) {
            checkOpen();
        }
        return trace.snapshot();
    }

    /**
     * A new handle with the same holds, registered atomically (it can never be refused: these
     * holds are live, so the trace has not compacted past them).
     *
     * @throws IllegalStateException if the handle is closed
     */
    public TraceHandle cloneHandle() {
        synchronized (trace.lock()) {
            checkOpen();
            return trace.register(logical, physical);
        }
    }

    /** True once {@link #close} was called. */
    public boolean isClosed() {
        synchronized (trace.lock()) {
            return closed;
        }
    }

    /** Releases this handle's holds. Idempotent. */
    @Override
    public void close() {
        synchronized (trace.lock()) {
            if (closed) {
                return;
            }
            closed = true;
            trace.release(logical, physical);
        }
    }

    private void checkOpen() {
        if (closed) {
            throw new IllegalStateException("trace handle is closed");
        }
    }

    @Override
    public String toString() {
        synchronized (trace.lock()) {
            return "TraceHandle(logical " + logical + ", physical " + physical + (closed ? ", closed)" : ")");
        }
    }
}
