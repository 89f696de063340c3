package dev.spindle.compute.sharing;

import dev.spindle.common.error.SpindleException;
import dev.spindle.common.id.GlobalId;
import dev.spindle.common.time.Frontier;
import dev.spindle.compute.arrangement.trace.SharedTrace;
import dev.spindle.compute.arrangement.trace.TraceHandle;
import java.util.ArrayList;
import java.util.List;

/**
 * The registry's view of one collection id on one worker: the {@code oks} and {@code errs} traces
 * backing it (none while it is a placeholder), its own compaction holds, its readers, and its seal
 * notifications.
 *
 * <h2>Life</h2>
 * <ol>
 *   <li>Created by a reader ({@link ArrangementSharingRegistry#getOrCreate}) before any writer
 *       exists, it is a <em>placeholder</em>: upper and since {@code {MIN}}, no batches. Or
 *       created by the publisher directly.</li>
 *   <li>The publisher <em>backs</em> it in place ({@link #adopt}): readers that bound the id
 *       earlier keep the same object and see the traces from then on. Adopting a backed point
 *       fails loudly (DESIGN invariant 1).</li>
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
 * <p>Thread-safety: all state is guarded by the point's monitor; seal callbacks run on the
 * trace's writer thread and only mark the registry dirty.
 */
public final class PublicationPoint {
    private final GlobalId id;
    private final ArrangementSharingRegistry registry;

    // guarded by this
    private SharedTrace oks;
    private SharedTrace errs;
    private TraceHandle oksHold;
    private TraceHandle errsHold;
    private final List<AutoCloseable> seals = new ArrayList<>(); // seal registrations (and test seams)
    private Frontier writerLogical = Frontier.MIN;
    private Frontier standingHold = Frontier.MIN;
    private final List<PointReader> readers = new ArrayList<>();
    private boolean inSlot = true;
    private boolean claimed;
    private boolean owned;
    private boolean detached;

    PublicationPoint(GlobalId id, ArrangementSharingRegistry registry) {
        this.id = id;
        this.registry = registry;
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

    /** The meet of the backing traces' uppers; {@code {MIN}} for a placeholder. */
    public synchronized Frontier upper() {
        return oks == null ? Frontier.MIN : oks.upper().meet(errs.upper());
    }

    /** The join of the backing traces' sinces; {@code {MIN}} for a placeholder. */
    public synchronized Frontier since() {
        return oks == null ? Frontier.MIN : oks.since().join(errs.since());
    }

    /** The controller's latest compaction for this id. */
    public synchronized Frontier writerLogical() {
        return writerLogical;
    }

    /** The interactive side's standing hold for this id. */
    public synchronized Frontier standingHold() {
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

    // ------------------------------------------------------------------ publisher side

    /**
     * Backs this point with {@code oks} and {@code errs}, in place, and binds the readers that
     * were waiting for it.
     *
     * @throws IllegalStateException if the point is already backed or was detached
     */
    synchronized void adopt(SharedTrace oks, SharedTrace errs) {
        if (this.oks != null) {
            throw new IllegalStateException("publication point " + id + " on worker " + registry.ordinal()
                    + " is already backed: a slot is never overwritten");
        }
        if (detached) {
            throw new IllegalStateException("publication point " + id + " was detached");
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
        seals.add(oks.onUpperAdvance(upper -> registry.markDirty(id)));
        seals.add(errs.onUpperAdvance(upper -> registry.markDirty(id)));
        owned = true;
        for (PointReader r : readers) {
            r.bind(oks, errs);
        }
        registry.markDirty(id); // readers re-check against the now-backed point
    }

    /** The owner (the publishing bundle) let go. */
    void disown() {
        synchronized (this) {
            owned = false;
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
                seals.add(c);
                return;
            }
        }
        c.close();
    }

    // ------------------------------------------------------------------ compaction

    /** Records the controller's compaction for this id and applies the point's new hold. */
    public synchronized void allowCompaction(Frontier since) {
        writerLogical = writerLogical.join(since);
        applyHold();
    }

    /** Advances the interactive side's standing hold and applies the point's new hold. */
    public synchronized void advanceStandingHold(Frontier f) {
        standingHold = standingHold.join(f);
        applyHold();
    }

    private void applyHold() {
        if (oksHold != null) {
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
     * @throws SpindleException {@code COMPACTION_FRONTIER_BEYOND_READ_2} if the backing traces
     *     may have compacted past {@code readAt}
     * @throws IllegalStateException if the point was detached
     */
    public PointReader openReader(Frontier readAt) {
        return openReader(readAt, false);
    }

    /**
     * A reader at {@code readAt}; an {@code incremental} one also holds physical compaction at
     * {@code readAt}, so it can read the batches sealed after it one by one (index imports).
     */
    public synchronized PointReader openReader(Frontier readAt, boolean incremental) {
        if (detached) {
            throw new IllegalStateException("publication point " + id + " was detached");
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
        boolean unclaimed;
        synchronized (this) {
            readers.remove(r);
            unclaimed = oks == null && readers.isEmpty() && !claimed;
        }
        if (unclaimed) {
            registry.removePlaceholder(this); // a placeholder nobody reads or publishes leaves its slot
        }
        maybeDetach();
    }

    /** Claims the point for a publisher, so an idle placeholder is not removed under it. */
    synchronized void claim() {
        claimed = true;
    }

    /** True for a placeholder with no reader that no publisher claimed. */
    synchronized boolean isIdlePlaceholder() {
        return oks == null && readers.isEmpty() && !claimed;
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
            if (detached || inSlot || owned || !readers.isEmpty()) {
                return;
            }
            detached = true;
            release.addAll(seals);
            seals.clear();
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
                + ", upper " + upper() + ", since " + since() + ", hold " + hold() + ", readers " + readers.size()
                + (detached ? ", detached" : "") + ")";
    }
}
