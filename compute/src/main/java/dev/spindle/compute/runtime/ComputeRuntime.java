package dev.spindle.compute.runtime;

import dev.spindle.compute.dataflow.DataflowRender;
import dev.spindle.compute.dataflow.DataflowShared;
import dev.spindle.compute.dataflow.Waker;
import dev.spindle.compute.protocol.ComputeCommand;
import dev.spindle.compute.protocol.ComputeResponse;
import dev.spindle.compute.sharing.ArrangementSharingRegistry;
import dev.spindle.compute.sharing.ComputeRuntimeRole;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.function.Consumer;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * A set of W worker threads that run dataflows: the runtime side of the compute protocol. It
 * takes {@link ComputeCommand}s ({@link #send}) and broadcasts each to every worker in one total
 * order ({@link #broadcast} is serialized), so every worker builds the same operators in the same
 * order; workers answer with {@link ComputeResponse}s through the response sink given at start.
 * Each worker renders a {@link ComputeCommand.CreateDataflow}'s description itself, against the
 * runtime's {@link RuntimeEnvironment}. Default W is the number of available processors.
 *
 * <p>Besides the protocol, in-process callers (operator tests, diagnostics) may build dataflows
 * from code ({@link #createDataflow(long, String, DataflowRender)}) and run actions on the workers
 * ({@link #broadcast} of {@link WorkerCommand.RunOnWorker}); the controller uses neither.
 *
 * <p>Thread-safety: all public methods may be called from any thread. The response sink is
 * called on worker threads and must not block for long.
 */
public final class ComputeRuntime implements AutoCloseable {
    private static final Logger LOG = Logger.getLogger(ComputeRuntime.class.getName());

    private final String name;
    private final RuntimeEnvironment environment;
    private final Consumer<ComputeResponse> responses;
    private final ComputeRuntimeRole role;
    private final List<ArrangementSharingRegistry> registries;
    private final Worker[] workers;
    private final Thread[] threads;
    private final Waker[] wakers;
    private final ConcurrentMap<Long, DataflowShared> shared = new ConcurrentHashMap<>();
    private final ConcurrentMap<Long, DataflowStats[]> stats = new ConcurrentHashMap<>();
    private final ConcurrentMap<Long, Throwable> failures = new ConcurrentHashMap<>();

    /**
     * Starts a {@link ComputeRuntimeRole#SOLO} runtime of {@code workerCount} workers without
     * tables or a response sink, for in-process dataflows.
     */
    public ComputeRuntime(String name, int workerCount) {
        this(name, workerCount, ComputeRuntimeRole.SOLO, List.of());
    }

    /** As {@link #ComputeRuntime(String, int, ComputeRuntimeRole, List, RuntimeEnvironment, Consumer)}, without tables or a response sink. */
    public ComputeRuntime(String name, int workerCount, ComputeRuntimeRole role, List<ArrangementSharingRegistry> registries) {
        this(name, workerCount, role, registries, RuntimeEnvironment.noTables(), r -> { });
    }

    /**
     * Starts {@code workerCount} workers named {@code name-worker-i} in {@code role}. A
     * maintenance or interactive runtime takes the registries the host created, one per worker
     * ordinal; worker {@code i} uses registry {@code i} (a maintenance worker attaches as its
     * publisher, an interactive worker as its reader). A SOLO runtime takes none. Workers render
     * descriptions against {@code environment} and answer through {@code responses}.
     */
    public ComputeRuntime(String name, int workerCount, ComputeRuntimeRole role, List<ArrangementSharingRegistry> registries,
                          RuntimeEnvironment environment, Consumer<ComputeResponse> responses) {
        this.environment = java.util.Objects.requireNonNull(environment, "environment");
        this.responses = java.util.Objects.requireNonNull(responses, "responses");
        if (workerCount < 1) {
            throw new IllegalArgumentException("workers must be >= 1: " + workerCount);
        }
        if (role == ComputeRuntimeRole.SOLO ? !registries.isEmpty() : registries.size() != workerCount) {
            throw new IllegalArgumentException(role + " runtime of " + workerCount + " workers cannot take "
                    + registries.size() + " registries");
        }
        for (int i = 0; i < registries.size(); i++) {
            if (registries.get(i).ordinal() != i) {
                throw new IllegalArgumentException("registry " + i + " serves ordinal " + registries.get(i).ordinal());
            }
        }
        this.role = role;
        this.registries = List.copyOf(registries);
        this.name = name;
        this.workers = new Worker[workerCount];
        this.threads = new Thread[workerCount];
        this.wakers = new Waker[workerCount];
        for (int i = 0; i < workerCount; i++) {
            wakers[i] = new Waker();
            ArrangementSharingRegistry registry = registries.isEmpty() ? null : registries.get(i);
            if (role == ComputeRuntimeRole.MAINTENANCE) {
                registry.attachPublisher();
            } else if (role == ComputeRuntimeRole.INTERACTIVE) {
                registry.attachInteractive(wakers[i]);
            }
            workers[i] = new Worker(this, i, wakers[i], registry);
            threads[i] = new Thread(workers[i], name + "-worker-" + i);
            threads[i].setDaemon(true);
        }
        for (Thread t : threads) {
            t.start();
        }
    }

    /** The default worker count: the number of available processors. */
    public static int defaultWorkers() {
        return Runtime.getRuntime().availableProcessors();
    }

    /** The runtime's role. */
    public ComputeRuntimeRole role() {
        return role;
    }

    /** The registries of the worker ordinals (empty for SOLO). */
    public List<ArrangementSharingRegistry> registries() {
        return registries;
    }

    /** The runtime's name. */
    public String name() {
        return name;
    }

    /** Number of workers. */
    public int workers() {
        return workers.length;
    }

    /** Sends {@code command} to every worker; all workers see all commands in the same order. */
    public synchronized void broadcast(WorkerCommand command) {
        for (Worker w : workers) {
            w.submit(command);
        }
    }

    /** Applies a protocol command on every worker, in the order commands are sent. */
    public void send(ComputeCommand command) {
        broadcast(new WorkerCommand.Protocol(command));
        if (command instanceof ComputeCommand.DropDataflow) {
            long id = ((ComputeCommand.DropDataflow) command).id();
            shared.remove(id);
            failures.remove(id);
        }
    }

    /** Builds an in-process dataflow on every worker from code (operator tests). */
    public void createDataflow(long id, String dataflowName, DataflowRender render) {
        broadcast(new WorkerCommand.Local(id, dataflowName, render));
    }

    /** Drops a dataflow on every worker. */
    public void dropDataflow(long id) {
        send(new ComputeCommand.DropDataflow(id));
    }

    /** What workers render descriptions against. */
    RuntimeEnvironment environment() {
        return environment;
    }

    /** Hands a worker's response to the sink; a sink that throws loses that response only. */
    void respond(ComputeResponse response) {
        try {
            responses.accept(response);
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, name + ": the response sink failed on " + response, e);
        }
    }

    DataflowShared shared(long dataflowId) {
        return shared.computeIfAbsent(dataflowId, id -> new DataflowShared(id, workers.length, wakers));
    }

    /** The shared state of a dataflow, if it exists. */
    public Optional<DataflowShared> sharedState(long dataflowId) {
        return Optional.ofNullable(shared.get(dataflowId));
    }

    void recordStats(long id, int worker, DataflowStats s) {
        stats.computeIfAbsent(id, k -> new DataflowStats[workers.length])[worker] = s;
    }

    void forgetStats(long id, int worker) {
        DataflowStats[] s = stats.get(id);
        if (s != null) {
            s[worker] = null;
            boolean all = true;
            for (DataflowStats x : s) {
                all &= x == null;
            }
            if (all) {
                stats.remove(id);
            }
        }
    }

    /** How each worker built dataflow {@code id} (null entries for workers that have not yet). */
    public List<DataflowStats> stats(long id) {
        DataflowStats[] s = stats.get(id);
        List<DataflowStats> out = new ArrayList<>();
        for (int i = 0; i < workers.length; i++) {
            out.add(s == null ? null : s[i]);
        }
        return out;
    }

    void fail(long dataflowId, int worker, Throwable t) {
        failures.putIfAbsent(dataflowId, t);
    }

    /** Dataflows that failed on some worker, with the first failure. */
    public Map<Long, Throwable> failures() {
        return Map.copyOf(failures);
    }

    /** Stops every worker and waits for them to exit. */
    @Override
    public void close() {
        for (Worker w : workers) {
            w.stop();
        }
        for (Thread t : threads) {
            try {
                t.join(10_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }
}
