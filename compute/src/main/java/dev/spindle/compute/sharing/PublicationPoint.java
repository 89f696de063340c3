package dev.spindle.compute.sharing;

import dev.spindle.common.error.SpindleException;
import dev.spindle.common.id.GlobalId;
import dev.spindle.common.time.Frontier;
import dev.spindle.compute.arrangement.trace.SharedTrace;
import dev.spindle.compute.arrangement.trace.TraceHandle;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The registry's view of one collection id on one worker: the {@code oks} and {@code errs} traces
 * backing it (none while it is a placeholder), its own compaction holds, its readers, and its seal
 * notifications.
 *
 * <h2>Life</h2>
 * <ol>
 *   <li>Created by a reader ({@link ArrangementSharingRegistry#openReader},
 *       {@link ArrangementSharingRegistry#getOrCreate}) before any writer exists, it is an
 *       <em>open placeholder</em>: upper and since {@code {MIN}}, no batches. Or created by the
 *       publisher directly, already claimed.</li>
 *   <li>A publisher <em>claims</em> an open placeholder (a compare-and-set of its lifecycle state)
 *       and then <em>backs</em> it in place: readers that bound the id earlier keep the same object
 *       and see the traces from then on. A point is claimed at most once, so a second publish of
 *       the id fails loudly (DESIGN invariant 1).</li>
 *   <li>An open placeholder whose last reader leaves, and that no publisher claimed, <em>retires</em>
 *       (a compare-and-set under its monitor, so no reader can join it at the same time): it will
 *       never be backed, it leaves its slot, and the registry puts a fresh placeholder there the
 *       next time the id is asked for, carrying over this point's floors. A retired point accepts no
 *       reader: {@link #openReader} on it opens the reader on the id's current point instead.</li>
 *   <li>It holds compaction on its traces at {@code meet(writerLogical, standingHold)}: its own
 *       per-collection floors, so two ids over one trace compact independently and the trace
 *       applies the meet of all points (invariant 2).</li>
 *   <li>Each advance of a backing trace's upper (a seal) marks its id dirty for this ordinal's
 *       interactive worker.</li>
 *   <li>When nothing references it any more (no registry slot, no owner token, no reader) it is
 *       <em>detached</em>: all its holds and seal registrations are released (every one, even if
 *       one of them fails) and it stops receiving seal notifications (invariant 4).</li>
 * </ol>
 *
 * <h2>Thread-safety</h2>
 * Every public method may be called from any thread. The lifecycle state (open, claimed, retired,
 * released) is an atomic field; the floors are volatile (written under the monitor); everything
 * else is guarded by the point's monitor. Lock order: this point's monitor, then its
 * {@link PointReader}s' monitors, then a trace's lock. The point never calls into the registry
 * while holding its monitor except for {@code ArrangementSharingRegistry.markDirty} and
 * {@link ArrangementSharingRegistry#ordinal()}, which take no registry lock. Seal callbacks run on
 * the trace's writer thread and only mark the registry dirty.
 */
public final class PublicationPoint {
    /** The lifecycle state. Transitions: OPEN → CLAIMED → RELEASED, OPEN → RETIRED. */
    enum Life {
        /** A placeholder no publisher claimed (yet). */
        OPEN,
        /** Claimed by a publisher, which backs it and owns it until its token closes. */
        CLAIMED,
        /** An idle placeholder that gave up its slot: never backed, accepts no reader. */
        RETIRED,
        /** Its publisher's token closed. */
        RELEASED
    }

    private final GlobalId id;
    private final ArrangementSharingRegistry registry;
    private final AtomicReference<Life> life;

    // written under this, read by the registry without it (when carrying a retired point's floors)
    private volatile Frontier writerLogical;
    private volatile Frontier standingHold;

    // guarded by this
    private SharedTrace oks;
    private SharedTrace errs;
    private TraceHandle oksHold;
    private TraceHandle errsHold;
    private final List<AutoCloseable> registrations = new ArrayList<>();
    private final List<PointReader> readers = new ArrayList<>();
    private boolean inSlot = true;
    private boolean detached;

    /** A new point, in a slot, with the floors {@code floors} announced for its id before it existed. */
    PublicationPoint(GlobalId id, ArrangementSharingRegistry registry, boolean claimed, Floors floors) {
        this.id = id;
        this.registry = registry;
        this.life = new AtomicReference<>(claimed ? Life.CLAIMED : Life.OPEN);
        this.writerLogical = floors.writerLogical();
        this.standingHold = floors.standingHold();
    }

    /** The collection this point publishes. */
    public GlobalId id() {
        return id;
    }

    /** True once a publisher backed the point with traces. */
    public synchronized boolean isBacked() {
        return oks != null;
    }

    /** True once the point was detached from its traces. */
    public synchronized boolean isDetached() {
        return detached;
    }

    /**
     * True once this placeholder retired: its last reader left before any publisher claimed it. It
     * will never be backed; the id lives on in a successor point.
     */
    public boolean isRetired() {
        return life.get() == Life.RETIRED;
    }

    /** The meet of the backing traces' uppers; {@code {MIN}} for a placeholder. */
    public synchronized Frontier upper() {
        return oks == null ? Frontier.MIN : oks.upper().meet(errs.upper());
    }

    /** The join of the backing traces' sinces; {@code {MIN}} for a placeholder. */
    public synchronized Frontier since() {
        return oks == null ? Frontier.MIN : oks.since().join(errs.since());
    }

    /** The controller's latest compaction for this id. */
    public Frontier writerLogical() {
        return writerLogical;
    }

    /** The interactive side's standing hold for this id. */
    public Frontier standingHold() {
        return standingHold;
    }

    /** Number of live readers. */
    public synchronized int readers() {
        return readers.size();
    }

    /** The point's own hold on its traces: {@code meet(writerLogical, standingHold)}. */
    public synchronized Frontier hold() {
        return writerLogical.meet(standingHold);
    }

    /** Both floors, read without the monitor (volatile fields). */
    Floors floors() {
        return new Floors(writerLogical, standingHold);
    }

    // ------------------------------------------------------------------ lifecycle (registry side)

    /**
     * Claims an open placeholder for a publisher: a compare-and-set, so it never races a retiring
     * placeholder. Takes no lock; the registry calls it under its own monitor.
     *
     * @return false if the point is already claimed (or released) or retired
     */
    boolean tryClaim() {
        return life.compareAndSet(Life.OPEN, Life.CLAIMED);
    }

    /**
     * Backs this claimed point with {@code oks} and {@code errs}, in place, and binds the readers
     * that were waiting for it.
     *
     * @throws IllegalStateException if the point is not claimed, already backed, or was detached
     */
    synchronized void adopt(SharedTrace oks, SharedTrace errs) {
        if (this.oks != null) {
            throw new IllegalStateException("publication point " + id + " on worker " + registry.ordinal()
                    + " is already backed: a slot is never overwritten");
        }
        if (life.get() != Life.CLAIMED) {
            throw new IllegalStateException("publication point " + id + " is " + life.get() + ", not claimed");
        }
        if (detached) {
            throw new Detached(id);
        }
        // a logical hold only: the point's readers read accumulations or hold boundaries themselves,
        // so the point never keeps the trace from merging batches
        Frontier h = hold().join(oks.since()).join(errs.since());
        TraceHandle o = oks.tryAcquire(h, Frontier.EMPTY);
        TraceHandle e;
        try {
            e = errs.tryAcquire(h, Frontier.EMPTY);
        } catch (RuntimeException ex) {
            o.close();
            throw ex;
        }
        this.oks = oks;
        this.errs = errs;
        this.oksHold = o;
        this.errsHold = e;
        registrations.add(oks.onUpperAdvance(upper -> registry.markDirty(id)));
        registrations.add(errs.onUpperAdvance(upper -> registry.markDirty(id)));
        for (PointReader r : readers) {
            r.bind(oks, errs);
        }
        registry.markDirty(id); // readers re-check against the now-backed point
    }

    /**
     * The publication ended (its token closed, or backing it failed): the owner lets go and, if
     * {@code leftSlot}, the registry removed the point's slot. Detaches it if nothing else
     * references it.
     */
    void endPublication(boolean leftSlot) {
        life.compareAndSet(Life.CLAIMED, Life.RELEASED);
        if (leftSlot) {
            synchronized (this) {
                inSlot = false;
            }
        }
        maybeDetach();
    }

    /** The registry removed this point's slot. */
    void leaveSlot() {
        synchronized (this) {
            inSlot = false;
        }
        maybeDetach();
    }

    /**
     * Test seam: {@code c} is closed when the point detaches, before the point's trace holds (as
     * its seal registrations are). Closes it at once if the point is already detached.
     */
    void releaseOnDetach(AutoCloseable c) throws Exception {
        synchronized (this) {
            if (!detached) {
                registrations.add(c);
                return;
            }
        }
        c.close();
    }

    // ------------------------------------------------------------------ compaction

    /**
     * Records the controller's compaction for this id and applies the point's new hold. On a retired
     * point it is recorded for the id instead (its current point, or the registry until it has one).
     */
    public void allowCompaction(Frontier since) {
        boolean retired;
        synchronized (this) {
            writerLogical = writerLogical.join(since);
            applyHold();
            retired = isRetired();
        }
        if (retired) {
            registry.carryFloors(id, new Floors(since, Frontier.MIN));
        }
    }

    /**
     * Advances the interactive side's standing hold and applies the point's new hold. On a retired
     * point it is recorded for the id instead (its current point, or the registry until it has one).
     */
    public void advanceStandingHold(Frontier f) {
        boolean retired;
        synchronized (this) {
            standingHold = standingHold.join(f);
            applyHold();
            retired = isRetired();
        }
        if (retired) {
            registry.carryFloors(id, new Floors(Frontier.MIN, f));
        }
    }

    /** Joins {@code floors} into this point's floors (the floors carried over from a retired point). */
    void joinFloors(Floors floors) {
        allowCompaction(floors.writerLogical());
        advanceStandingHold(floors.standingHold());
    }

    private void applyHold() {
        if (oksHold != null && !detached) { // a detached point closed its holds (maybeDetach)
            Frontier h = hold();
            oksHold.setLogicalCompaction(h);
            errsHold.setLogicalCompaction(h);
        }
    }

    // ------------------------------------------------------------------ readers

    /**
     * A reader that will read at {@code readAt}. On a backed point its holds are registered now,
     * atomically with the since check; on a placeholder it binds when the point is backed.
     *
     * <p>Prefer {@link ArrangementSharingRegistry#openReader}: if this point retired (an idle
     * placeholder gave up its slot since it was looked up), the reader is opened on the id's
     * current point instead, so {@link PointReader#point()} may differ from this point.
     *
     * @throws SpindleException {@code COMPACTION_FRONTIER_BEYOND_READ_2} if the backing traces
     *     may have compacted past {@code readAt}
     * @throws IllegalStateException if the point was detached (and did not retire)
     */
    public PointReader openReader(Frontier readAt) {
        return openReader(readAt, false);
    }

    /**
     * A reader at {@code readAt}; an {@code incremental} one also holds physical compaction at
     * {@code readAt}, so it can read the batches sealed after it one by one (index imports). As
     * {@link #openReader(Frontier)}: on a retired point, the reader is opened on the id's current
     * point.
     */
    public PointReader openReader(Frontier readAt, boolean incremental) {
        PointReader r = tryOpenReader(readAt, incremental);
        if (r != null) {
            return r;
        }
        if (isRetired()) {
            return registry.openReader(id, readAt, incremental);
        }
        throw new IllegalStateException("publication point " + id + " was detached");
    }

    /**
     * A point reader at {@code readAt} on this point, or null if the point retired or was detached
     * since it was looked up (its id dropped meanwhile): for a caller that reads only a point it
     * found in a slot, and goes elsewhere when it is gone.
     *
     * @throws SpindleException if the backing traces may have compacted past {@code readAt}
     */
    public PointReader tryOpenReader(Frontier readAt) {
        return tryOpenReader(readAt, false);
    }

    /**
     * A reader on this point, or null if the point retired or was detached: the check and the
     * registration of the reader are one step under the point's monitor, so a point never retires
     * with a reader, and a reader never joins a retired point.
     *
     * @throws SpindleException if the backing traces may have compacted past {@code readAt}
     */
    synchronized PointReader tryOpenReader(Frontier readAt, boolean incremental) {
        if (isRetired() || detached) {
            return null;
        }
        PointReader r = new PointReader(this, readAt, incremental);
        if (oks != null) {
            r.bind(oks, errs);
            if (r.failure() != null) {
                throw r.failure();
            }
        }
        readers.add(r);
        return r;
    }

    void readerClosed(PointReader r) {
        boolean retired;
        synchronized (this) {
            readers.remove(r);
            // an idle placeholder nobody claimed retires; a publisher's claim wins the race or loses it
            retired = oks == null && readers.isEmpty() && life.compareAndSet(Life.OPEN, Life.RETIRED);
        }
        if (retired) {
            registry.retire(this); // leaves its slot (unless a successor already replaced it)
        }
        maybeDetach();
    }

    /**
     * A claimed point that had been detached (its last reader left, and it left its slot) before
     * its publisher backed it: the registry publishes into a fresh point instead.
     */
    static final class Detached extends IllegalStateException {
        private static final long serialVersionUID = 1L;

        Detached(GlobalId id) {
            super("publication point " + id + " was detached");
        }
    }

    /**
     * Detaches the point if nothing references it: releases every seal registration and trace hold,
     * each even if an earlier one fails.
     *
     * @throws RuntimeException the first failure (the others suppressed in it), an unchecked one as
     *     thrown, a checked one wrapped in an {@link IllegalStateException}
     */
    private void maybeDetach() {
        List<AutoCloseable> release = new ArrayList<>();
        synchronized (this) {
            if (detached || inSlot || life.get() == Life.CLAIMED || !readers.isEmpty()) {
                return;
            }
            detached = true;
            release.addAll(registrations);
            registrations.clear();
            if (oksHold != null) {
                release.add(oksHold);
                release.add(errsHold);
            }
        }
        Exception first = null;
        for (AutoCloseable c : release) {
            try {
                c.close();
            } catch (Exception e) {
                if (first == null) {
                    first = e;
                } else {
                    first.addSuppressed(e);
                }
            }
        }
        if (first instanceof RuntimeException re) {
            throw re;
        }
        if (first != null) {
            throw new IllegalStateException("detaching " + id, first);
        }
    }

    @Override
    public synchronized String toString() {
        return "PublicationPoint(" + id + "@" + registry.ordinal() + (oks == null ? ", placeholder" : "")
                + ", " + life.get() + ", upper " + upper() + ", since " + since() + ", hold " + hold()
                + ", readers " + readers.size() + (detached ? ", detached" : "") + ")";
    }
}
