package dev.spindle.compute.arrangement.trace;

import dev.spindle.common.time.Frontier;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The part of a trace that readers on any thread share with its single writer: the published
 * {@link TraceSnapshot}, the holds of every live {@link TraceHandle}, and the compaction frontiers
 * granted to the writer (differential's {@code TraceBox}).
 *
 * <h2>Compaction contract</h2>
 * The writer compacts only to frontiers it was <em>granted</em>, and a grant is computed under
 * this trace's lock as:
 * <ul>
 *   <li>logical: {@code max(previous grant, min(meet of live logical holds, upper - 1))} — never past
 *       a live hold, and never past the last sealed time, so the latest sealed time stays readable.
 *       <b>With no live handle</b> the meet is empty and the trace may compact up to
 *       {@code upper - 1}: everything before the latest sealed time collapses onto it;</li>
 *   <li>physical: {@code max(previous grant, min(meet of live physical holds, upper))}.</li>
 * </ul>
 * Grants never move backwards. {@link #since()} is the logical grant: every published snapshot's
 * since is at or before it, and the data may be compacted up to it at any moment.
 *
 * <h2>Attaching readers (DESIGN.md invariant 7)</h2>
 * {@link #tryAcquire} checks the read time against the logical grant and registers the hold in one
 * step under the lock, so no grant can slip between the check and the registration: once it
 * returns, every later grant is at or before the new hold. Every live hold is at or after the
 * current grant, which is why {@link TraceHandle#cloneHandle()} can never fail.
 *
 * <h2>Reading at a time</h2>
 * A reader at {@code t}: {@code tryAcquire(Frontier.at(t))} (fails at once if {@code t} is
 * compacted away), then waits until {@code snapshot().upper()} is past {@code t} (register an
 * {@link #onUpperAdvance} listener <em>before</em> checking the upper, so no seal slips between
 * the check and the registration), reads {@code handle.snapshot().readAt(t)}, and closes the
 * handle.
 *
 * <h2>Thread-safety</h2>
 * Reader methods may be called from any thread. {@link #snapshot()} reads one volatile reference;
 * hold changes and grants take the trace's lock (short, never held while calling out). The writer's
 * methods live on {@link TracePublisher}, which only the trace's creator holds.
 */
public final class SharedTrace {
    private final Object lock = new Object();
    private final HoldCounts logicalHolds = new HoldCounts();
    private final HoldCounts physicalHolds = new HoldCounts();
    private final AtomicReference<TraceSnapshot> published;
    private final CopyOnWriteArrayList<UpperListener> listeners = new CopyOnWriteArrayList<>();
    private Frontier grantedLogical; // guarded by lock
    private Frontier grantedPhysical; // guarded by lock
    private int liveHandles; // guarded by lock
    private boolean writerClosed; // guarded by lock
    private boolean released; // guarded by lock

    SharedTrace(Frontier initialSince) {
        this.grantedLogical = Objects.requireNonNull(initialSince, "initialSince");
        if (initialSince.isEmpty()) {
            throw new IllegalArgumentException("a trace cannot start compacted to the empty frontier");
        }
        this.grantedPhysical = Frontier.MIN;
        this.published = new AtomicReference<>(
                new TraceSnapshot(List.of(), Frontier.MIN, initialSince, ArrangementSize.ZERO, 0, false));
    }

    Object lock() {
        return lock;
    }

    // ------------------------------------------------------------------ readers

    /** The latest published snapshot; never blocks. */
    public TraceSnapshot snapshot() {
        return published.get();
    }

    /** The latest published upper. */
    public Frontier upper() {
        return published.get().upper();
    }

    /** The logical compaction granted to the writer: reads and new holds must be at or after it. */
    public Frontier since() {
        synchronized (lock) {
            return grantedLogical;
        }
    }

    /** The physical compaction granted to the writer: boundaries before it may be gone. */
    public Frontier physicalCompaction() {
        synchronized (lock) {
            return grantedPhysical;
        }
    }

    /** The meet of the live logical holds ({@link Frontier#EMPTY} if none). */
    public Frontier logicalHoldMeet() {
        synchronized (lock) {
            return logicalHolds.meet();
        }
    }

    /** The meet of the live physical holds ({@link Frontier#EMPTY} if none). */
    public Frontier physicalHoldMeet() {
        synchronized (lock) {
            return physicalHolds.meet();
        }
    }

    /** Number of open handles. */
    public int liveHandles() {
        synchronized (lock) {
            return liveHandles;
        }
    }

    /** True once the writer closed and the last handle was released. */
    public boolean isDropped() {
        synchronized (lock) {
            return released;
        }
    }

    /**
     * A new reader that will read at {@code readAt} (logical hold {@code readAt}, no physical
     * hold), if the trace has not been allowed to compact past it. The check and the registration
     * are atomic.
     *
     * @throws CompactedBeyondReadException if {@code readAt} is before {@link #since()}; no hold is
     *     registered then
     * @throws IllegalStateException if the trace was dropped
     */
    public TraceHandle tryAcquire(Frontier readAt) {
        return tryAcquire(readAt, Frontier.EMPTY);
    }

    /**
     * A new reader with the given holds, if neither is behind what was granted.
     *
     * @throws CompactedBeyondReadException if {@code logical} is before {@link #since()}
     * @throws IllegalArgumentException if {@code physical} is before {@link #physicalCompaction()}
     * @throws IllegalStateException if the trace was dropped
     */
    public TraceHandle tryAcquire(Frontier logical, Frontier physical) {
        Objects.requireNonNull(logical, "logical");
        Objects.requireNonNull(physical, "physical");
        synchronized (lock) {
            if (released) {
                throw new IllegalStateException("the arrangement was dropped");
            }
            if (!grantedLogical.lessEqual(logical)) {
                throw new CompactedBeyondReadException(grantedLogical, logical.time());
            }
            if (!grantedPhysical.lessEqual(physical)) {
                throw new IllegalArgumentException("physical compaction " + grantedPhysical
                        + " is beyond the requested physical hold " + physical);
            }
            return register(logical, physical);
        }
    }

    /**
     * As {@link #tryAcquire(Frontier, Frontier)}, with the physical hold at {@code physical} or, if
     * the writer was granted physical compaction past it, at that grant (batch boundaries before it
     * are gone either way). The grant is read under the lock, so one made between a caller's look
     * at {@link #physicalCompaction()} and the registration cannot fail the call.
     *
     * @throws CompactedBeyondReadException if {@code logical} is before {@link #since()}
     * @throws IllegalStateException if the trace was dropped
     */
    public TraceHandle tryAcquireAtLeast(Frontier logical, Frontier physical) {
        Objects.requireNonNull(physical, "physical");
        synchronized (lock) {
            return tryAcquire(logical, physical.join(grantedPhysical));
        }
    }

    /**
     * Calls {@code listener} on the writer's thread after every publish that advances the upper.
     *
     * @return undoes the registration
     */
    public Registration onUpperAdvance(UpperListener listener) {
        Objects.requireNonNull(listener, "listener");
        listeners.add(listener);
        return () -> listeners.remove(listener);
    }

    // ------------------------------------------------------------------ holds (lock held by callers)

    TraceHandle register(Frontier logical, Frontier physical) {
        assert Thread.holdsLock(lock);
        logicalHolds.add(logical);
        physicalHolds.add(physical);
        liveHandles++;
        return new TraceHandle(this, logical, physical);
    }

    void moveLogical(Frontier from, Frontier to) {
        assert Thread.holdsLock(lock);
        logicalHolds.add(to);
        logicalHolds.remove(from);
    }

    void movePhysical(Frontier from, Frontier to) {
        assert Thread.holdsLock(lock);
        physicalHolds.add(to);
        physicalHolds.remove(from);
    }

    void release(Frontier logical, Frontier physical) {
        assert Thread.holdsLock(lock);
        logicalHolds.remove(logical);
        physicalHolds.remove(physical);
        liveHandles--;
        maybeReleaseData();
    }

    private void maybeReleaseData() {
        if (writerClosed && liveHandles == 0 && !released) {
            released = true;
            TraceSnapshot last = published.get();
            published.set(TraceSnapshot.dropped(last.upper(), last.since(), last.sequence() + 1));
        }
    }

    // ------------------------------------------------------------------ writer (via TracePublisher)

    Frontier grantLogical(Frontier upper) {
        synchronized (lock) {
            Frontier cap = upper.bound() == 0 ? Frontier.MIN : Frontier.at(upper.bound() - 1);
            grantedLogical = grantedLogical.join(logicalHolds.meet().meet(cap));
            return grantedLogical;
        }
    }

    Frontier grantPhysical(Frontier upper) {
        synchronized (lock) {
            grantedPhysical = grantedPhysical.join(physicalHolds.meet().meet(upper));
            return grantedPhysical;
        }
    }

    void publish(TraceSnapshot snapshot) {
        TraceSnapshot previous = published.getAndSet(snapshot);
        if (previous.upper().lessThan(snapshot.upper())) {
            notifyListeners(snapshot.upper());
        }
    }

    private void notifyListeners(Frontier upper) {
        List<RuntimeException> failures = null;
        for (UpperListener l : listeners) {
            try {
                l.upperAdvanced(upper);
            } catch (RuntimeException e) {
                if (failures == null) {
                    failures = new ArrayList<>();
                }
                failures.add(e);
            }
        }
        if (failures != null) {
            RuntimeException first = failures.get(0);
            for (int i = 1; i < failures.size(); i++) {
                first.addSuppressed(failures.get(i));
            }
            throw first;
        }
    }

    void closeWriter() {
        synchronized (lock) {
            writerClosed = true;
            maybeReleaseData();
        }
    }
}
