package dev.spindle.compute.runtime;

import dev.spindle.common.error.SpindleException;
import dev.spindle.common.id.GlobalId;
import dev.spindle.common.time.Frontier;
import dev.spindle.compute.arrangement.trace.ArrangementSize;
import dev.spindle.compute.dataflow.DataflowBuilder;
import dev.spindle.compute.dataflow.DataflowRender;
import dev.spindle.compute.dataflow.DataflowShared;
import dev.spindle.compute.dataflow.Operator;
import dev.spindle.compute.dataflow.Waker;
import dev.spindle.compute.export.TraceBundle;
import dev.spindle.compute.export.TraceManager;
import dev.spindle.compute.peek.PeekRequest;
import dev.spindle.compute.peek.PeekService;
import dev.spindle.compute.peek.SharedPeekService;
import dev.spindle.compute.protocol.ComputeCommand;
import dev.spindle.compute.protocol.ComputeResponse;
import dev.spindle.compute.render.DataflowRenderer;
import dev.spindle.compute.sharing.ArrangementSharingRegistry;
import dev.spindle.compute.sharing.ComputeRuntimeRole;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * One worker thread of a {@link ComputeRuntime}: applies the runtime's commands in order and
 * steps its copy of every dataflow's operators cooperatively. When a pass finds nothing to do it
 * parks until woken by a command, by data from another worker, by a table append or by a seal;
 * nothing spins.
 *
 * <p>Protocol commands are applied through a {@link ComputeCommand.Visitor}; every one that can
 * fail answers: a dataflow that fails to render, or whose operator throws later, is stopped on
 * this worker and reported as {@link ComputeResponse.DataflowFailed} (and in
 * {@link ComputeRuntime#failures()}); other dataflows keep running. Data errors never throw: they
 * flow as {@code errs}. After every pass the worker reports the indexes whose frontiers changed
 * ({@link ComputeResponse.Frontiers}).
 *
 * <p>Thread-safety: the worker's state is confined to its thread; {@link #submit} and the waker
 * are the only entry points from other threads.
 */
public final class Worker implements Runnable {
    private static final Logger LOG = Logger.getLogger(Worker.class.getName());
    private static final long IDLE_PARK_NANOS = 50_000_000L;

    private final ComputeRuntime runtime;
    private final int index;
    private final Waker waker;
    private final Queue<WorkerCommand> commands = new ConcurrentLinkedQueue<>();
    private final Map<Long, List<Operator>> dataflows = new LinkedHashMap<>();
    private final TraceManager traces = new TraceManager();
    private final PeekService peeks = new PeekService();
    private SharedPeekService sharedPeeks; // interactive workers only
    private volatile boolean stopping;

    private final ArrangementSharingRegistry registry;

    Worker(ComputeRuntime runtime, int index, Waker waker, ArrangementSharingRegistry registry) {
        this.runtime = runtime;
        this.index = index;
        this.waker = waker;
        this.registry = registry;
        if (runtime.role() == ComputeRuntimeRole.INTERACTIVE) {
            this.sharedPeeks = new SharedPeekService(registry, index);
        }
    }

    /**
     * Adds a peek on this worker: on an interactive worker, a peek of an index this runtime does
     * not export itself (every maintained index) goes to the registry's publication point (the
     * fast path); otherwise to the worker's own exports.
     */
    public void addPeek(PeekRequest request, PeekService.Sink sink) {
        if (sharedPeeks != null && traces.get(request.index()).isEmpty()) {
            sharedPeeks.add(request, sink);
        } else {
            peeks.add(request, sink);
        }
    }

    /** Cancels a pending peek, wherever it waits. */
    public void cancelPeek(java.util.UUID uuid) {
        peeks.cancel(uuid);
        if (sharedPeeks != null) {
            sharedPeeks.cancel(uuid);
        }
    }

    /** Peeks waiting on this worker (both paths). Worker thread only. */
    public int pendingPeeks() {
        return peeks.size() + (sharedPeeks == null ? 0 : sharedPeeks.size());
    }

    /** The sharing registry of this worker's ordinal, or null on a SOLO runtime. */
    public ArrangementSharingRegistry registry() {
        return registry;
    }

    /** This worker's index in its runtime. */
    public int index() {
        return index;
    }

    /** The runtime this worker belongs to. */
    public ComputeRuntime runtime() {
        return runtime;
    }

    /** This worker's waker. */
    public Waker waker() {
        return waker;
    }

    /** The indexes this worker exports. Worker thread only. */
    public TraceManager traces() {
        return traces;
    }

    /** The peeks pending on this worker. Worker thread only. */
    public PeekService peeks() {
        return peeks;
    }

    void submit(WorkerCommand c) {
        commands.add(c);
        waker.wake();
    }

    void stop() {
        stopping = true;
        waker.wake();
    }

    @Override
    public void run() {
        waker.bindToCurrentThread();
        try {
            while (!stopping) {
                try {
                    waker.clear();
                    boolean busy = applyCommands();
                    busy |= step();
                    busy |= peeks.step(traces, index);
                    if (sharedPeeks != null) {
                        busy |= sharedPeeks.step();
                    }
                    // After every pass, idle ones included: a since also moves when a hold on this
                    // worker's trace is moved or released on another thread (the interactive side's
                    // standing hold, a reader closing), which does not wake this worker; the next
                    // pass (at most IDLE_PARK_NANOS later) takes up the grant, and this reports it.
                    reportFrontiers();
                    if (!busy) {
                        waker.park(IDLE_PARK_NANOS);
                    }
                } catch (OutOfMemoryError e) {
                    // The heap ran out outside any operator (an operator that runs out fails its own
                    // dataflow): what took the memory is some dataflow, which fails in its own
                    // operator or is dropped by the statement that made it. A worker that died here
                    // would leave every dataflow and peek it serves hanging, so it goes on.
                    LOG.log(Level.SEVERE, "worker " + index + " ran out of memory outside an operator", e);
                    for (Long id : failedInPass) {
                        dataflows.remove(id);
                    }
                    failedInPass.clear();
                }
            }
        } finally {
            for (Map.Entry<Long, List<Operator>> e : dataflows.entrySet()) {
                closeAll(e.getValue());
                traces.removeDataflow(e.getKey());
            }
            dataflows.clear();
        }
    }

    private boolean applyCommands() {
        boolean did = false;
        WorkerCommand c;
        while ((c = commands.poll()) != null) {
            did = true;
            if (c instanceof WorkerCommand.Protocol) {
                ((WorkerCommand.Protocol) c).command().accept(applier);
            } else if (c instanceof WorkerCommand.Local) {
                WorkerCommand.Local l = (WorkerCommand.Local) c;
                create(l.id(), l.render());
            } else if (c instanceof WorkerCommand.RunOnWorker) {
                try {
                    ((WorkerCommand.RunOnWorker) c).action().run(this);
                } catch (RuntimeException e) {
                    LOG.log(Level.WARNING, "worker action failed on worker " + index, e);
                }
            }
        }
        return did;
    }

    private final Applier applier = new Applier();

    /** Applies the protocol's commands on this worker. */
    private final class Applier implements ComputeCommand.Visitor<Void> {
        @Override
        public Void visitCreateDataflow(ComputeCommand.CreateDataflow c) {
            RuntimeEnvironment env = runtime.environment();
            create(c.id(), new DataflowRenderer(c.desc(), env.tables(), env.arrangements()));
            return null;
        }

        @Override
        public Void visitDropDataflow(ComputeCommand.DropDataflow c) {
            List<Operator> ops = dataflows.remove(c.id());
            if (ops != null) {
                closeAll(ops);
            }
            forgetFrontiers(traces.removeDataflow(c.id()));
            runtime.forgetStats(c.id(), index);
            return null;
        }

        @Override
        public Void visitDropIndex(ComputeCommand.DropIndex c) {
            traces.remove(c.index());
            forgetFrontiers(List.of(c.index()));
            if (registry != null && runtime.role() == ComputeRuntimeRole.INTERACTIVE) {
                registry.forget(c.index()); // any standing hold remembered for it
            }
            return null;
        }

        @Override
        public Void visitAllowCompaction(ComputeCommand.AllowCompaction c) {
            if (runtime.role() == ComputeRuntimeRole.INTERACTIVE) {
                // interactive workers export only transient indexes: remember nothing for the rest
                traces.get(c.id()).ifPresent(b -> b.allowCompaction(c.since()));
                registry.advanceStandingHold(c.id(), c.since());
            } else {
                traces.allowCompaction(c.id(), c.since());
            }
            return null;
        }

        @Override
        public Void visitPeek(ComputeCommand.Peek c) {
            addPeek(c.request(), (uuid, worker, partial) ->
                    runtime.respond(new ComputeResponse.PeekAnswer(uuid, worker, partial)));
            return null;
        }

        @Override
        public Void visitCancelPeek(ComputeCommand.CancelPeek c) {
            cancelPeek(c.uuid());
            return null;
        }

        @Override
        public Void visitSampleExports(ComputeCommand.SampleExports c) {
            List<ComputeResponse.ExportStat> out = new ArrayList<>();
            for (GlobalId id : traces.ids()) {
                TraceBundle b = traces.get(id).orElseThrow();
                ArrangementSize size = b.ownSize();
                out.add(new ComputeResponse.ExportStat(id, size.records(), size.batches(), size.bytes(), b.errorCount(),
                        b.arranged()));
            }
            runtime.respond(new ComputeResponse.ExportSample(c.sample(), index, out));
            return null;
        }
    }

    /** The frontiers last reported per index. Worker thread only. */
    private final Map<GlobalId, Frontier[]> reported = new HashMap<>();

    /** Reports every exported index whose upper or since moved since the last report. */
    private void reportFrontiers() {
        for (GlobalId id : traces.ids()) {
            TraceBundle b = traces.get(id).orElseThrow();
            Frontier upper = b.upper();
            Frontier since = b.since();
            Frontier[] last = reported.get(id);
            if (last == null || !last[0].equals(upper) || !last[1].equals(since)) {
                reported.put(id, new Frontier[] {upper, since});
                runtime.respond(new ComputeResponse.Frontiers(id, index, upper, since));
            }
        }
    }

    private void forgetFrontiers(List<GlobalId> ids) {
        for (GlobalId id : ids) {
            reported.remove(id);
        }
    }

    private void create(long id, DataflowRender render) {
        DataflowShared shared = runtime.shared(id);
        Map<Class<?>, Object> services = new java.util.HashMap<>(Map.of(TraceManager.class, traces,
                PeekService.class, peeks, Worker.class, this, ComputeRuntimeRole.class, runtime.role()));
        if (registry != null) {
            services.put(ArrangementSharingRegistry.class, registry);
        }
        DataflowBuilder builder = new DataflowBuilder(index, shared, services);
        try {
            render.build(builder);
        } catch (RuntimeException | OutOfMemoryError | StackOverflowError e) {
            closeAll(builder.operators());
            forgetFrontiers(traces.removeDataflow(id));
            runtime.fail(id, index, e);
            runtime.respond(new ComputeResponse.DataflowFailed(id, index,
                    SpindleException.fromThrowable(e, "rendering dataflow " + id)));
            return;
        }
        List<Operator> ops = new ArrayList<>(builder.operators());
        dataflows.put(id, ops);
        List<String> names = new ArrayList<>();
        for (Operator op : ops) {
            names.add(op.name());
        }
        runtime.recordStats(id, index, new DataflowStats(names, builder.channelCount()));
        runtime.respond(new ComputeResponse.DataflowCreated(id, index, ops.size()));
    }

    /**
     * One pass over every dataflow's operators. Whenever the pass has run for {@link #SLICE_NANOS}
     * since it started or since it last interleaved (a hydration's slices add up), it interleaves,
     * after the operator that crossed the mark, a pass over the other dataflows and a step of the
     * peeks, so a small dataflow waiting to seal a fresh write, or a peek, is stepped every slice
     * or so, not once per hydration pass. A dataflow whose operator throws is stopped at once and
     * removed from the map after the pass.
     */
    private boolean step() {
        failedInPass.clear();
        boolean busy = false;
        long sliceStart = System.nanoTime();
        for (Map.Entry<Long, List<Operator>> e : dataflows.entrySet()) {
            for (Operator op : e.getValue()) {
                if (failedInPass.contains(e.getKey())) {
                    break;
                }
                busy |= runOperator(e.getKey(), op);
                if (System.nanoTime() - sliceStart > SLICE_NANOS && hasOtherWork()) {
                    busy |= runOthers(e.getKey());
                    sliceStart = System.nanoTime();
                }
            }
        }
        for (Long id : failedInPass) {
            dataflows.remove(id);
        }
        return busy;
    }

    /** Longest a pass runs before it interleaves the other dataflows. */
    static final long SLICE_NANOS = 500_000L;

    // Dataflows stopped during the current pass, removed from the map once it ends.
    private final List<Long> failedInPass = new ArrayList<>();

    /** Whether an interleaved pass has anything to step: another dataflow or a pending peek. */
    private boolean hasOtherWork() {
        return dataflows.size() > 1 || peeks.size() > 0 || (sharedPeeks != null && sharedPeeks.size() > 0);
    }

    /**
     * Runs {@code op} of dataflow {@code id}; true if it did work. If it throws, the dataflow is
     * stopped. Running out of heap or stack in an operator stops only that dataflow, with
     * {@code 53200} or {@code 54001}: its state goes with it, and the worker keeps serving the
     * others (an operator's state is its own, so nothing else was half changed).
     */
    private boolean runOperator(long id, Operator op) {
        try {
            return op.run();
        } catch (RuntimeException | OutOfMemoryError | StackOverflowError ex) {
            fail(id, ex);
            return false;
        }
    }

    /** One pass over the dataflows other than {@code current}, then a step of the peeks; true if any did work. */
    private boolean runOthers(long current) {
        boolean busy = false;
        for (Map.Entry<Long, List<Operator>> e : dataflows.entrySet()) {
            if (e.getKey() == current) {
                continue;
            }
            for (Operator op : e.getValue()) {
                if (failedInPass.contains(e.getKey())) {
                    break;
                }
                busy |= runOperator(e.getKey(), op);
            }
        }
        busy |= peeks.step(traces, index);
        if (sharedPeeks != null) {
            busy |= sharedPeeks.step();
        }
        return busy;
    }

    /** Stops dataflow {@code id} on this worker after its operator threw. */
    private void fail(long id, Throwable ex) {
        LOG.log(Level.FINE, "dataflow " + id + " failed on worker " + index, ex);
        closeAll(dataflows.get(id));
        List<GlobalId> lost = traces.removeDataflow(id);
        forgetFrontiers(lost);
        runtime.fail(id, index, ex);
        SpindleException error = SpindleException.fromThrowable(ex, "in dataflow " + id + " on worker " + index);
        peeks.fail(lost, error, index);
        failedInPass.add(id);
        runtime.respond(new ComputeResponse.DataflowFailed(id, index, error));
    }

    private static void closeAll(List<Operator> ops) {
        for (Operator op : ops) {
            try {
                op.close();
            } catch (RuntimeException e) {
                LOG.log(Level.WARNING, "closing " + op + " failed", e);
            }
        }
    }
}
