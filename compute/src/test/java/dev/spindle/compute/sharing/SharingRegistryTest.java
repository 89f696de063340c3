package dev.spindle.compute.sharing;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spindle.common.error.ErrorCode;
import dev.spindle.common.error.SpindleException;
import dev.spindle.common.id.GlobalId;
import dev.spindle.common.row.Row;
import dev.spindle.common.time.Frontier;
import dev.spindle.compute.arrangement.batch.BatchBuilder;
import dev.spindle.compute.arrangement.batch.Description;
import dev.spindle.compute.arrangement.spine.Spine;
import dev.spindle.compute.arrangement.spine.TracePair;
import dev.spindle.compute.arrangement.trace.KeyValDiff;
import dev.spindle.compute.dataflow.Waker;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The sharing registry's invariants at the level of traces and points (DESIGN.md §5, invariants 1,
 * 2, 4, 7, 9, 10, 11), and the re-export arm. The runtime-level invariants are in the runtime tests.
 */
class SharingRegistryTest {
    static final GlobalId I1 = GlobalId.user(1);
    static final GlobalId I2 = GlobalId.user(2);

    private final ArrangementSharingRegistry registry = new ArrangementSharingRegistry(0);
    private final Spine oks;
    private final Spine errs;

    SharingRegistryTest() {
        registry.attachPublisher();
        TracePair o = Spine.create();
        TracePair e = Spine.create();
        oks = o.writer();
        errs = e.writer();
        // the index's own holds are the points' only holds in these tests
        o.handle().close();
        e.handle().close();
    }

    @AfterEach
    void close() {
        oks.close();
        errs.close();
    }

    /** Inserts row (k) at time t into oks and seals both traces through t. */
    private void write(long k, long t) {
        BatchBuilder b = new BatchBuilder();
        b.push(Row.of(k), Row.of(k), t, 1);
        oks.insert(b.build(Description.of(oks.upper(), Frontier.after(t))));
        errs.insert(new BatchBuilder().build(Description.of(errs.upper(), Frontier.after(t))));
        oks.work(1 << 20);
        errs.work(1 << 20);
    }

    @Test
    void invariant01_fillsPlaceholderInPlace() {
        PublicationPoint placeholder = registry.getOrCreate(I2);
        assertFalse(placeholder.isBacked());
        assertEquals(Frontier.MIN, placeholder.upper());
        assertEquals(Frontier.MIN, placeholder.since());
        PointReader reader = placeholder.openReader(Frontier.at(3));
        assertFalse(reader.isBound());
        assertEquals(Frontier.MIN, reader.upper(), "an unbound reader waits, it does not fail");

        write(7, 3);
        PublishToken token = registry.publish(I2, oks.trace(), errs.trace());
        assertSame(placeholder, token.point(), "the publisher backs the reader's point, not a new one");
        assertSame(placeholder, registry.get(I2).orElseThrow());
        assertTrue(reader.isBound());
        assertEquals(Frontier.at(4), reader.upper());
        assertEquals(List.of(new KeyValDiff(Row.of(7L), Row.of(7L), 1)), reader.oks().readAt(3));

        IllegalStateException loud = assertThrows(IllegalStateException.class,
                () -> registry.publish(I2, oks.trace(), errs.trace()));
        assertTrue(loud.getMessage().contains("never overwritten"), loud.getMessage());
    }

    @Test
    void invariant02_perCollectionFloorsCombinedByMeet() {
        PublicationPoint p1 = registry.publish(I1, oks.trace(), errs.trace()).point();
        PublicationPoint p2 = registry.publish(I2, oks.trace(), errs.trace()).point();
        for (long t = 1; t <= 30; t++) {
            write(t, t);
        }
        p1.allowCompaction(Frontier.at(10));
        p2.allowCompaction(Frontier.at(5));
        p1.advanceStandingHold(Frontier.EMPTY);
        p2.advanceStandingHold(Frontier.EMPTY);
        write(31, 31);
        assertTrue(oks.trace().since().lessEqual(Frontier.at(5)), "since " + oks.trace().since() + " must be <= 5");
        assertEquals(Frontier.at(10), p1.writerLogical());
        assertEquals(Frontier.at(5), p2.writerLogical(), "each id keeps its own floor");
        // a read at a time the arrangement still holds is never refused
        try (PointReader r = p2.openReader(Frontier.at(7))) {
            assertEquals(7, r.oks().readAt(7).size());
        }
        p2.allowCompaction(Frontier.at(20));
        write(32, 32);
        assertEquals(Frontier.at(10), oks.trace().since(), "the meet of the two floors, not the last one sent");
        SpindleException e = assertThrows(SpindleException.class, () -> p1.openReader(Frontier.at(9)));
        assertEquals(ErrorCode.COMPACTION_FRONTIER_BEYOND_READ_2, e.code());
    }

    /** Publishes {@code id}, writes times 1..30, and sets the point's two floors; returns the point. */
    private PublicationPoint publishWithFloors(GlobalId id, long writerLogical, long standingHold) {
        PublicationPoint p = registry.publish(id, oks.trace(), errs.trace()).point();
        for (long t = 1; t <= 30; t++) {
            write(t, t);
        }
        p.allowCompaction(Frontier.at(writerLogical));
        p.advanceStandingHold(Frontier.at(standingHold));
        write(31, 31); // the spine compacts as far as it was granted
        return p;
    }

    private void assertTraceHeldAt(long t) {
        assertEquals(Frontier.at(t), oks.trace().logicalHoldMeet(), "the points' holds on oks");
        assertEquals(Frontier.at(t), errs.trace().logicalHoldMeet(), "the points' holds on errs");
        assertEquals(Frontier.at(t), oks.trace().since(), "oks compacts to the meet of the floors, not past it");
        assertEquals(Frontier.at(t), errs.trace().since(), "errs compacts to the meet of the floors, not past it");
    }

    @Test
    void invariant02_standingHoldBelowWriterLogicalHoldsTheTrace() {
        PublicationPoint p = publishWithFloors(I1, 20, 10);
        assertEquals(Frontier.at(10), p.hold());
        assertTraceHeldAt(10);
        try (PointReader r = registry.openReader(I1, Frontier.at(10))) {
            assertEquals(10, r.oks().readAt(10).size(), "a read at the standing hold is never refused");
        }
    }

    @Test
    void invariant02_writerLogicalBelowStandingHoldHoldsTheTrace() {
        PublicationPoint p = publishWithFloors(I1, 10, 20);
        assertEquals(Frontier.at(10), p.hold());
        assertTraceHeldAt(10);
    }

    @Test
    void invariant02_floorsOfTwoIdsCombineByMeetWhicheverFloorIsLower() {
        PublicationPoint p1 = registry.publish(I1, oks.trace(), errs.trace()).point();
        PublicationPoint p2 = registry.publish(I2, oks.trace(), errs.trace()).point();
        for (long t = 1; t <= 50; t++) {
            write(t, t);
        }
        p1.allowCompaction(Frontier.at(10)); // p1 held by its writerLogical
        p1.advanceStandingHold(Frontier.at(30));
        p2.allowCompaction(Frontier.at(30)); // p2 held by its standing hold
        p2.advanceStandingHold(Frontier.at(20));
        write(51, 51);
        assertTraceHeldAt(10);
        p1.allowCompaction(Frontier.at(40)); // now p1 is held at 30 (standing), p2 at 20 (standing)
        write(52, 52);
        assertTraceHeldAt(20);
    }

    @Test
    void invariant02_standingHoldAnnouncedBeforeThePointExistsHoldsTheTrace() {
        registry.advanceStandingHold(I1, Frontier.at(10));
        assertFalse(registry.get(I1).isPresent(), "announcing a standing hold creates no point");
        PublicationPoint p = registry.publish(I1, oks.trace(), errs.trace()).point();
        assertEquals(Frontier.at(10), p.standingHold(), "the early standing hold is applied to the new point");
        for (long t = 1; t <= 30; t++) {
            write(t, t);
        }
        p.allowCompaction(Frontier.at(20)); // the writer allows more than the standing hold
        write(31, 31);
        assertTraceHeldAt(10);
        assertEquals(0, registry.earlyFloorCount(), "the point took the early entry");
    }

    @Test
    void aPointDroppedAfterItWasLookedUpGivesNoReaderToTryOpenReader() {
        PublishToken token = registry.publish(I1, oks.trace(), errs.trace());
        PublicationPoint p = registry.get(I1).orElseThrow(); // an inline read looked the id up
        token.close(); // then the index was dropped: the point leaves its slot and detaches
        assertTrue(p.isDetached());
        assertEquals(null, p.tryOpenReader(Frontier.MIN), "null: the reader goes elsewhere");
        assertThrows(IllegalStateException.class, () -> p.openReader(Frontier.MIN)); // what inline reads met
    }

    @Test
    void aDetachedPointIgnoresALateStandingHold() {
        PublishToken token = registry.publish(I1, oks.trace(), errs.trace());
        PublicationPoint p = token.point();
        token.close(); // its owner gone and no reader: it detaches and closes its holds
        assertTrue(p.isDetached());
        // a late AllowCompaction reaching the detached point threw "trace handle is closed" on
        // the interactive worker's thread, which killed it (seen in the sqllogictest corpus)
        p.advanceStandingHold(Frontier.at(5));
        registry.advanceStandingHold(I1, Frontier.at(6));
    }

    @Test
    void invariant02_standingHoldOfARetiredPlaceholderPassesToItsSuccessor() {
        PointReader early = registry.openReader(I1, Frontier.MIN);
        PublicationPoint placeholder = early.point();
        registry.advanceStandingHold(I1, Frontier.at(10));
        assertEquals(Frontier.at(10), placeholder.standingHold());
        early.close(); // the idle placeholder retires and leaves its slot
        assertTrue(placeholder.isRetired());
        assertFalse(registry.get(I1).isPresent());
        placeholder.advanceStandingHold(Frontier.at(12)); // a late advance through the retired point
        PublicationPoint p = registry.publish(I1, oks.trace(), errs.trace()).point();
        assertNotSame(placeholder, p);
        assertEquals(Frontier.at(12), p.standingHold(), "the successor carries the retired point's floors");
        for (long t = 1; t <= 30; t++) {
            write(t, t);
        }
        p.allowCompaction(Frontier.at(20));
        write(31, 31);
        assertTraceHeldAt(12);
    }

    /**
     * A thread that answers a peek itself waits for the seal parked: a seal of the id it awaits
     * unparks it (the test's park has no timeout, so a missed unpark hangs it until the test's
     * timeout), a seal of another id does not need to, and after it stops awaiting it is not
     * unparked by later seals.
     */
    @Test
    @org.junit.jupiter.api.Timeout(20)
    void aSealUnparksTheThreadsAwaitingIt() throws Exception {
        registry.publish(I1, oks.trace(), errs.trace());
        java.util.concurrent.CountDownLatch registered = new java.util.concurrent.CountDownLatch(1);
        java.util.concurrent.atomic.AtomicBoolean sealed = new java.util.concurrent.atomic.AtomicBoolean();
        Thread reader = new Thread(() -> {
            registry.awaitSeals(I1);
            registered.countDown();
            while (!sealed.get()) {
                java.util.concurrent.locks.LockSupport.park(this);
            }
            registry.stopAwaitingSeals(I1);
        });
        reader.start();
        registered.await();
        while (reader.getState() != Thread.State.WAITING) { // parked, so only an unpark lets it go on
            Thread.onSpinWait();
        }
        sealed.set(true);
        write(1, 1); // the maintenance side seals I1: markDirty unparks the reader
        reader.join();
        write(2, 2); // no waiter left: nothing to unpark, and no error
        assertEquals(Set.of(I1), registry.takeDirty(0));
    }

    @Test
    void invariant04_detachOnDrop() {
        PublicationPoint p1 = registry.publish(I1, oks.trace(), errs.trace()).point();
        PublishToken reexport = registry.publish(I2, oks.trace(), errs.trace());
        PublicationPoint p2 = reexport.point();
        PointReader reader = p2.openReader(Frontier.MIN);
        reexport.close();
        assertFalse(registry.get(I2).isPresent(), "the slot is gone");
        assertFalse(p2.isDetached(), "a reader still references the point");
        reader.close();
        assertTrue(p2.isDetached());

        registry.takeDirty(0);
        write(1, 1);
        assertEquals(Set.of(I1), registry.takeDirty(0), "only the live point is notified of seals");
        // the trace may now compact past the detached point's old hold (MIN)
        p1.allowCompaction(Frontier.at(1));
        p1.advanceStandingHold(Frontier.EMPTY);
        write(2, 2);
        assertEquals(Frontier.at(1), oks.trace().since());
        assertTrue(p1.upper().equals(Frontier.at(3)), "the original keeps receiving updates");
    }

    @Test
    void invariant04_detachReleasesEveryHoldEvenIfOneReleaseFails() throws Exception {
        int oksBefore = oks.trace().liveHandles();
        int errsBefore = errs.trace().liveHandles();
        PublishToken token = registry.publish(I1, oks.trace(), errs.trace());
        PublicationPoint p = token.point();
        RuntimeException first = new IllegalStateException("first release fails");
        Exception second = new Exception("second release fails");
        AtomicBoolean laterReleased = new AtomicBoolean();
        p.releaseOnDetach(() -> {
            throw first;
        });
        p.releaseOnDetach(() -> {
            throw second;
        });
        p.releaseOnDetach(() -> laterReleased.set(true));
        RuntimeException thrown = assertThrows(RuntimeException.class, token::close);
        assertSame(first, thrown, "the first failure is rethrown as it was");
        assertArrayEquals(new Throwable[] {second}, thrown.getSuppressed(), "later failures are suppressed in it");
        assertTrue(laterReleased.get(), "releases after a failing one still run");
        assertTrue(p.isDetached());
        assertEquals(oksBefore, oks.trace().liveHandles(), "the point's oks hold is released");
        assertEquals(errsBefore, errs.trace().liveHandles(), "the point's errs hold is released");
        registry.takeDirty(0);
        write(1, 1);
        assertEquals(Set.of(), registry.takeDirty(0), "its seal registrations are released");
    }

    @Test
    void forgetDropsTheStandingHoldsOfIdsThatNeverGetAPoint() {
        for (long i = 100; i < 1_100; i++) {
            GlobalId id = GlobalId.user(i);
            registry.advanceStandingHold(id, Frontier.at(i));
            registry.advanceStandingHold(id, Frontier.at(i + 1));
            assertEquals(1, registry.earlyFloorCount());
            registry.forget(id);
            assertEquals(0, registry.earlyFloorCount(), "forgotten with the id");
        }
        // remove(id) forgets them too, and so does it for a retired placeholder's floors
        registry.advanceStandingHold(I1, Frontier.at(3));
        registry.remove(I1);
        assertEquals(0, registry.earlyFloorCount());
        PointReader r = registry.openReader(I2, Frontier.MIN);
        registry.advanceStandingHold(I2, Frontier.at(3));
        r.close(); // retires: its floors are kept for the id's next point
        assertEquals(1, registry.earlyFloorCount());
        registry.forget(I2);
        assertEquals(0, registry.earlyFloorCount());
        assertEquals(List.of(), registry.points());
    }

    @Test
    void forgetLeavesALivePointAlone() {
        PublishToken token = registry.publish(I1, oks.trace(), errs.trace());
        token.point().advanceStandingHold(Frontier.at(4));
        registry.forget(I1);
        assertSame(token.point(), registry.get(I1).orElseThrow());
        assertEquals(Frontier.at(4), token.point().standingHold());
    }

    @Test
    void registryMonitorIsNotHeldWhileAPublishWaitsForItsPoint() throws Exception {
        PublicationPoint placeholder = registry.getOrCreate(I1);
        AtomicReference<PublishToken> published = new AtomicReference<>();
        Thread publisher = new Thread(() -> published.set(registry.publish(I1, oks.trace(), errs.trace())));
        ExecutorService other = Executors.newSingleThreadExecutor();
        try {
            synchronized (placeholder) { // someone holds the point's monitor
                publisher.start();
                awaitBlockedOn(publisher, placeholder);
                // the publisher waits for the point; the registry must still serve everyone else
                Future<Optional<PublicationPoint>> lookup = other.submit(() -> registry.get(I2));
                assertEquals(Optional.empty(), lookup.get(30, TimeUnit.SECONDS));
                Future<PublicationPoint> create = other.submit(() -> registry.getOrCreate(I2));
                assertFalse(create.get(30, TimeUnit.SECONDS).isBacked());
            }
            publisher.join(30_000);
            assertFalse(publisher.isAlive());
            assertSame(placeholder, published.get().point());
            assertTrue(placeholder.isBacked());
        } finally {
            other.shutdownNow();
        }
    }

    /** Waits (up to 30 s) until {@code t} is blocked entering {@code monitor}. */
    static void awaitBlockedOn(Thread t, Object monitor) {
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (true) {
            ThreadInfo info = mx.getThreadInfo(t.getId());
            if (info != null && info.getThreadState() == Thread.State.BLOCKED && info.getLockInfo() != null
                    && info.getLockInfo().getIdentityHashCode() == System.identityHashCode(monitor)) {
                return;
            }
            if (!t.isAlive() || System.nanoTime() > deadline) {
                throw new AssertionError(t + " never blocked on " + monitor + " (state " + t.getState() + ")");
            }
            Thread.onSpinWait();
        }
    }

    @Test
    void invariant07_sinceCheckAndHoldRegistrationAreAtomic() {
        PublicationPoint p = registry.publish(I1, oks.trace(), errs.trace()).point();
        for (long t = 1; t <= 10; t++) {
            write(t, t);
        }
        p.allowCompaction(Frontier.at(6));
        p.advanceStandingHold(Frontier.EMPTY);
        write(11, 11);
        int handles = oks.trace().liveHandles();
        SpindleException e = assertThrows(SpindleException.class, () -> p.openReader(Frontier.at(5)));
        assertEquals("Arrangement compaction frontier ({6}) is beyond the time of the attempted read (5)"
                .replace("{6}", "" + oks.trace().since().time()), e.getMessage());
        assertEquals(handles, oks.trace().liveHandles(), "a refused reader registers no hold");
        assertEquals(0, p.readers());
    }

    @Test
    @org.junit.jupiter.api.Timeout(30)
    void invariant09_noLostWakeups() throws Exception {
        Waker waker = new Waker();
        waker.bindToCurrentThread();
        registry.attachInteractive(waker);
        registry.publish(I1, oks.trace(), errs.trace());
        registry.takeDirty(0);
        waker.clear(); // the interactive worker starts a busy pass
        write(1, 1); // a seal while it is busy
        assertTrue(waker.isNotified(), "the wake is remembered, so the next park returns at once");
        waker.park(Long.MAX_VALUE); // would hang (and the test time out) had the wake been lost
        assertEquals(Set.of(I1), registry.takeDirty(0));
        assertEquals(Set.of(), registry.takeDirty(0), "drained");
    }

    @Test
    void invariant10_pairwise() {
        assertThrows(IllegalArgumentException.class, () -> registry.takeDirty(1));
        List<ArrangementSharingRegistry> all = ArrangementSharingRegistry.forWorkers(3);
        for (int i = 0; i < 3; i++) {
            assertEquals(i, all.get(i).ordinal());
        }
    }

    @Test
    void invariant11_dropReleases() {
        int before = oks.trace().liveHandles();
        PublishToken token = registry.publish(I1, oks.trace(), errs.trace());
        assertEquals(before + 1, oks.trace().liveHandles());
        token.close();
        token.close();
        assertFalse(registry.get(I1).isPresent());
        assertTrue(token.point().isDetached());
        assertEquals(before, oks.trace().liveHandles(), "exactly the point's hold is released");
    }

    @Test
    void reexportPublishesItsOwnPointOverTheSameTrace() {
        PublicationPoint original = registry.publish(I1, oks.trace(), errs.trace()).point();
        PublicationPoint reexport = registry.publish(I2, oks.trace(), errs.trace()).point();
        assertFalse(original == reexport, "its own point");
        write(5, 1);
        assertEquals(original.upper(), reexport.upper(), "over the same trace");
        assertEquals(Set.of(I1, I2), registry.takeDirty(0), "each id gets its own seal notification");
        original.allowCompaction(Frontier.at(1));
        assertEquals(Frontier.at(1), original.writerLogical());
        assertEquals(Frontier.MIN, reexport.writerLogical(), "holds are per id");
    }

    @Test
    void publishingNeedsAnAttachedPublisher() {
        ArrangementSharingRegistry reader = new ArrangementSharingRegistry(1);
        assertThrows(IllegalStateException.class, () -> reader.publish(I1, oks.trace(), errs.trace()));
        reader.attachPublisher();
        assertThrows(IllegalStateException.class, reader::attachPublisher);
    }
}
