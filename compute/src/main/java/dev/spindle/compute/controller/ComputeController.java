package dev.spindle.compute.controller;

import dev.spindle.common.id.GlobalId;
import dev.spindle.common.row.PackedRows;
import dev.spindle.common.time.Frontier;
import dev.spindle.compute.peek.PeekPartial;
import dev.spindle.compute.peek.PeekRequest;
import dev.spindle.compute.peek.PeekResponse;
import dev.spindle.compute.runtime.ComputeRuntime;
import dev.spindle.compute.plan.DataflowDescription;
import dev.spindle.compute.runtime.ComputeRuntimeRole;
import dev.spindle.compute.runtime.DataflowRender;
import dev.spindle.compute.sharing.ArrangementSharingRegistry;
import dev.spindle.compute.runtime.WorkerCommand;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;

/**
 * The command/response boundary between the coordinator and the compute runtimes (DESIGN §2):
 * creates and drops dataflows, allows compaction of exported indexes, and runs peeks, merging the
 * workers' partial answers and applying the finishing.
 *
 * <h2>Routing</h2>
 * With one SOLO runtime everything goes to it. Split, index dataflows go to the MAINTENANCE
 * runtime, peeks and their transient dataflows to the INTERACTIVE runtime, and every
 * {@code AllowCompaction} to both (maintenance moves its exports' holds and their points'
 * {@code writerLogical}; interactive moves the points' standing holds).
 *
 * <p>A pending peek at {@code t} keeps its index's compaction at or below {@code t}: an
 * {@link #allowCompaction} beyond it is remembered and applied once the peek is done, so a peek
 * the controller accepted is never refused for compaction it allowed later.
 *
 * <p>Thread-safety: all public methods may be called from any thread; they are serialized on the
 * controller's monitor, and peek futures complete on worker threads.
 */
public final class ComputeController implements AutoCloseable {
    private final ComputeRuntime runtime;
    private final ComputeRuntime interactive;
    private final boolean owns;
    private final Map<Long, ComputeRuntime> dataflows = new HashMap<>();
    private final Map<Long, String> names = new HashMap<>();
    /** Completed peeks by duration bucket: bucket b counts peeks that took less than 2^b ms. */
    private final long[] peekDurations = new long[32];
    /** Index dataflows described to the controller: what they export and import. */
    private final Map<Long, Set<GlobalId>> liveExports = new HashMap<>();
    private final Map<GlobalId, Long> exporter = new HashMap<>();
    private final Map<Long, Set<Long>> dependsOn = new HashMap<>();
    private final Map<UUID, Collector> peeks = new HashMap<>();
    private final Map<GlobalId, Frontier> requested = new HashMap<>();
    private final Map<GlobalId, Frontier> applied = new HashMap<>();

    /** A controller of one SOLO runtime it does not own. */
    public ComputeController(ComputeRuntime runtime) {
        this(runtime, runtime, false);
    }

    private ComputeController(ComputeRuntime maintenance, ComputeRuntime interactive, boolean owns) {
        this.runtime = maintenance;
        this.interactive = interactive;
        this.owns = owns;
    }

    /**
     * Starts the runtimes of {@code mode} with {@code workers} workers each (split: one sharing
     * registry per worker ordinal, created before any worker); closing the controller stops them.
     */
    public static ComputeController start(RuntimeMode mode, int workers) {
        if (mode == RuntimeMode.SOLO) {
            ComputeRuntime solo = new ComputeRuntime("solo", workers);
            return new ComputeController(solo, solo, true);
        }
        List<ArrangementSharingRegistry> registries = ArrangementSharingRegistry.forWorkers(workers);
        ComputeRuntime maintenance = new ComputeRuntime("maintenance", workers, ComputeRuntimeRole.MAINTENANCE, registries);
        ComputeRuntime interactive = new ComputeRuntime("interactive", workers, ComputeRuntimeRole.INTERACTIVE, registries);
        return new ComputeController(maintenance, interactive, true);
    }

    /** The runtime that maintains indexes (the SOLO runtime when not split). */
    public ComputeRuntime runtime() {
        return runtime;
    }

    /** The runtime that answers peeks (the same SOLO runtime when not split). */
    public ComputeRuntime interactive() {
        return interactive;
    }

    /** Builds index dataflow {@code id} on every maintenance worker. */
    public synchronized void createDataflow(long id, String name, DataflowRender render) {
        dataflows.put(id, runtime);
        names.put(id, name);
        runtime.createDataflow(id, name, render);
    }

    /**
     * Builds index dataflow {@code id} from its description, remembering which indexes it exports
     * and which dataflows it depends on (through the indexes it imports), so that dropping an
     * index keeps alive the arrangements other indexes still re-export or read.
     */
    public synchronized void createDataflow(long id, DataflowDescription desc, DataflowRender render) {
        Set<GlobalId> exports = new TreeSet<>(desc.indexExports().keySet());
        liveExports.put(id, exports);
        for (GlobalId e : exports) {
            exporter.put(e, id);
        }
        Set<Long> deps = new TreeSet<>();
        for (GlobalId imported : desc.indexImports().keySet()) {
            Long from = exporter.get(imported);
            if (from == null) {
                throw new IllegalArgumentException("dataflow " + desc.name() + " imports " + imported
                        + ", which no live dataflow exports");
            }
            deps.add(from);
        }
        dependsOn.put(id, deps);
        createDataflow(id, desc.name(), render);
    }

    /**
     * Drops index {@code index}: on every worker its bundle is closed (holds released, registry
     * slot removed, publication ended). Its dataflow is dropped once it exports no live index and
     * no live dataflow depends on it, so a re-export of it keeps serving (DESIGN invariant 13).
     */
    public synchronized void dropIndex(GlobalId index) {
        Long df = exporter.remove(index);
        if (df == null) {
            throw new IllegalArgumentException("no live dataflow exports " + index);
        }
        liveExports.get(df).remove(index);
        runtime.broadcast(new WorkerCommand.RunOnWorker(w -> w.traces().remove(index)));
        requested.remove(index);
        applied.remove(index);
        maybeDrop(df);
    }

    private void maybeDrop(long df) {
        Set<GlobalId> exports = liveExports.get(df);
        if (exports == null || !exports.isEmpty()) {
            return;
        }
        for (Map.Entry<Long, Set<Long>> e : dependsOn.entrySet()) {
            if (e.getKey() != df && e.getValue().contains(df)) {
                return; // a live dataflow still reads its arrangements
            }
        }
        liveExports.remove(df);
        Set<Long> deps = dependsOn.remove(df);
        names.remove(df);
        ComputeRuntime rt = dataflows.remove(df);
        (rt == null ? runtime : rt).dropDataflow(df);
        for (long d : deps) {
            maybeDrop(d);
        }
    }

    /** Ids of the dataflows the controller keeps alive, for introspection and tests. */
    public synchronized Set<Long> liveDataflows() {
        return Set.copyOf(dataflows.keySet());
    }

    /** Builds a peek's transient dataflow {@code id} on every interactive worker. */
    public synchronized void createTransientDataflow(long id, String name, DataflowRender render) {
        dataflows.put(id, interactive);
        names.put(id, name);
        interactive.createDataflow(id, name, render);
    }

    /** Drops dataflow {@code id}: its operators stop and its exports are removed on every worker. */
    public synchronized void dropDataflow(long id, List<GlobalId> exports) {
        ComputeRuntime rt = dataflows.remove(id);
        names.remove(id);
        (rt == null ? runtime : rt).dropDataflow(id);
        for (GlobalId e : exports) {
            requested.remove(e);
            applied.remove(e);
        }
    }

    /** Allows index {@code id} to compact up to {@code since} (deferred past pending peeks). */
    public synchronized void allowCompaction(GlobalId id, Frontier since) {
        requested.merge(id, since, Frontier::join);
        applyCompaction(id);
    }

    private void applyCompaction(GlobalId id) {
        Frontier f = requested.get(id);
        if (f == null) {
            return;
        }
        for (Collector c : peeks.values()) {
            if (c.request.index().equals(id)) {
                f = f.meet(Frontier.at(c.request.time()));
            }
        }
        Frontier before = applied.get(id);
        if (before == null || before.lessThan(f)) {
            applied.put(id, f);
            Frontier target = f;
            runtime.broadcast(new WorkerCommand.RunOnWorker(w -> w.traces().allowCompaction(id, target)));
            if (interactive != runtime) {
                interactive.broadcast(new WorkerCommand.RunOnWorker(w -> {
                    w.traces().allowCompaction(id, target);
                    w.registry().advanceStandingHold(id, target);
                }));
            }
        }
    }

    /**
     * The slow path: builds transient dataflow {@code dataflowId} on the interactive runtime
     * (it imports the shared arrangements it needs at the peek's time, binding placeholders where
     * the publisher has not rendered yet), peeks its transient index {@code request.index()}, and
     * tears the dataflow down once the peek is answered, failed or cancelled.
     */
    public CompletableFuture<PeekResponse> peekTransient(long dataflowId, String name, DataflowRender render,
                                                        PeekRequest request) {
        CompletableFuture<PeekResponse> f;
        synchronized (this) {
            createTransientDataflow(dataflowId, name, render);
            f = peek(request);
        }
        return f.whenComplete((r, e) -> dropDataflow(dataflowId, List.of(request.index())));
    }

    /** Starts a peek; the future completes with rows, an error, or {@link PeekResponse.Canceled}. */
    public synchronized CompletableFuture<PeekResponse> peek(PeekRequest request) {
        Collector c = new Collector(request, interactive.workers());
        peeks.put(request.uuid(), c);
        interactive.broadcast(new WorkerCommand.RunOnWorker(w -> w.addPeek(request, this::partial)));
        return c.future;
    }

    /** Cancels a pending peek: its future completes with {@link PeekResponse.Canceled}. */
    public synchronized void cancel(UUID uuid) {
        Collector c = peeks.remove(uuid);
        if (c != null) {
            interactive.broadcast(new WorkerCommand.RunOnWorker(w -> w.cancelPeek(uuid)));
            c.future.complete(new PeekResponse.Canceled());
            applyCompaction(c.request.index());
        }
    }

    /** The peeks not yet answered. */
    public synchronized List<PeekRequest> activePeeks() {
        List<PeekRequest> out = new ArrayList<>();
        for (Collector c : peeks.values()) {
            out.add(c.request);
        }
        return out;
    }

    /**
     * Completed peeks by duration: entry {@code b} counts peeks that took less than {@code 2^b}
     * ms (and at least {@code 2^(b-1)}).
     */
    public synchronized long[] peekDurations() {
        return peekDurations.clone();
    }

    /** The live dataflows with their names and the runtime that runs each. */
    public synchronized Map<Long, Map.Entry<String, ComputeRuntime>> dataflowsByRuntime() {
        Map<Long, Map.Entry<String, ComputeRuntime>> out = new java.util.TreeMap<>();
        for (Map.Entry<Long, ComputeRuntime> e : dataflows.entrySet()) {
            out.put(e.getKey(), Map.entry(names.getOrDefault(e.getKey(), ""), e.getValue()));
        }
        return out;
    }

    /** Number of peeks not yet answered. */
    public synchronized int pendingPeeks() {
        return peeks.size();
    }

    private void partial(UUID uuid, int worker, PeekPartial partial) {
        boolean last = false;
        Collector c;
        synchronized (this) {
            c = peeks.get(uuid);
            if (c == null) {
                return;
            }
            c.parts[worker] = partial;
            if (++c.received == c.parts.length) {
                peeks.remove(uuid);
                long ms = (System.nanoTime() - c.started) / 1_000_000L;
                peekDurations[Math.min(31, 64 - Long.numberOfLeadingZeros(ms))]++;
                applyCompaction(c.request.index());
                last = true;
            }
        }
        if (last) {
            // merged outside the monitor: a large result never blocks other peeks' bookkeeping
            c.future.complete(c.merge());
        }
    }

    @Override
    public void close() {
        List<Collector> left;
        synchronized (this) {
            left = new ArrayList<>(peeks.values());
            peeks.clear();
        }
        for (Collector c : left) {
            c.future.complete(new PeekResponse.Canceled());
        }
        if (owns) {
            if (interactive != runtime) {
                interactive.close();
            }
            runtime.close();
        }
    }

    /** Gathers one partial per worker. */
    private static final class Collector {
        final PeekRequest request;
        final PeekPartial[] parts;
        final CompletableFuture<PeekResponse> future = new CompletableFuture<>();
        final long started = System.nanoTime();
        int received;

        Collector(PeekRequest request, int workers) {
            this.request = request;
            this.parts = new PeekPartial[workers];
        }

        /** Errors win over rows (the lowest worker's, for determinism); else finished rows. */
        PeekResponse merge() {
            for (PeekPartial p : parts) {
                if (p instanceof PeekPartial.Error) {
                    return new PeekResponse.Error(((PeekPartial.Error) p).error());
                }
            }
            List<PackedRows> rows = new ArrayList<>(parts.length);
            for (PeekPartial p : parts) {
                rows.addAll(((PeekPartial.Rows) p).parts());
            }
            return new PeekResponse.Rows(rows, request.finishing()); // merged by the reader
        }
    }
}
