package dev.spindle.compute.controller;

import dev.spindle.common.error.SpindleException;
import dev.spindle.common.id.GlobalId;
import dev.spindle.common.time.Frontier;
import dev.spindle.compute.interp.TransientRead;
import dev.spindle.compute.peek.InlinePeek;
import dev.spindle.compute.peek.PeekRequest;
import dev.spindle.compute.peek.PeekResponse;
import dev.spindle.compute.plan.DataflowDescription;
import dev.spindle.compute.render.TableResolver;
import dev.spindle.compute.sharing.ArrangementSharingRegistry;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Function;

/**
 * Peeks answered in the calling thread, without the controller's lock and without the workers:
 * a lookup or scan of an index the split runtimes' sharing registries hold sealed past the peek's
 * time ({@link InlinePeek}), and the slow path's transient dataflow evaluated where its inputs
 * allow ({@link TransientRead}). Null means the peek must go to the interactive workers; an index
 * dropped or failed is answered with its error, as the workers would. Every answered peek is
 * counted in the controller's {@link PeekDurations}. {@link ComputeController} checks that it is
 * open before it asks.
 *
 * <p>Thread-safety: safe for concurrent callers; it reads only what the controller publishes for
 * lock-free reads (its concurrent maps of dropped, failed and compacted indexes, the immutable
 * registries list) and the registries and tables, which are thread-safe.
 */
final class InlineReads {
    private final List<ArrangementSharingRegistry> registries;
    private final TableResolver tables;
    private final int workers;
    private final PeekDurations durations;
    /** The error a peek of an index fails with at once (dropped or failed), or null. */
    private final Function<GlobalId, SpindleException> unusable;
    /** The compaction the controller sent to the runtimes, per index. */
    private final Map<GlobalId, Frontier> applied;

    InlineReads(List<ArrangementSharingRegistry> registries, TableResolver tables, int workers, PeekDurations durations,
            Function<GlobalId, SpindleException> unusable, Map<GlobalId, Frontier> applied) {
        this.registries = registries;
        this.tables = tables;
        this.workers = workers;
        this.durations = durations;
        this.unusable = unusable;
        this.applied = applied;
    }

    /**
     * Answers peek {@code request} (a point lookup or a scan) here if the sharing registries hold
     * its index sealed past the peek's time; null for a solo runtime (no registries) or an index
     * not published or not sealed yet.
     *
     * @param checkpoint called between slices of a scan; what it throws (a cancel, a timeout) ends
     *     the read and is thrown from here
     */
    PeekResponse peek(PeekRequest request, Runnable checkpoint) {
        if (registries.isEmpty()) {
            return null;
        }
        SpindleException error = unusable.apply(request.index());
        if (error != null) {
            return new PeekResponse.Error(error);
        }
        long started = System.nanoTime();
        return counted(started, InlinePeek.tryAnswer(registries, request, checkpoint));
    }

    /**
     * {@link #peek}, but when the index is published on every ordinal and only its seal past the
     * peek's time is missing, waits here for the seal (the registries unpark this thread whenever
     * the index seals more) instead of returning null. A read right after a write then costs one
     * hand-off, the maintenance worker waking this thread, instead of three (this thread waking
     * the interactive worker, the maintenance worker waking it, it waking this thread). Null when
     * the index is not published on every ordinal (the workers wait for its writer), when this
     * thread is interrupted, or after {@code maxWaitNanos}.
     *
     * @param checkpoint called between slices of a scan and after every wake; what it throws (a
     *     cancel, a timeout) ends the wait or the read and is thrown from here
     */
    PeekResponse peekAwaitingSeal(PeekRequest request, Runnable checkpoint, long maxWaitNanos) {
        if (registries.isEmpty()) {
            return null;
        }
        GlobalId index = request.index();
        for (ArrangementSharingRegistry r : registries) {
            r.awaitSeals(index); // before the first check: no seal in between is missed
        }
        try {
            long deadline = System.nanoTime() + maxWaitNanos;
            while (true) {
                PeekResponse answer = peek(request, checkpoint);
                if (answer != null) {
                    return answer;
                }
                long left = deadline - System.nanoTime();
                if (left <= 0 || Thread.currentThread().isInterrupted() || !InlinePeek.awaitsOnlySeal(registries, index)) {
                    return null;
                }
                LockSupport.parkNanos(this, Math.min(left, WAIT_SLICE_NANOS));
                checkpoint.run();
            }
        } finally {
            for (ArrangementSharingRegistry r : registries) {
                r.stopAwaitingSeals(index);
            }
        }
    }

    /** The longest park between two checks of a seal wait (a cancel is noticed within it). */
    private static final long WAIT_SLICE_NANOS = 5_000_000;

    /**
     * Answers the slow path's peek {@code request} of transient dataflow {@code desc} here,
     * without rendering it: when every table it reads is sealed past the peek's time and not
     * compacted past it, and every index it imports is published on every worker ordinal, sealed
     * past the time and not compacted past it.
     *
     * @param checkpoint called now and then during a long evaluation; what it throws (a cancel, a
     *     timeout) ends the read and is thrown from here
     */
    PeekResponse transientRead(DataflowDescription desc, PeekRequest request, Runnable checkpoint) {
        for (GlobalId imported : desc.indexImports().keySet()) {
            SpindleException error = unusable.apply(imported);
            if (error != null) {
                return new PeekResponse.Error(error);
            }
            Frontier allowed = applied.get(imported);
            if (allowed != null && !allowed.lessEqual(request.time())) {
                // compaction past t was sent, though the trace may not have applied it yet: the
                // dataflow, rendered after it in command order, answers as it always did
                return null;
            }
        }
        long started = System.nanoTime();
        return counted(started, TransientRead.tryAnswer(desc, request, tables, registries, workers, checkpoint));
    }

    private PeekResponse counted(long started, PeekResponse r) {
        if (r != null) {
            durations.count(started);
        }
        return r;
    }
}
