package dev.spindle.compute.export;

import dev.spindle.common.error.ErrorCode;
import dev.spindle.common.error.SpindleException;
import dev.spindle.common.id.GlobalId;
import dev.spindle.common.time.Frontier;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * A worker's exported indexes: id to {@link TraceBundle}. Every path that installs an index's
 * trace goes through {@link #install}; dropping the exporting dataflow removes it.
 *
 * <p>Thread-safety: confined to its worker's thread.
 */
public final class TraceManager {
    private final Map<GlobalId, TraceBundle> traces = new LinkedHashMap<>();
    private final Map<GlobalId, Frontier> allowed = new LinkedHashMap<>();

    /**
     * Installs {@code bundle}; applies any compaction the controller already allowed for it.
     *
     * @throws IllegalStateException if the id already has a trace
     */
    public void install(TraceBundle bundle) {
        if (traces.putIfAbsent(bundle.id(), bundle) != null) {
            throw new IllegalStateException("index " + bundle.id() + " is already exported on this worker");
        }
        Frontier f = allowed.get(bundle.id());
        if (f != null) {
            bundle.allowCompaction(f);
        }
    }

    /** Removes and closes the trace of {@code id}, if any. */
    public void remove(GlobalId id) {
        TraceBundle b = traces.remove(id);
        allowed.remove(id);
        if (b != null) {
            b.close();
        }
    }

    /** The trace of {@code id}. */
    public Optional<TraceBundle> get(GlobalId id) {
        return Optional.ofNullable(traces.get(id));
    }

    /**
     * The trace of {@code id}.
     *
     * @throws SpindleException {@link ErrorCode#INDEX_NOT_FOUND_1} if there is none
     */
    public TraceBundle require(GlobalId id) {
        TraceBundle b = traces.get(id);
        if (b == null) {
            throw new SpindleException(ErrorCode.INDEX_NOT_FOUND_1, id);
        }
        return b;
    }

    /** Allows the trace of {@code id} to compact up to {@code since} (remembered if not yet installed). */
    public void allowCompaction(GlobalId id, Frontier since) {
        allowed.merge(id, since, Frontier::join);
        TraceBundle b = traces.get(id);
        if (b != null) {
            b.allowCompaction(since);
        }
    }

    /** Ids of the installed traces, in installation order. */
    public java.util.Set<GlobalId> ids() {
        return java.util.Collections.unmodifiableSet(traces.keySet());
    }
}
