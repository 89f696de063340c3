package dev.spindle.compute.arrangement.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spindle.common.error.ErrorCode;
import dev.spindle.common.row.Row;
import dev.spindle.common.time.Frontier;
import dev.spindle.compute.arrangement.NaiveTrace;
import dev.spindle.compute.arrangement.NaiveTrace.U;
import dev.spindle.compute.arrangement.batch.BatchBuilder;
import dev.spindle.compute.arrangement.batch.Description;
import dev.spindle.compute.arrangement.spine.Spine;
import dev.spindle.compute.arrangement.spine.TracePair;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Trace handles: the trace compacts to the meet of the live holds, never past it. */
class TraceHandleTest {
    private Spine spine;
    private TraceHandle first;
    private final List<U> all = new ArrayList<>();

    @BeforeEach
    void setUp() {
        TracePair pair = Spine.create();
        spine = pair.writer();
        first = pair.handle();
        first.setPhysicalCompaction(Frontier.EMPTY);
    }

    /** Inserts one update per time up to {@code upper}, each changing key {@code t % 4}. */
    private void fillTo(long upper) {
        for (long t = spine.upper().time(); t < upper; t++) {
            BatchBuilder b = new BatchBuilder();
            U u = new U(Row.of((int) (t % 4)), Row.of((int) t), t, 1);
            all.add(u);
            b.push(u.key(), u.val(), u.time(), u.diff());
            spine.insert(b.build(Description.of(Frontier.at(t), Frontier.at(t + 1))));
        }
        spine.work(Long.MAX_VALUE);
    }

    private void assertReadable(long t) {
        assertEquals(NaiveTrace.at(all, t), spine.snapshot().readAt(t), "read at " + t);
    }

    @Test
    void compactionNeverPassesTheMeetOfLiveHolds() {
        TraceHandle a = first;
        a.setLogicalCompaction(Frontier.at(10));
        TraceHandle b = a.cloneHandle();
        b.setLogicalCompaction(Frontier.at(20));
        fillTo(15);
        TraceHandle c = spine.trace().tryAcquire(Frontier.at(12));
        fillTo(50);
        assertEquals(Frontier.at(10), spine.since());
        assertEquals(Frontier.at(10), spine.trace().logicalHoldMeet());
        assertReadable(10);

        a.close();
        spine.work(1);
        assertEquals(Frontier.at(12), spine.since(), "meet of b (20) and c (12)");
        assertReadable(12);
        assertThrows(CompactedBeyondReadException.class, () -> spine.snapshot().readAt(11));

        c.close();
        spine.work(1);
        assertEquals(Frontier.at(20), spine.since());
        assertReadable(20);
        assertReadable(49);

        b.close();
        spine.work(1);
        assertEquals(Frontier.at(49), spine.since(), "no live handle: compacts up to the last sealed time");
        assertReadable(49);
        assertEquals(0, spine.trace().liveHandles());
    }

    @Test
    void closingReleasesExactlyOneHoldAndIsIdempotent() {
        first.setLogicalCompaction(Frontier.at(10));
        TraceHandle twin = first.cloneHandle();
        assertEquals(2, spine.trace().liveHandles());
        fillTo(30);
        twin.close();
        twin.close();
        spine.work(1);
        assertEquals(1, spine.trace().liveHandles());
        assertEquals(Frontier.at(10), spine.since(), "the other hold at 10 is still live");
        assertReadable(10);
        assertTrue(twin.isClosed());
        assertFalse(first.isClosed());
    }

    @Test
    void clonedHandlesStartEqualAndMoveIndependently() {
        first.setLogicalCompaction(Frontier.at(5));
        TraceHandle clone = first.cloneHandle();
        assertEquals(first.logicalCompaction(), clone.logicalCompaction());
        assertEquals(first.physicalCompaction(), clone.physicalCompaction());
        clone.setLogicalCompaction(Frontier.at(25));
        fillTo(40);
        assertEquals(Frontier.at(5), spine.since());
        first.setLogicalCompaction(Frontier.at(30));
        spine.work(1);
        assertEquals(Frontier.at(25), spine.since());
        assertReadable(25);
    }

    @Test
    void settingAHoldBackwardsChangesNothing() {
        first.setLogicalCompaction(Frontier.at(10));
        fillTo(30);
        assertFalse(first.setLogicalCompaction(Frontier.at(3)));
        assertFalse(first.setLogicalCompaction(Frontier.at(10)));
        assertFalse(first.setPhysicalCompaction(Frontier.at(3)));
        spine.work(1);
        assertEquals(Frontier.at(10), first.logicalCompaction());
        assertEquals(Frontier.EMPTY, first.physicalCompaction());
        assertEquals(Frontier.at(10), spine.since());
        assertEquals(Frontier.at(10), spine.trace().logicalHoldMeet());
        assertTrue(first.setLogicalCompaction(Frontier.at(11)));
    }

    @Test
    void acquiringBelowSinceFailsWithTheErrorAndRegistersNothing() {
        first.setLogicalCompaction(Frontier.at(10));
        fillTo(30);
        CompactedBeyondReadException e = assertThrows(CompactedBeyondReadException.class,
                () -> spine.trace().tryAcquire(Frontier.at(5)));
        assertEquals("Arrangement compaction frontier (10) is beyond the time of the attempted read (5)", e.getMessage());
        assertEquals(ErrorCode.COMPACTION_FRONTIER_BEYOND_READ_2, e.code());
        assertEquals("22000", e.sqlState());
        assertEquals(Frontier.at(10), e.since());
        assertEquals(5, e.readAt());
        assertEquals(1, spine.trace().liveHandles());
        assertEquals(Frontier.at(10), spine.trace().logicalHoldMeet());
        try (TraceHandle ok = spine.trace().tryAcquire(Frontier.at(10))) {
            assertEquals(2, spine.trace().liveHandles());
            assertEquals(NaiveTrace.at(all, 10), ok.snapshot().readAt(10));
        }
        assertEquals(1, spine.trace().liveHandles());
    }

    @Test
    void acquiringAPhysicalHoldBehindTheGrantFails() {
        TraceHandle keeper = spine.trace().tryAcquire(Frontier.MIN, Frontier.at(5));
        fillTo(10);
        assertEquals(Frontier.at(5), spine.physicalCompaction());
        assertThrows(IllegalArgumentException.class, () -> spine.trace().tryAcquire(Frontier.MIN, Frontier.at(4)));
        spine.trace().tryAcquire(Frontier.MIN, Frontier.at(7)).close();
        keeper.close();
    }

    @Test
    void aClosedHandleRefusesUse() {
        TraceHandle h = first.cloneHandle();
        h.close();
        assertThrows(IllegalStateException.class, h::snapshot);
        assertThrows(IllegalStateException.class, h::cloneHandle);
        assertThrows(IllegalStateException.class, () -> h.setLogicalCompaction(Frontier.at(3)));
        assertThrows(IllegalStateException.class, () -> h.setPhysicalCompaction(Frontier.at(3)));
    }

    @Test
    void aSnapshotReadRefusesTimesOutsideSinceAndUpper() {
        first.setLogicalCompaction(Frontier.at(10));
        fillTo(20);
        TraceSnapshot snap = spine.snapshot();
        assertTrue(snap.isReadableAt(10));
        assertTrue(snap.isReadableAt(19));
        assertFalse(snap.isReadableAt(9));
        assertFalse(snap.isReadableAt(20));
        assertThrows(CompactedBeyondReadException.class, () -> snap.readAt(9));
        assertThrows(IllegalArgumentException.class, () -> snap.readAt(20));
        assertEquals(NaiveTrace.at(all, 15).stream().filter(k -> k.key().equals(Row.of(3))).toList(),
                snap.readAt(15, Row.of(3)));
    }
    @Test
    void aReaderAcquiredAtLeastAtATimeTakesThePhysicalGrantIfItPassedThatTime() {
        first.setLogicalCompaction(Frontier.at(2));
        fillTo(10); // no physical hold: the writer was granted physical compaction up to the upper
        SharedTrace t = spine.trace();
        assertEquals(Frontier.at(10), t.physicalCompaction());
        assertThrows(IllegalArgumentException.class, () -> t.tryAcquire(Frontier.at(3), Frontier.at(3)));
        TraceHandle h = t.tryAcquireAtLeast(Frontier.at(3), Frontier.at(3));
        assertEquals(Frontier.at(3), h.logicalCompaction());
        assertEquals(Frontier.at(10), h.physicalCompaction(), "the grant, not the time asked for");
        TraceHandle later = t.tryAcquireAtLeast(Frontier.at(3), Frontier.at(12));
        assertEquals(Frontier.at(12), later.physicalCompaction(), "a hold past the grant is kept as asked");
        h.close();
        later.close();
    }

    @Test
    void acquiringAtLeastNeverFailsWhileTheWriterCompactsPhysically() throws Exception {
        first.setLogicalCompaction(Frontier.at(0));
        SharedTrace t = spine.trace();
        java.util.concurrent.atomic.AtomicBoolean stop = new java.util.concurrent.atomic.AtomicBoolean();
        java.util.concurrent.atomic.AtomicReference<Throwable> failure = new java.util.concurrent.atomic.AtomicReference<>();
        Thread reader = new Thread(() -> {
            try {
                while (!stop.get()) {
                    Frontier at = Frontier.at(Math.max(0, spine.trace().upper().time() - 1));
                    t.tryAcquireAtLeast(Frontier.at(0), at).close(); // behind the grant as often as not
                }
            } catch (Throwable e) {
                failure.set(e);
            }
        });
        reader.start();
        try {
            fillTo(3000);
        } finally {
            stop.set(true);
            reader.join();
        }
        assertEquals(null, failure.get());
    }
}
