package dev.spindle.compute.controller;

import dev.spindle.common.id.GlobalId;
import dev.spindle.common.row.Row;
import dev.spindle.common.time.Frontier;
import dev.spindle.compute.operator.reduce.RowCount;
import dev.spindle.compute.peek.PeekPartial;
import dev.spindle.compute.peek.PeekRequest;
import dev.spindle.compute.peek.PeekResponse;
import dev.spindle.compute.runtime.ComputeRuntime;
import dev.spindle.compute.runtime.DataflowRender;
import dev.spindle.compute.runtime.WorkerCommand;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;

/**
 * The command/response boundary between the coordinator and a compute runtime (DESIGN §2):
 * creates and drops dataflows, allows compaction of exported indexes, and runs peeks, merging the
 * workers' partial answers and applying the finishing.
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
    private final Map<UUID, Collector> peeks = new HashMap<>();
    private final Map<GlobalId, Frontier> requested = new HashMap<>();
    private final Map<GlobalId, Frontier> applied = new HashMap<>();

    public ComputeController(ComputeRuntime runtime) {
        this.runtime = runtime;
    }

    /** The runtime this controller drives. */
    public ComputeRuntime runtime() {
        return runtime;
    }

    /** Builds dataflow {@code id} on every worker. */
    public synchronized void createDataflow(long id, String name, DataflowRender render) {
        runtime.createDataflow(id, name, render);
    }

    /** Drops dataflow {@code id}: its operators stop and its exports are removed on every worker. */
    public synchronized void dropDataflow(long id, List<GlobalId> exports) {
        runtime.dropDataflow(id);
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
        }
    }

    /** Starts a peek; the future completes with rows, an error, or {@link PeekResponse.Canceled}. */
    public synchronized CompletableFuture<PeekResponse> peek(PeekRequest request) {
        Collector c = new Collector(request, runtime.workers());
        peeks.put(request.uuid(), c);
        runtime.broadcast(new WorkerCommand.RunOnWorker(w -> w.peeks().add(request, this::partial)));
        return c.future;
    }

    /** Cancels a pending peek: its future completes with {@link PeekResponse.Canceled}. */
    public synchronized void cancel(UUID uuid) {
        Collector c = peeks.remove(uuid);
        if (c != null) {
            runtime.broadcast(new WorkerCommand.RunOnWorker(w -> w.peeks().cancel(uuid)));
            c.future.complete(new PeekResponse.Canceled());
            applyCompaction(c.request.index());
        }
    }

    /** Number of peeks not yet answered. */
    public synchronized int pendingPeeks() {
        return peeks.size();
    }

    private void partial(UUID uuid, int worker, PeekPartial partial) {
        PeekResponse done = null;
        Collector c;
        synchronized (this) {
            c = peeks.get(uuid);
            if (c == null) {
                return;
            }
            c.parts[worker] = partial;
            if (++c.received == c.parts.length) {
                peeks.remove(uuid);
                done = c.merge();
                applyCompaction(c.request.index());
            }
        }
        if (done != null) {
            c.future.complete(done);
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
    }

    /** Gathers one partial per worker. */
    private static final class Collector {
        final PeekRequest request;
        final PeekPartial[] parts;
        final CompletableFuture<PeekResponse> future = new CompletableFuture<>();
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
            List<Row> rows = new ArrayList<>();
            List<Long> counts = new ArrayList<>();
            for (PeekPartial p : parts) {
                for (RowCount rc : ((PeekPartial.Rows) p).rows()) {
                    rows.add(rc.row());
                    counts.add(rc.count());
                }
            }
            // Sort by row so results do not depend on how rows were partitioned.
            List<Integer> idx = new ArrayList<>();
            for (int i = 0; i < rows.size(); i++) {
                idx.add(i);
            }
            idx.sort((a, b) -> rows.get(a).compareTo(rows.get(b)));
            List<Row> sorted = new ArrayList<>();
            long[] n = new long[rows.size()];
            for (int i = 0; i < idx.size(); i++) {
                sorted.add(rows.get(idx.get(i)));
                n[i] = counts.get(idx.get(i));
            }
            return new PeekResponse.Rows(request.finishing().finish(sorted, n));
        }
    }
}
