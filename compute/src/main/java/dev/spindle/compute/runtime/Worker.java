package dev.spindle.compute.runtime;

import dev.spindle.common.error.SpindleException;
import dev.spindle.common.id.GlobalId;
import dev.spindle.compute.dataflow.DataflowBuilder;
import dev.spindle.compute.dataflow.DataflowShared;
import dev.spindle.compute.dataflow.Operator;
import dev.spindle.compute.dataflow.Waker;
import dev.spindle.compute.export.TraceManager;
import dev.spindle.compute.peek.PeekRequest;
import dev.spindle.compute.peek.PeekService;
import dev.spindle.compute.peek.SharedPeekService;
import dev.spindle.compute.sharing.ArrangementSharingRegistry;
import java.util.ArrayList;
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
 * <p>An operator that throws stops its dataflow on this worker (the failure is reported through
 * {@link ComputeRuntime#failures()}); other dataflows keep running. Data errors never throw: they
 * flow as {@code errs}.
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
                waker.clear();
                boolean busy = applyCommands();
                busy |= step();
                busy |= peeks.step(traces, index);
                if (sharedPeeks != null) {
                    busy |= sharedPeeks.step();
                }
                if (!busy) {
                    waker.park(IDLE_PARK_NANOS);
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
            if (c instanceof WorkerCommand.CreateDataflow) {
                create((WorkerCommand.CreateDataflow) c);
            } else if (c instanceof WorkerCommand.DropDataflow) {
                long id = ((WorkerCommand.DropDataflow) c).id();
                List<Operator> ops = dataflows.remove(id);
                if (ops != null) {
                    closeAll(ops);
                }
                traces.removeDataflow(id);
                runtime.forgetStats(((WorkerCommand.DropDataflow) c).id(), index);
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

    private void create(WorkerCommand.CreateDataflow c) {
        DataflowShared shared = runtime.shared(c.id());
        Map<Class<?>, Object> services = new java.util.HashMap<>(Map.of(TraceManager.class, traces,
                PeekService.class, peeks, Worker.class, this, ComputeRuntimeRole.class, runtime.role()));
        if (registry != null) {
            services.put(ArrangementSharingRegistry.class, registry);
        }
        DataflowBuilder builder = new DataflowBuilder(index, shared, services);
        try {
            c.render().build(builder);
        } catch (RuntimeException e) {
            closeAll(builder.operators());
            traces.removeDataflow(c.id());
            runtime.fail(c.id(), index, e);
            return;
        }
        List<Operator> ops = new ArrayList<>(builder.operators());
        dataflows.put(c.id(), ops);
        List<String> names = new ArrayList<>();
        for (Operator op : ops) {
            names.add(op.name());
        }
        runtime.recordStats(c.id(), index, new DataflowStats(names, builder.channelCount()));
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

    /** Runs {@code op} of dataflow {@code id}; true if it did work. If it throws, the dataflow is stopped. */
    private boolean runOperator(long id, Operator op) {
        try {
            return op.run();
        } catch (RuntimeException ex) {
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
    private void fail(long id, RuntimeException ex) {
        LOG.log(Level.FINE, "dataflow " + id + " failed on worker " + index, ex);
        closeAll(dataflows.get(id));
        List<GlobalId> lost = traces.removeDataflow(id);
        runtime.fail(id, index, ex);
        peeks.fail(lost, SpindleException.wrap(ex), index);
        failedInPass.add(id);
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
