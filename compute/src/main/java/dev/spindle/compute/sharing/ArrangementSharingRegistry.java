package dev.spindle.compute.sharing;

import dev.spindle.common.id.GlobalId;
import dev.spindle.common.time.Frontier;
import dev.spindle.compute.arrangement.trace.SharedTrace;
import dev.spindle.compute.dataflow.Waker;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.LockSupport;

/**
 * The arrangements one worker ordinal shares between runtimes: the maintenance worker of that
 * ordinal publishes every index it exports here, and the interactive worker of the same ordinal
 * reads them (DESIGN invariant 10). The host creates one registry per ordinal before any worker is
 * built ({@link #forWorkers}).
 *
 * <h2>Slots</h2>
 * Slots map ids to {@link PublicationPoint}s. Whichever side touches an id first creates its
 * point: a reader makes a placeholder, which the publisher later claims and backs in place; a slot
 * is never overwritten by a publish. A placeholder whose last reader left before any publisher
 * claimed it <em>retires</em> and leaves its slot; the next reader or publisher of the id gets a
 * fresh point, which inherits the retired one's floors. {@link #openReader} is the atomic way to
 * read an id: it always yields a reader on the point that is (or will be, once published) in the
 * id's slot, never one on a retired placeholder.
 *
 * <h2>Floors announced early</h2>
 * Standing holds announced for an id with no point ({@link #advanceStandingHold}), and the floors
 * of a placeholder that retired, are remembered for the id and applied to its next point. They are
 * forgotten when the id is dropped: {@link #forget} (only them) or {@link #remove} (them and the
 * slot). An id that is dropped without either leaves its entry behind.
 *
 * <h2>Seals</h2>
 * Seals mark ids <em>dirty</em> for the interactive worker, which drains them with
 * {@link #takeDirty}; marking happens before waking, and draining removes each id it returns
 * individually, so no mark is lost (invariant 9).
 *
 * <h2>Thread-safety</h2>
 * Every method may be called from any thread. Slots, early floors and the publisher flag are
 * guarded by the registry's monitor; the dirty set and the seal waiters are concurrent. The registry's monitor is never
 * held together with any other lock of this package or of a trace: under it the registry only
 * reads or compare-and-sets a point's atomic lifecycle state, reads its volatile floors and
 * constructs new points; every call into a point's synchronized methods (open a reader, back it,
 * move its holds, leave its slot) happens after the monitor is released. The full lock order is
 * therefore: a {@link PublicationPoint}'s monitor, then its {@link PointReader}s' monitors, then a
 * trace's lock; the registry's monitor and a {@link PublishToken}'s are leaves, taken alone.
 */
public final class ArrangementSharingRegistry {
    private final int ordinal;
    private final Set<GlobalId> dirty = ConcurrentHashMap.newKeySet();
    private volatile Waker interactive;
    /** Threads waiting in {@link #awaitSeals} to read an id themselves once it seals, by id. */
    private final Map<GlobalId, Set<Thread>> sealWaiters = new ConcurrentHashMap<>();

    // guarded by this
    private final Map<GlobalId, PublicationPoint> slots = new HashMap<>();
    /** Floors of ids with no live point in their slot; applied when the id's next point is created. */
    private final Map<GlobalId, Floors> early = new HashMap<>();
    private boolean publisherAttached;

    public ArrangementSharingRegistry(int ordinal) {
        this.ordinal = ordinal;
    }

    /** One registry per worker ordinal {@code 0 .. workers-1}. */
    public static List<ArrangementSharingRegistry> forWorkers(int workers) {
        List<ArrangementSharingRegistry> out = new ArrayList<>();
        for (int i = 0; i < workers; i++) {
            out.add(new ArrangementSharingRegistry(i));
        }
        return List.copyOf(out);
    }

    /** The worker ordinal this registry serves. */
    public int ordinal() {
        return ordinal;
    }

    /**
     * Attaches the maintenance worker of this ordinal as the publisher.
     *
     * @throws IllegalStateException if a publisher is already attached
     */
    public synchronized void attachPublisher() {
        if (publisherAttached) {
            throw new IllegalStateException("registry " + ordinal + " already has a publisher");
        }
        publisherAttached = true;
    }

    /** Attaches the interactive worker of this ordinal: seals wake it. */
    public void attachInteractive(Waker waker) {
        this.interactive = waker;
    }

    // ------------------------------------------------------------------ readers

    /**
     * A reader of {@code id} at {@code readAt}, on the point in the id's slot (a new placeholder if
     * it has none, bound when the publisher backs it). Atomic with respect to every other call: the
     * point cannot retire between being looked up and gaining the reader (a retiring placeholder is
     * replaced and the reader opened on its successor). An {@code incremental} reader also holds
     * physical compaction at {@code readAt} (index imports).
     *
     * @throws dev.spindle.common.error.SpindleException {@code COMPACTION_FRONTIER_BEYOND_READ_2}
     *     if the id's traces may have compacted past {@code readAt}
     */
    public PointReader openReader(GlobalId id, Frontier readAt, boolean incremental) {
        while (true) {
            PointReader r = getOrCreate(id).tryOpenReader(readAt, incremental);
            if (r != null) {
                return r;
            }
            // the point retired (or its publication ended and it detached) after the lookup: the
            // slot no longer holds it, so the next lookup finds or makes its successor
        }
    }

    /** {@link #openReader(GlobalId, Frontier, boolean)} for a point read (not incremental). */
    public PointReader openReader(GlobalId id, Frontier readAt) {
        return openReader(id, readAt, false);
    }

    /**
     * The point of {@code id}, created as a placeholder if the id has none (or only a retired one).
     *
     * <p>Not atomic with a later {@link PublicationPoint#openReader}: the placeholder may retire in
     * between (its last reader leaves). That call then opens the reader on the id's current point,
     * so the reader's {@link PointReader#point()} may differ from the point returned here. Use
     * {@link #openReader(GlobalId, Frontier, boolean)} to read.
     */
    public PublicationPoint getOrCreate(GlobalId id) {
        List<PublicationPoint> left = new ArrayList<>(1);
        try {
            synchronized (this) {
                PublicationPoint p = liveSlot(id, left);
                return p != null ? p : createInSlot(id, false);
            }
        } finally {
            leaveSlots(left);
        }
    }

    /** The live point of {@code id}, if it has one (a retired placeholder does not count). */
    public synchronized Optional<PublicationPoint> get(GlobalId id) {
        PublicationPoint p = slots.get(id);
        return p == null || p.isRetired() ? Optional.empty() : Optional.of(p);
    }

    /** Every live point in a slot, for introspection. */
    public synchronized List<PublicationPoint> points() {
        List<PublicationPoint> out = new ArrayList<>(slots.size());
        for (PublicationPoint p : slots.values()) {
            if (!p.isRetired()) {
                out.add(p);
            }
        }
        return List.copyOf(out);
    }

    // ------------------------------------------------------------------ publisher

    /**
     * Publishes {@code oks} and {@code errs} as {@code id}: claims the id's point (its placeholder,
     * if a reader bound it first; a new point otherwise) and backs it in place. Builds nothing.
     *
     * @throws IllegalStateException if no publisher is attached, or the id's point is already
     *     claimed by a publisher (a slot is never overwritten), or backing it failed (the
     *     publication is then ended)
     */
    public PublishToken publish(GlobalId id, SharedTrace oks, SharedTrace errs) {
        List<PublicationPoint> left = new ArrayList<>(1);
        PublicationPoint point;
        try {
            synchronized (this) {
                if (!publisherAttached) {
                    throw new IllegalStateException("registry " + ordinal + " has no publisher attached");
                }
                point = liveSlot(id, left);
                if (point != null && !point.tryClaim()) {
                    if (!point.isRetired()) {
                        throw new IllegalStateException("publication point " + id + " on worker " + ordinal
                                + " is already published: a slot is never overwritten");
                    }
                    point = liveSlot(id, left); // it retired between the two reads: replace it
                }
                if (point == null) {
                    point = createInSlot(id, true);
                }
            }
        } finally {
            leaveSlots(left);
        }
        try {
            try {
                point.adopt(oks, errs);
            } catch (PublicationPoint.Detached detached) {
                // detached between the lookup and the claim: publish as a moment later would have
                point = replaceDetached(id, point, detached);
                point.adopt(oks, errs);
            }
        } catch (RuntimeException e) {
            try {
                unpublish(point);
            } catch (RuntimeException cleanup) {
                e.addSuppressed(cleanup);
            }
            throw e;
        }
        return new PublishToken(this, point);
    }

    /**
     * A claimed point for {@code id} in place of {@code detached}: a fresh one in the slot if the
     * slot is empty or still holds the detached point, else the slot's point if it can be claimed.
     *
     * @throws IllegalStateException {@code cause} if the slot's point is already published
     */
    private PublicationPoint replaceDetached(GlobalId id, PublicationPoint detached, RuntimeException cause) {
        List<PublicationPoint> left = new ArrayList<>(1);
        try {
            synchronized (this) {
                if (slots.get(id) == detached) {
                    slots.remove(id);
                }
                PublicationPoint p = liveSlot(id, left);
                if (p == null) {
                    return createInSlot(id, true);
                }
                if (p.tryClaim()) {
                    return p;
                }
                throw cause;
            }
        } finally {
            leaveSlots(left);
        }
    }

    /** Ends {@code point}'s publication (its token closed): its slot goes, then its owner. */
    void unpublish(PublicationPoint point) {
        boolean removed;
        synchronized (this) {
            removed = slots.remove(point.id(), point);
        }
        if (removed) {
            dirty.remove(point.id());
        }
        point.endPublication(removed);
    }

    // ------------------------------------------------------------------ floors

    /**
     * Advances the interactive side's standing hold for {@code id}; remembered until the id's
     * point exists if it does not yet (see {@link #forget}).
     */
    public void advanceStandingHold(GlobalId id, Frontier f) {
        carryFloors(id, new Floors(Frontier.MIN, f));
    }

    /** Records the controller's compaction for {@code id}, if it has a live point here. */
    public void allowCompaction(GlobalId id, Frontier since) {
        get(id).ifPresent(p -> p.allowCompaction(since));
    }

    /** Joins {@code floors} into the id's live point, or remembers them until it has one. */
    void carryFloors(GlobalId id, Floors floors) {
        List<PublicationPoint> left = new ArrayList<>(1);
        PublicationPoint p;
        try {
            synchronized (this) {
                p = liveSlot(id, left);
                if (p == null) {
                    rememberEarly(id, floors);
                }
            }
        } finally {
            leaveSlots(left);
        }
        if (p != null) {
            p.joinFloors(floors); // forwards here again if p retires meanwhile
        }
    }

    // ------------------------------------------------------------------ dropping ids

    /**
     * The id was dropped: removes its slot and forgets the floors remembered for it. Does not touch
     * an owner: the point is detached once its owner and readers are gone.
     */
    public void remove(GlobalId id) {
        PublicationPoint p;
        synchronized (this) {
            p = slots.remove(id);
            early.remove(id);
        }
        if (p != null) {
            p.leaveSlot();
        }
    }

    /**
     * The id was dropped, or will never be published here: forgets the standing holds (and other
     * floors) remembered for it while it has no live point, so they do not accumulate. Leaves a
     * live point alone (its publication and readers end on their own); a retired placeholder left
     * in the slot goes too.
     */
    public void forget(GlobalId id) {
        PublicationPoint retired = null;
        synchronized (this) {
            early.remove(id);
            PublicationPoint p = slots.get(id);
            if (p != null && p.isRetired()) {
                slots.remove(id);
                retired = p;
            }
        }
        if (retired != null) {
            retired.leaveSlot();
        }
    }

    /** Number of ids with remembered floors and no live point (for tests: it must not grow). */
    synchronized int earlyFloorCount() {
        return early.size();
    }

    /** {@code point} retired: it leaves its slot, unless a successor replaced it there already. */
    void retire(PublicationPoint point) {
        boolean removed;
        synchronized (this) {
            removed = slots.remove(point.id(), point);
            if (removed) {
                rememberEarly(point.id(), point.floors());
            }
        }
        if (removed) {
            point.leaveSlot();
        }
    }

    // ------------------------------------------------------------------ slots (monitor held)

    /**
     * The live point in {@code id}'s slot, or null. A retired point found there is taken out, its
     * floors remembered for the id, and added to {@code left} so the caller makes it leave its
     * slot after releasing the monitor.
     */
    private PublicationPoint liveSlot(GlobalId id, List<PublicationPoint> left) {
        assert Thread.holdsLock(this);
        PublicationPoint p = slots.get(id);
        if (p != null && p.isRetired()) {
            slots.remove(id);
            rememberEarly(id, p.floors());
            left.add(p);
            return null;
        }
        return p;
    }

    /** A new point in {@code id}'s empty slot, starting from the floors remembered for the id. */
    private PublicationPoint createInSlot(GlobalId id, boolean claimed) {
        assert Thread.holdsLock(this);
        Floors f = early.remove(id);
        PublicationPoint p = new PublicationPoint(id, this, claimed, f == null ? Floors.NONE : f);
        slots.put(id, p);
        return p;
    }

    private void rememberEarly(GlobalId id, Floors f) {
        assert Thread.holdsLock(this);
        if (!f.isNone()) {
            early.merge(id, f, Floors::join);
        }
    }

    /** Makes the points taken out of their slots leave them; called without the monitor. */
    private static void leaveSlots(List<PublicationPoint> left) {
        for (PublicationPoint p : left) {
            p.leaveSlot();
        }
    }

    // ------------------------------------------------------------------ seals

    void markDirty(GlobalId id) {
        dirty.add(id);
        // a reader waiting for this seal first: it is a statement's latency, the worker's pass is not
        Set<Thread> waiting = sealWaiters.get(id);
        if (waiting != null) {
            for (Thread t : waiting) {
                LockSupport.unpark(t);
            }
        }
        Waker w = interactive;
        if (w != null) {
            w.wake();
        }
    }

    /**
     * Makes the calling thread be unparked whenever {@code id}'s point on this ordinal seals more
     * (or is backed), until {@link #stopAwaitingSeals}: a reader that answers a peek itself
     * ({@code InlinePeek}) waits for the seal this way instead of handing the peek to the
     * interactive worker. Register before checking the seal, so no seal is missed.
     */
    public void awaitSeals(GlobalId id) {
        Thread me = Thread.currentThread();
        sealWaiters.compute(id, (k, threads) -> { // atomic with a concurrent stopAwaitingSeals emptying the set
            Set<Thread> out = threads == null ? ConcurrentHashMap.newKeySet() : threads;
            out.add(me);
            return out;
        });
    }

    /** Undoes {@link #awaitSeals} for the calling thread. */
    public void stopAwaitingSeals(GlobalId id) {
        sealWaiters.computeIfPresent(id, (k, threads) -> {
            threads.remove(Thread.currentThread());
            return threads.isEmpty() ? null : threads;
        });
    }

    /**
     * Drains the ids sealed since the last call, for interactive worker {@code worker}. Each id is
     * removed individually as it is taken, so a mark added meanwhile is returned now or by the next
     * call, never lost.
     *
     * @throws IllegalArgumentException if {@code worker} is not this registry's ordinal
     */
    public Set<GlobalId> takeDirty(int worker) {
        if (worker != ordinal) {
            throw new IllegalArgumentException("interactive worker " + worker + " must read registry " + worker
                    + ", not " + ordinal);
        }
        Set<GlobalId> out = new TreeSet<>();
        for (GlobalId id : dirty) {
            if (dirty.remove(id)) {
                out.add(id);
            }
        }
        return out;
    }
}
