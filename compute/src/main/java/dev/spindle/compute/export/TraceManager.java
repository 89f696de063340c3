package dev.spindle.compute.export;

import dev.spindle.common.error.ErrorCode;
import dev.spindle.common.error.SpindleException;
import dev.spindle.common.id.GlobalId;
import dev.spindle.common.time.Frontier;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A worker's exported indexes: id to {@link TraceBundle}, each owned by the dataflow that
 * exported it. Every path that installs an index's trace goes through {@link #install}; dropping
 * the dataflow removes and closes its bundles (no operator is needed for that, so exporting and
 * re-exporting add none).
 *
 * <p>Thread-safety: confined to its worker's thread.
 */
public final class TraceManager {
    private record Entry(long dataflow, TraceBundle bundle) {
    }

    private final Map<GlobalId, Entry> traces = new LinkedHashMap<>();
    private final Map<GlobalId, Frontier> allowed = new LinkedHashMap<>();

    /**
     * Installs {@code bundle}, owned by {@code dataflow}; applies any compaction the controller
     * already allowed for it.
     *
     * @throws IllegalStateException if the id already has a trace
     */
    public void install(long dataflow, TraceBundle bundle) {
        if (traces.putIfAbsent(bundle.id(), new Entry(dataflow, bundle)) != null) {
            throw new IllegalStateException("index " + bundle.id() + " is already exported on this worker");
        }
        Frontier f = allowed.get(bundle.id());
        if (f != null) {
            bundle.allowCompaction(f);
        }
    }

    /** Removes and closes every bundle {@code dataflow} exported; returns their ids. */
    public List<GlobalId> removeDataflow(long dataflow) {
        List<GlobalId> ids = new ArrayList<>();
        for (Map.Entry<GlobalId, Entry> e : traces.entrySet()) {
            if (e.getValue().dataflow() == dataflow) {
                ids.add(e.getKey());
            }
        }
        for (GlobalId id : ids) {
            Entry e = traces.remove(id);
            allowed.remove(id);
            e.bundle().close();
        }
        return ids;
    }

    /**
     * Removes and closes the bundle of index {@code id} (the index was dropped: its holds are
     * released and its publication ends), leaving its dataflow running for whatever still reads
     * its arrangement.
     */
    public void remove(GlobalId id) {
        Entry e = traces.remove(id);
        allowed.remove(id);
        if (e != null) {
            e.bundle().close();
        }
    }

    /** The trace of {@code id}. */
    public Optional<TraceBundle> get(GlobalId id) {
        Entry e = traces.get(id);
        return Optional.ofNullable(e == null ? null : e.bundle());
    }

    /**
     * The trace of {@code id}.
     *
     * @throws SpindleException {@link ErrorCode#INDEX_NOT_FOUND_1} if there is none
     */
    public TraceBundle require(GlobalId id) {
        return get(id).orElseThrow(() -> new SpindleException(ErrorCode.INDEX_NOT_FOUND_1, id));
    }

    /** Allows the trace of {@code id} to compact up to {@code since} (remembered if not yet installed). */
    public void allowCompaction(GlobalId id, Frontier since) {
        allowed.merge(id, since, Frontier::join);
        get(id).ifPresent(b -> b.allowCompaction(since));
    }

    /** How many ids have a compaction remembered (installed or not); for leak checks. */
    public int rememberedCompactions() {
        return allowed.size();
    }

    /** Ids of the installed traces, in installation order. */
    public java.util.Set<GlobalId> ids() {
        return java.util.Collections.unmodifiableSet(traces.keySet());
    }
}
