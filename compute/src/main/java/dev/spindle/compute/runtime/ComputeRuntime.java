package dev.spindle.compute.runtime;

import dev.spindle.compute.dataflow.DataflowShared;
import dev.spindle.compute.dataflow.Waker;
import dev.spindle.compute.sharing.ArrangementSharingRegistry;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * A set of W worker threads that run dataflows. Commands are broadcast to every worker in one
 * total order ({@link #broadcast} is serialized), so every worker builds the same operators in the
 * same order. Default W is the number of available processors.
 *
 * <p>Thread-safety: all public methods may be called from any thread.
 */
public final class ComputeRuntime implements AutoCloseable {
    private final String name;
    private final ComputeRuntimeRole role;
    private final List<ArrangementSharingRegistry> registries;
    private final Worker[] workers;
    private final Thread[] threads;
    private final Waker[] wakers;
    private final ConcurrentMap<Long, DataflowShared> shared = new ConcurrentHashMap<>();
    private final ConcurrentMap<Long, DataflowStats[]> stats = new ConcurrentHashMap<>();
    private final ConcurrentMap<Long, Throwable> failures = new ConcurrentHashMap<>();

    /** Starts a {@link ComputeRuntimeRole#SOLO} runtime of {@code workerCount} workers. */
    public ComputeRuntime(String name, int workerCount) {
        this(name, workerCount, ComputeRuntimeRole.SOLO, List.of());
    }

    /**
     * Starts {@code workerCount} workers named {@code name-worker-i} in {@code role}. A
     * maintenance or interactive runtime takes the registries the host created, one per worker
     * ordinal; worker {@code i} uses registry {@code i} (a maintenance worker attaches as its
     * publisher, an interactive worker as its reader). A SOLO runtime takes none.
     */
    public ComputeRuntime(String name, int workerCount, ComputeRuntimeRole role, List<ArrangementSharingRegistry> registries) {
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

    /** Builds a dataflow on every worker. */
    public void createDataflow(long id, String dataflowName, DataflowRender render) {
        broadcast(new WorkerCommand.CreateDataflow(id, dataflowName, render));
    }

    /** Drops a dataflow on every worker. */
    public void dropDataflow(long id) {
        broadcast(new WorkerCommand.DropDataflow(id));
        shared.remove(id);
        failures.remove(id);
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
