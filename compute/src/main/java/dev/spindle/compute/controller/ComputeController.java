package dev.spindle.compute.controller;

import dev.spindle.common.error.ErrorCode;
import dev.spindle.common.error.SpindleException;
import dev.spindle.common.id.GlobalId;
import dev.spindle.common.time.Frontier;
import dev.spindle.compute.peek.PeekRequest;
import dev.spindle.compute.peek.PeekResponse;
import dev.spindle.compute.plan.DataflowDescription;
import dev.spindle.compute.protocol.ComputeCommand;
import dev.spindle.compute.protocol.ComputeResponse;
import dev.spindle.compute.protocol.ProtocolCodec;
import dev.spindle.compute.runtime.ComputeRuntime;
import dev.spindle.compute.runtime.RuntimeEnvironment;
import dev.spindle.compute.sharing.ArrangementSharingRegistry;
import dev.spindle.compute.sharing.ComputeRuntimeRole;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * The controller side of the compute protocol (DESIGN §2): the one seam through which the
 * coordinator drives compute. It sends plain-value {@link ComputeCommand}s to the runtimes and
 * combines their workers' {@link ComputeResponse}s into answers; nothing callable crosses the
 * seam, and in wire mode ({@link Options#wire()}) every command and response goes through bytes.
 *
 * <h2>Routing</h2>
 * With one SOLO runtime everything goes to it. Split, index dataflows go to the MAINTENANCE
 * runtime, peeks and their transient dataflows to the INTERACTIVE runtime, and every
 * {@code AllowCompaction} and {@code DropIndex} to both (maintenance moves its exports' holds and
 * their points' {@code writerLogical}; interactive moves the points' standing holds). Split, a
 * peek on an index already sealed past its time may be answered in the caller's thread
 * from the sharing registries instead ({@link #tryPeekInline}); the answer is the one the
 * interactive workers would give, and the peek's reader holds make the compaction contract hold
 * for it as for a pending peek.
 *
 * <h2>Every command answers</h2>
 * <ul>
 *   <li>{@link #createDataflow} completes its future once every worker rendered the dataflow, or
 *       fails it with the first worker's error (the dataflow is then stopped everywhere).</li>
 *   <li>A dataflow that fails later (an operator threw) is stopped on every worker; its pending
 *       and future peeks, and those of every dataflow that depends on it, fail with that error,
 *       and {@link #dataflows()} shows it failed.</li>
 *   <li>A peek of an index that was dropped fails at once with
 *       {@link ErrorCode#INDEX_DROPPED_1}; a peek pending when its index is dropped fails the
 *       same way. A peek of an id nobody has exported <em>yet</em> waits (a reader may come
 *       before its writer), until answered, cancelled, or its deadline
 *       ({@link #peek(PeekRequest, Duration)}: {@link ErrorCode#STATEMENT_TIMEOUT_0}).</li>
 * </ul>
 *
 * <h2>One set of books</h2>
 * The controller knows every live dataflow (index and transient alike): its runtime, the indexes
 * it still exports and the dataflows it reads from. {@link #dropIndex} and {@link #dropDataflow}
 * both go through them: a dataflow is stopped once it exports no live index and no live dataflow
 * reads its arrangements, so a re-export of a dropped index keeps serving (DESIGN invariant 13).
 *
 * <h2>Compaction contract</h2>
 * An index compacts <em>logically</em> (times before {@code since} are merged together and can no
 * longer be read) only as far as {@link #allowCompaction} allowed, and never past a pending peek:
 * an allowance beyond a pending peek's time is applied once the peek is done, so a peek the
 * controller accepted is never refused for compaction allowed later. <em>Physically</em> (merging
 * batches) an index compacts whether or not anyone allows anything: its exports hold no batch
 * boundaries, so an index that never receives {@code AllowCompaction} keeps O(log n) batches, but
 * all of its history; the coordinator's read policy is what bounds that history.
 *
 * <p>Thread-safety: all public methods may be called from any thread; the books are guarded by the
 * controller's monitor. Responses arrive on worker threads; futures are completed outside the
 * monitor (peek futures on a worker or the deadline thread), so callers should not do long work in
 * synchronous continuations.
 */
public final class ComputeController implements AutoCloseable {
    /**
     * How to start a controller.
     *
     * @param environment what the runtimes render descriptions against
     * @param wire whether every command and response goes through bytes ({@link ProtocolCodec})
     */
    public record Options(RuntimeEnvironment environment, boolean wire) {
        public Options {
            java.util.Objects.requireNonNull(environment, "environment");
        }

        /** In-process messages over {@code environment}. */
        public static Options of(RuntimeEnvironment environment) {
            return new Options(environment, false);
        }

        /** The same, with every message serialized. */
        public Options withWire(boolean on) {
            return new Options(environment, on);
        }
    }

    /**
     * A live (or failed) dataflow as introspection shows it.
     *
     * @param operators operators per worker (every worker builds the same); -1 until rendered
     * @param error why it failed, or null while it runs
     */
    public record DataflowInfo(long id, String name, ComputeRuntimeRole runtime, int operators, SpindleException error) {
    }

    private final ComputeRuntime maintenance;
    private final ComputeRuntime interactive;
    private final Consumer<ComputeCommand> toMaintenance;
    private final Consumer<ComputeCommand> toInteractive;
    /** Peeks answered in the caller's thread from the sharing registries and the tables. */
    private final InlineReads inline;
    /** Completed peeks by duration bucket: bucket b counts peeks that took less than 2^b ms. */
    private final PeekDurations peekDurations = new PeekDurations();
    private final Map<Long, DataflowBook> books = new LinkedHashMap<>();
    private final Map<GlobalId, Long> exporter = new HashMap<>();
    /** Indexes that were dropped: ids are never reused, so a peek of one can never be answered. */
    private final Set<GlobalId> dropped = ConcurrentHashMap.newKeySet(); // written under the monitor, read also without
    /** Indexes whose dataflow failed, with the error. Written under the monitor, read also without. */
    private final Map<GlobalId, SpindleException> failed = new ConcurrentHashMap<>();
    private final Map<UUID, PeekCollector> peeks = new LinkedHashMap<>();
    private final Map<GlobalId, Frontier> requested = new HashMap<>();
    /** The compaction sent to the runtimes per index. Written under the monitor, read also without (inline reads). */
    private final Map<GlobalId, Frontier> applied = new ConcurrentHashMap<>();
    private final ReportedFrontiers frontiers = new ReportedFrontiers();
    /** The as-of of each live index's dataflow. Written under the monitor, read also without ({@link #asOf}). */
    private final Map<GlobalId, Frontier> asOfs = new ConcurrentHashMap<>();
    private final ExportSampling samples = new ExportSampling();
    private int uppersAwaited; // threads in awaitReport; guarded by the monitor
    private ScheduledExecutorService deadlines; // created on first use
    private volatile boolean closed; // written under the monitor; read without it by inline peeks

    private ComputeController(ComputeRuntimeFactory factory, Options options) {
        Consumer<ComputeResponse> sink = options.wire() ? r -> handle(ProtocolCodec.roundTrip(r)) : this::handle;
        Runtimes rts = factory.start(options.environment(), sink);
        this.maintenance = rts.maintenance();
        this.interactive = rts.interactive();
        this.inline = new InlineReads(rts.registries(), options.environment().tables(), interactive.workers(),
                peekDurations, this::unusable, applied);
        this.toMaintenance = options.wire() ? c -> maintenance.send(ProtocolCodec.roundTrip(c)) : maintenance::send;
        this.toInteractive = options.wire() ? c -> interactive.send(ProtocolCodec.roundTrip(c)) : interactive::send;
    }

    /** The runtimes started: the same runtime twice, and no registries, when solo. */
    private record Runtimes(ComputeRuntime maintenance, ComputeRuntime interactive,
                            List<ArrangementSharingRegistry> registries) {
    }

    /** Starts the runtimes. */
    @FunctionalInterface
    private interface ComputeRuntimeFactory {
        Runtimes start(RuntimeEnvironment env, Consumer<ComputeResponse> sink);
    }

    /**
     * Starts the runtimes of {@code mode} with {@code workers} workers each (split: one sharing
     * registry per worker ordinal, created before any worker); closing the controller stops them.
     */
    public static ComputeController start(RuntimeMode mode, int workers, Options options) {
        if (mode == RuntimeMode.SOLO) {
            return new ComputeController((env, sink) -> {
                ComputeRuntime solo = new ComputeRuntime("solo", workers, ComputeRuntimeRole.SOLO, List.of(), env, sink);
                return new Runtimes(solo, solo, List.of());
            }, options);
        }
        return new ComputeController((env, sink) -> {
            List<ArrangementSharingRegistry> registries = ArrangementSharingRegistry.forWorkers(workers);
            ComputeRuntime m = new ComputeRuntime("maintenance", workers, ComputeRuntimeRole.MAINTENANCE, registries, env, sink);
            ComputeRuntime i = new ComputeRuntime("interactive", workers, ComputeRuntimeRole.INTERACTIVE, registries, env, sink);
            return new Runtimes(m, i, registries);
        }, options);
    }

    /** {@link #start(RuntimeMode, int, Options)} with in-process messages and spine arrangements. */
    public static ComputeController start(RuntimeMode mode, int workers, dev.spindle.compute.render.TableResolver tables) {
        return start(mode, workers, Options.of(RuntimeEnvironment.of(tables)));
    }

    /** The runtime that maintains indexes (the SOLO runtime when not split). */
    public ComputeRuntime runtime() {
        return maintenance;
    }

    /** The runtime that answers peeks (the same SOLO runtime when not split). */
    public ComputeRuntime interactive() {
        return interactive;
    }

    private boolean split() {
        return interactive != maintenance;
    }

    // ------------------------------------------------------------------ dataflows

    /**
     * Builds index dataflow {@code id} from {@code desc} on every maintenance worker (each renders
     * it itself). The future completes once every worker rendered it, or fails with the first
     * error: an export whose id a live dataflow already exports or that was dropped
     * ({@link ErrorCode#INDEX_ALREADY_EXISTS_1}: ids are never reused), an import that no live
     * dataflow exports ({@link ErrorCode#INDEX_NOT_FOUND_1}), was dropped
     * ({@link ErrorCode#INDEX_DROPPED_1}) or failed (its error), or a render failure.
     */
    public CompletableFuture<Void> createDataflow(long id, DataflowDescription desc) {
        DataflowBook book;
        synchronized (this) {
            checkOpen();
            if (books.containsKey(id)) {
                throw new IllegalArgumentException("dataflow " + id + " already exists");
            }
            for (GlobalId exported : desc.indexExports().keySet()) {
                if (exporter.containsKey(exported) || dropped.contains(exported)) {
                    return CompletableFuture.failedFuture(new SpindleException(ErrorCode.INDEX_ALREADY_EXISTS_1, exported));
                }
            }
            Set<Long> deps = new TreeSet<>();
            for (GlobalId imported : desc.indexImports().keySet()) {
                SpindleException unusable = unusable(imported);
                Long from = exporter.get(imported);
                if (unusable == null && from == null) {
                    unusable = new SpindleException(ErrorCode.INDEX_NOT_FOUND_1, imported);
                }
                if (unusable != null) {
                    return CompletableFuture.failedFuture(unusable);
                }
                deps.add(from);
            }
            book = new DataflowBook(id, desc, maintenance, false, deps, desc.indexImports().keySet());
            register(book);
            toMaintenance.accept(new ComputeCommand.CreateDataflow(id, desc));
        }
        return book.created.copy();
    }

    /**
     * The slow path: builds transient dataflow {@code dataflowId} on the interactive runtime (it
     * imports the shared arrangements it needs at the peek's time, binding placeholders where the
     * publisher has not rendered yet), peeks its transient index {@code request.index()}, and
     * drops the dataflow once the peek is answered, failed or cancelled. Fails at once if an
     * import was dropped or failed; fails when the transient dataflow fails (say, an import had
     * already compacted past the peek's time).
     */
    public CompletableFuture<PeekResponse> peekTransient(long dataflowId, DataflowDescription desc, PeekRequest request) {
        return peekTransient(dataflowId, desc, request, null);
    }

    /** {@link #peekTransient(long, DataflowDescription, PeekRequest)} with a deadline. */
    public CompletableFuture<PeekResponse> peekTransient(long dataflowId, DataflowDescription desc, PeekRequest request,
                                                        Duration deadline) {
        if (!desc.indexExports().containsKey(request.index())) {
            throw new IllegalArgumentException("transient dataflow " + desc.name() + " does not export " + request.index());
        }
        CompletableFuture<PeekResponse> f;
        synchronized (this) {
            checkOpen();
            for (GlobalId imported : desc.indexImports().keySet()) {
                SpindleException unusable = unusable(imported);
                if (unusable != null) {
                    return CompletableFuture.completedFuture(new PeekResponse.Error(unusable));
                }
            }
            DataflowBook book = new DataflowBook(dataflowId, desc, interactive, true, Set.of(), desc.indexImports().keySet());
            register(book);
            toInteractive.accept(new ComputeCommand.CreateDataflow(dataflowId, desc));
            f = peek(request, deadline);
        }
        return f.whenComplete((r, e) -> dropDataflow(dataflowId));
    }

    private void register(DataflowBook book) {
        books.put(book.id, book);
        for (GlobalId e : book.exports) {
            exporter.put(e, book.id);
            asOfs.put(e, book.desc.asOf());
        }
    }

    /** The error a peek of {@code id} fails with at once (dropped or failed), or null. Needs no lock. */
    private SpindleException unusable(GlobalId id) {
        if (dropped.contains(id)) {
            return new SpindleException(ErrorCode.INDEX_DROPPED_1, id);
        }
        return failed.get(id);
    }

    /**
     * Drops index {@code index}: on every worker its bundle is closed (holds released, registry
     * slot removed, publication ended); pending peeks of it fail. Its dataflow is stopped once it
     * exports no live index and no live dataflow depends on it, so a re-export of it keeps serving
     * (DESIGN invariant 13).
     *
     * @throws SpindleException {@link ErrorCode#INDEX_NOT_FOUND_1} if no live dataflow exports it
     */
    public void dropIndex(GlobalId index) {
        List<Runnable> after = new ArrayList<>();
        synchronized (this) {
            Long df = exporter.get(index);
            if (df == null) {
                throw new SpindleException(ErrorCode.INDEX_NOT_FOUND_1, index);
            }
            dropIndexLocked(index, after);
            maybeStop(df, after);
        }
        after.forEach(Runnable::run);
    }

    /**
     * Drops every index dataflow {@code id} still exports, then the dataflow itself once nothing
     * reads it (as {@link #dropIndex} for each). Unknown ids are ignored.
     */
    public void dropDataflow(long id) {
        List<Runnable> after = new ArrayList<>();
        synchronized (this) {
            DataflowBook b = books.get(id);
            if (b == null) {
                return;
            }
            for (GlobalId e : new ArrayList<>(b.exports)) {
                dropIndexLocked(e, after);
            }
            maybeStop(id, after);
        }
        after.forEach(Runnable::run);
    }

    private void dropIndexLocked(GlobalId index, List<Runnable> after) {
        Long df = exporter.remove(index);
        DataflowBook b = books.get(df);
        b.exports.remove(index);
        if (!b.transientDf) {
            dropped.add(index); // transient ids are the controller's own: nobody reads them again
        }
        failed.remove(index);
        requested.remove(index);
        applied.remove(index);
        asOfs.remove(index);
        frontiers.remove(index);
        ComputeCommand drop = new ComputeCommand.DropIndex(index);
        if (!b.transientDf) {
            toMaintenance.accept(drop);
        }
        if (split() || b.transientDf) {
            toInteractive.accept(drop);
        }
        failPeeks(index, new SpindleException(ErrorCode.INDEX_DROPPED_1, index), after);
    }

    /** Stops dataflow {@code id} if it exports nothing live and nothing live reads it; then its inputs. */
    private void maybeStop(long id, List<Runnable> after) {
        DataflowBook b = books.get(id);
        if (b == null || !b.exports.isEmpty()) {
            return;
        }
        for (DataflowBook other : books.values()) {
            if (other.id != id && other.dependsOn.contains(id)) {
                return; // a live dataflow still reads its arrangements
            }
        }
        books.remove(id);
        (b.runtime == maintenance ? toMaintenance : toInteractive).accept(new ComputeCommand.DropDataflow(id));
        if (!b.created.isDone()) {
            SpindleException gone = new SpindleException(ErrorCode.QUERY_CANCELED_0);
            after.add(() -> b.created.completeExceptionally(gone));
        }
        for (long d : b.dependsOn) {
            maybeStop(d, after);
        }
    }

    /** Ids of the dataflows the controller keeps alive, for introspection and tests. */
    public synchronized Set<Long> liveDataflows() {
        return Set.copyOf(books.keySet());
    }

    /** The live dataflows (and failed ones not yet dropped), in creation order. */
    public synchronized List<DataflowInfo> dataflows() {
        List<DataflowInfo> out = new ArrayList<>();
        for (DataflowBook b : books.values()) {
            out.add(new DataflowInfo(b.id, b.desc.name(), b.runtime.role(), b.operators, b.failure));
        }
        return out;
    }

    // ------------------------------------------------------------------ compaction and frontiers

    /** Allows index {@code id} to compact up to {@code since} (deferred past pending peeks). */
    public synchronized void allowCompaction(GlobalId id, Frontier since) {
        if (dropped.contains(id)) {
            return;
        }
        requested.merge(id, since, Frontier::join);
        applyCompaction(id);
    }

    private void applyCompaction(GlobalId id) {
        Frontier f = requested.get(id);
        if (f == null) {
            return;
        }
        for (PeekCollector c : peeks.values()) {
            if (c.request.index().equals(id)) {
                f = f.meet(Frontier.at(c.request.time()));
            }
        }
        Frontier before = applied.get(id);
        if (before == null || before.lessThan(f)) {
            applied.put(id, f);
            ComputeCommand allow = new ComputeCommand.AllowCompaction(id, f);
            toMaintenance.accept(allow);
            if (split()) {
                toInteractive.accept(allow);
            }
        }
    }

    /**
     * The upper of index {@code id} as its workers last reported it (the meet over workers):
     * times before it are complete everywhere. {@link Frontier#MIN} until every worker reported.
     */
    public synchronized Frontier upper(GlobalId id) {
        return frontiers.upper(id);
    }

    /**
     * Waits until every index that a live, unfailed, hydrated dataflow exports and {@code which}
     * accepts is complete through {@code time} (its {@link #upper} past it), or until
     * {@code timeout} passes. A sample of the workers' exports taken afterwards reflects every
     * update up to {@code time}. A dataflow still hydrating (no export's upper past its as-of yet)
     * is not waited for: catching up with recent writes takes a step, hydrating may take seconds.
     *
     * @return true if they all were, false on timeout
     */
    public synchronized boolean awaitUppersPast(java.util.function.Predicate<GlobalId> which, long time, Duration timeout)
            throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            boolean behind = false;
            for (Map.Entry<GlobalId, Long> e : exporter.entrySet()) {
                DataflowBook b = books.get(e.getValue());
                Frontier upper = upper(e.getKey());
                boolean hydrated = b != null && b.desc.asOf().lessThan(upper);
                if (hydrated && b.failure == null && which.test(e.getKey()) && upper.lessEqual(time)) {
                    behind = true;
                    break;
                }
            }
            if (!behind || closed) {
                return !behind;
            }
            if (!awaitReport(deadline)) {
                return false;
            }
        }
    }

    /**
     * Waits until index {@code id} is readable at {@code time} (its {@link #upper} past it), woken
     * by the workers' frontier reports, for at most {@code timeout}.
     *
     * @return true if it is, false on timeout
     */
    public synchronized boolean awaitUpperPast(GlobalId id, long time, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!Frontier.at(time).lessThan(upper(id))) {
            if (!awaitReport(deadline)) {
                return false;
            }
        }
        return true;
    }

    /**
     * Waits, monitor held, until a worker's response is handled (it notifies while a thread waits
     * here) or {@code deadline} ({@link System#nanoTime}) passes; false if it had already passed.
     */
    private boolean awaitReport(long deadline) throws InterruptedException {
        long left = deadline - System.nanoTime();
        if (left <= 0) {
            return false;
        }
        uppersAwaited++;
        try {
            TimeUnit.NANOSECONDS.timedWait(this, left);
        } finally {
            uppersAwaited--;
        }
        return true;
    }

    /**
     * The as-of of the dataflow that exports index {@code id} (reads of it are valid from there on,
     * as far as {@link #allowCompaction} let it compact), or null if no live dataflow exports it.
     * Takes no lock.
     */
    public Frontier asOf(GlobalId id) {
        return asOfs.get(id);
    }

    /** The since of index {@code id} as its workers last reported it (the join over workers). */
    public synchronized Frontier since(GlobalId id) {
        return frontiers.since(id);
    }

    // ------------------------------------------------------------------ peeks

    /** Starts a peek; the future completes with rows, an error, or {@link PeekResponse.Canceled}. */
    public CompletableFuture<PeekResponse> peek(PeekRequest request) {
        return peek(request, null);
    }

    /** {@link #tryPeekInline(PeekRequest, Runnable)} with no checkpoint (a point read is short). */
    public PeekResponse tryPeekInline(PeekRequest request) {
        return tryPeekInline(request, () -> { });
    }

    /**
     * Answers peek {@code request} (a point lookup or a scan) in the calling thread if the split
     * runtimes' sharing registries hold its index sealed past the peek's time; null if it must go
     * to the interactive workers ({@link #peek(PeekRequest, Duration)}). See {@link InlineReads}:
     * takes no lock of the controller's, so concurrent reads do not serialize here.
     *
     * @param checkpoint called between slices of a scan; what it throws (a cancel, a timeout) ends
     *     the read and is thrown from here
     */
    public PeekResponse tryPeekInline(PeekRequest request, Runnable checkpoint) {
        return closed ? null : inline.peek(request, checkpoint);
    }

    /**
     * {@link #tryPeekInline(PeekRequest, Runnable)}, waiting in the calling thread (up to
     * {@code maxWait}) when the index is published and only its seal past the peek's time is
     * missing, as a read right after a write finds it: see {@link InlineReads#peekAwaitingSeal}.
     * Null if the peek must go to the interactive workers.
     */
    public PeekResponse tryPeekInline(PeekRequest request, Runnable checkpoint, Duration maxWait) {
        return closed ? null : inline.peekAwaitingSeal(request, checkpoint, maxWait.toNanos());
    }

    /**
     * Answers the slow path's peek {@code request} of transient dataflow {@code desc} in the
     * calling thread, without rendering it, where its inputs allow; null if it must go to the
     * interactive workers ({@link #peekTransient}). See {@link InlineReads}: takes no lock of the
     * controller's; counted in {@link #peekDurations()} like every answered peek.
     *
     * @param checkpoint called now and then during a long evaluation; what it throws (a cancel, a
     *     timeout) ends the read and is thrown from here
     */
    public PeekResponse tryPeekTransientInline(DataflowDescription desc, PeekRequest request, Runnable checkpoint) {
        return closed ? null : inline.transientRead(desc, request, checkpoint);
    }

    /**
     * Starts a peek that fails with {@link ErrorCode#STATEMENT_TIMEOUT_0} unless answered within
     * {@code deadline} (null: no deadline).
     */
    public synchronized CompletableFuture<PeekResponse> peek(PeekRequest request, Duration deadline) {
        checkOpen();
        SpindleException unusable = unusable(request.index());
        if (unusable != null) {
            return CompletableFuture.completedFuture(new PeekResponse.Error(unusable));
        }
        if (peeks.containsKey(request.uuid())) {
            throw new IllegalArgumentException("peek " + request.uuid() + " is already pending");
        }
        PeekCollector c = new PeekCollector(request, interactive.workers());
        peeks.put(request.uuid(), c);
        toInteractive.accept(new ComputeCommand.Peek(request));
        if (deadline != null) {
            scheduler().schedule(() -> expire(request.uuid()), Math.max(0, deadline.toNanos()), TimeUnit.NANOSECONDS);
        }
        return c.future;
    }

    private ScheduledExecutorService scheduler() {
        if (deadlines == null) {
            deadlines = Executors.newSingleThreadScheduledExecutor(r -> {
                Thread t = new Thread(r, "compute-peek-deadlines");
                t.setDaemon(true);
                return t;
            });
        }
        return deadlines;
    }

    private void expire(UUID uuid) {
        end(uuid, new PeekResponse.Error(new SpindleException(ErrorCode.STATEMENT_TIMEOUT_0)));
    }

    /** Cancels a pending peek: its future completes with {@link PeekResponse.Canceled}. */
    public void cancel(UUID uuid) {
        end(uuid, new PeekResponse.Canceled());
    }

    /** Ends pending peek {@code uuid} with {@code response} (cancelling it on the workers). */
    private void end(UUID uuid, PeekResponse response) {
        PeekCollector c;
        synchronized (this) {
            c = peeks.remove(uuid);
            if (c == null) {
                return;
            }
            if (!closed) {
                toInteractive.accept(new ComputeCommand.CancelPeek(uuid));
            }
            applyCompaction(c.request.index());
        }
        c.future.complete(response);
    }

    /** Fails every pending peek of {@code index}, and of transient dataflows importing it. Lock held. */
    private void failPeeks(GlobalId index, SpindleException error, List<Runnable> after) {
        Set<GlobalId> affected = new HashSet<>();
        affected.add(index);
        for (DataflowBook b : books.values()) {
            if (b.transientDf && b.imports.contains(index)) {
                affected.addAll(b.exports);
            }
        }
        for (PeekCollector c : new ArrayList<>(peeks.values())) {
            if (affected.contains(c.request.index())) {
                peeks.remove(c.request.uuid());
                toInteractive.accept(new ComputeCommand.CancelPeek(c.request.uuid()));
                after.add(() -> c.future.complete(new PeekResponse.Error(error)));
            }
        }
    }

    /** The peeks not yet answered. */
    public synchronized List<PeekRequest> activePeeks() {
        List<PeekRequest> out = new ArrayList<>();
        for (PeekCollector c : peeks.values()) {
            out.add(c.request);
        }
        return out;
    }

    /**
     * Completed peeks by duration: entry {@code b} counts peeks that took less than {@code 2^b}
     * ms (and at least {@code 2^(b-1)}).
     */
    public long[] peekDurations() {
        return peekDurations.snapshot();
    }

    /** Number of peeks not yet answered. */
    public synchronized int pendingPeeks() {
        return peeks.size();
    }

    // ------------------------------------------------------------------ introspection samples

    /**
     * Every index each maintenance (or solo) worker exports, with its own size and error count:
     * one sample per worker, in worker order.
     *
     * @throws SpindleException {@link ErrorCode#STATEMENT_TIMEOUT_0} if the workers did not
     *     answer within {@code timeout}
     */
    public List<ComputeResponse.ExportSample> sampleExports(Duration timeout) throws InterruptedException {
        ExportSampling.Sample s;
        synchronized (this) {
            checkOpen();
            s = samples.begin(maintenance.workers());
            toMaintenance.accept(new ComputeCommand.SampleExports(s.id));
        }
        try {
            return s.done.get(timeout.toNanos(), TimeUnit.NANOSECONDS);
        } catch (java.util.concurrent.TimeoutException e) {
            throw new SpindleException(ErrorCode.STATEMENT_TIMEOUT_0);
        } catch (java.util.concurrent.ExecutionException e) {
            throw SpindleException.wrap(e.getCause());
        } finally {
            synchronized (this) {
                samples.end(s.id);
            }
        }
    }

    // ------------------------------------------------------------------ responses

    /** Takes one worker's response (on that worker's thread). */
    private void handle(ComputeResponse response) {
        List<Runnable> after = new ArrayList<>();
        synchronized (this) {
            response.accept(new Handler(after));
            if (uppersAwaited > 0) {
                notifyAll(); // a frontier or a failure may be what awaitReport's callers wait for
            }
        }
        after.forEach(Runnable::run);
    }

    /** Applies a response to the books; completions are queued in {@code after}. Lock held. */
    private final class Handler implements ComputeResponse.Visitor<Void> {
        private final List<Runnable> after;

        Handler(List<Runnable> after) {
            this.after = after;
        }

        @Override
        public Void visitDataflowCreated(ComputeResponse.DataflowCreated r) {
            DataflowBook b = books.get(r.id());
            if (b != null && b.failure == null) {
                b.operators = r.operators();
                if (++b.createdOn == b.runtime.workers()) {
                    after.add(() -> b.created.complete(null));
                }
            }
            return null;
        }

        @Override
        public Void visitDataflowFailed(ComputeResponse.DataflowFailed r) {
            DataflowBook b = books.get(r.id());
            if (b != null && b.failure == null) {
                fail(b, r.error(), after);
            }
            return null;
        }

        @Override
        public Void visitFrontiers(ComputeResponse.Frontiers r) {
            Long df = exporter.get(r.id());
            if (df == null || !books.containsKey(df)) {
                return null; // dropped since
            }
            int workers = books.get(df).runtime.workers();
            frontiers.report(r.id(), r.worker(), workers, r.upper(), r.since());
            return null;
        }

        @Override
        public Void visitPeekAnswer(ComputeResponse.PeekAnswer r) {
            PeekCollector c = peeks.get(r.uuid());
            if (c == null || c.parts[r.worker()] != null) {
                return null; // cancelled, failed or expired meanwhile
            }
            c.parts[r.worker()] = r.partial();
            if (++c.received == c.parts.length) {
                peeks.remove(r.uuid());
                peekDurations.count(c.started);
                applyCompaction(c.request.index());
                // merged outside the monitor: a large result never blocks other peeks' bookkeeping
                after.add(() -> c.future.complete(c.merge()));
            }
            return null;
        }

        @Override
        public Void visitExportSample(ComputeResponse.ExportSample r) {
            Runnable done = samples.receive(r);
            if (done != null) {
                after.add(done);
            }
            return null;
        }
    }

    /**
     * Marks dataflow {@code b} failed with {@code error}, stops it on every worker, fails its
     * creation, its indexes' pending and future peeks, and, in turn, every dataflow that reads it.
     * Lock held.
     */
    private void fail(DataflowBook b, SpindleException error, List<Runnable> after) {
        b.failure = error;
        after.add(() -> b.created.completeExceptionally(error));
        (b.runtime == maintenance ? toMaintenance : toInteractive).accept(new ComputeCommand.DropDataflow(b.id));
        for (GlobalId e : b.exports) {
            failed.put(e, error);
            frontiers.remove(e);
            failPeeks(e, error, after);
        }
        for (DataflowBook other : new ArrayList<>(books.values())) {
            if (other.failure == null && other.dependsOn.contains(b.id)) {
                fail(other, error, after);
            }
        }
    }

    private void checkOpen() {
        if (closed) {
            throw new SpindleException(ErrorCode.DATABASE_CLOSED_0);
        }
    }

    @Override
    public void close() {
        List<PeekCollector> left;
        List<ExportSampling.Sample> waiting;
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
            left = new ArrayList<>(peeks.values());
            peeks.clear();
            waiting = samples.closeAll();
            if (deadlines != null) {
                deadlines.shutdownNow();
            }
        }
        for (PeekCollector c : left) {
            c.future.complete(new PeekResponse.Canceled());
        }
        ExportSampling.failClosed(waiting);
        if (split()) {
            interactive.close();
        }
        maintenance.close();
    }
}
