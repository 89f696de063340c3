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
import java.util.concurrent.ConcurrentHashMap;

/**
 * The arrangements one worker ordinal shares between runtimes: the maintenance worker of that
 * ordinal publishes every index it exports here, and the interactive worker of the same ordinal
 * reads them (DESIGN invariant 10). The host creates one registry per ordinal before any worker is
 * built ({@link #forWorkers}).
 *
 * <p>Slots map ids to {@link PublicationPoint}s. Whichever side touches an id first creates its
 * point: a reader makes a placeholder, which the publisher later backs in place; a slot is never
 * overwritten. Seals mark ids <em>dirty</em> for the interactive worker, which drains them with
 * {@link #takeDirty}; marking happens before waking, so no wake-up is lost (invariant 9).
 *
 * <p>Thread-safety: every method may be called from any thread. Slots are guarded by the
 * registry's monitor (never held while calling into a point); the dirty set is concurrent.
 */
public final class ArrangementSharingRegistry {
    private final int ordinal;
    private final Map<GlobalId, PublicationPoint> slots = new HashMap<>();
    private final Set<GlobalId> dirty = ConcurrentHashMap.newKeySet();
    /** Standing holds announced for ids that had no point yet; applied when the point appears. */
    private final Map<GlobalId, Frontier> earlyStanding = new HashMap<>();
    private volatile Waker interactive;
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

    /** The point of {@code id}, created as a placeholder if the id has none. */
    public PublicationPoint getOrCreate(GlobalId id) {
        PublicationPoint p;
        Frontier early;
        synchronized (this) {
            p = slots.get(id);
            if (p != null) {
                return p;
            }
            p = new PublicationPoint(id, this);
            slots.put(id, p);
            early = earlyStanding.remove(id);
        }
        if (early != null) {
            p.advanceStandingHold(early);
        }
        return p;
    }

    /**
     * Advances the interactive side's standing hold for {@code id}; remembered until the id's
     * point exists if it does not yet.
     */
    public void advanceStandingHold(GlobalId id, Frontier f) {
        PublicationPoint p;
        synchronized (this) {
            p = slots.get(id);
            if (p == null) {
                earlyStanding.merge(id, f, Frontier::join);
                return;
            }
        }
        p.advanceStandingHold(f);
    }

    /** The point of {@code id}, if it has one. */
    public synchronized Optional<PublicationPoint> get(GlobalId id) {
        return Optional.ofNullable(slots.get(id));
    }

    /** Every point in a slot, for introspection. */
    public synchronized List<PublicationPoint> points() {
        return List.copyOf(slots.values());
    }

    /**
     * Publishes {@code oks} and {@code errs} as {@code id}: backs the id's point in place (its
     * placeholder, if a reader bound it first). Builds nothing.
     *
     * @throws IllegalStateException if no publisher is attached or the point is already backed
     */
    public PublishToken publish(GlobalId id, SharedTrace oks, SharedTrace errs) {
        synchronized (this) {
            if (!publisherAttached) {
                throw new IllegalStateException("registry " + ordinal + " has no publisher attached");
            }
        }
        PublicationPoint point;
        synchronized (this) {
            point = getOrCreate(id); // re-entrant: the slot and the claim are one step
            point.claim();
        }
        point.adopt(oks, errs);
        return new PublishToken(this, point);
    }

    /** Records the controller's compaction for {@code id}, if it has a point here. */
    public void allowCompaction(GlobalId id, Frontier since) {
        get(id).ifPresent(p -> p.allowCompaction(since));
    }

    void unpublish(PublicationPoint point) {
        boolean removed;
        synchronized (this) {
            removed = slots.remove(point.id(), point);
        }
        if (removed) {
            point.leaveSlot();
        }
        point.disown();
        dirty.remove(point.id());
    }

    /**
     * Removes the slot of {@code id} (the id was dropped) without touching an owner: its point is
     * detached once its owner and readers are gone.
     */
    public void remove(GlobalId id) {
        PublicationPoint p;
        synchronized (this) {
            p = slots.remove(id);
            earlyStanding.remove(id);
        }
        if (p != null) {
            p.leaveSlot();
        }
    }

    void removePlaceholder(PublicationPoint point) {
        boolean removed;
        synchronized (this) {
            removed = point.isIdlePlaceholder() && slots.remove(point.id(), point);
        }
        if (removed) {
            point.leaveSlot();
        }
    }

    void markDirty(GlobalId id) {
        dirty.add(id);
        Waker w = interactive;
        if (w != null) {
            w.wake();
        }
    }

    /**
     * Drains the ids sealed since the last call, for interactive worker {@code worker}.
     *
     * @throws IllegalArgumentException if {@code worker} is not this registry's ordinal
     */
    public Set<GlobalId> takeDirty(int worker) {
        if (worker != ordinal) {
            throw new IllegalArgumentException("interactive worker " + worker + " must read registry " + worker
                    + ", not " + ordinal);
        }
        Set<GlobalId> out = new java.util.TreeSet<>();
        for (GlobalId id : dirty) {
            if (dirty.remove(id)) {
                out.add(id);
            }
        }
        return out;
    }
}
