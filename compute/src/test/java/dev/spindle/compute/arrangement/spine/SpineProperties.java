package dev.spindle.compute.arrangement.spine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spindle.common.time.Frontier;
import dev.spindle.compute.arrangement.NaiveTrace;
import dev.spindle.compute.arrangement.NaiveTrace.U;
import dev.spindle.compute.arrangement.trace.TraceHandle;
import dev.spindle.compute.arrangement.trace.TraceSnapshot;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * The spine against the naive oracle: whatever the batching, the interleaved {@code work(fuel)}
 * calls and the compaction holds, a read at any {@code t} with {@code since <= t < upper} equals
 * the sum of the raw updates at times {@code <= t}.
 */
class SpineProperties {

    /** The most batches the ladder may hold after {@code virtualRecords}: two per level. */
    static int ladderBound(long virtualRecords) {
        return 2 * (MergeLadder.levelOf(virtualRecords + 1) + 3);
    }

    static void checkAllReads(TraceSnapshot snap, List<U> updates) {
        long lo = snap.since().time();
        long hi = snap.upper().time();
        for (long t = lo; t < hi; t++) {
            assertEquals(NaiveTrace.at(updates, t), snap.readAt(t), "read at " + t + " of " + snap);
        }
    }

    /**
     * @param physicalMode 0: no physical hold (everything mergeable); 1: physical hold lags the
     *     upper; 2: physical hold stays at MIN (nothing merges)
     */
    @Property(tries = 200)
    void readsEqualNaiveSumsUnderRandomBatchingWorkAndCompaction(
            @ForAll long seed, @ForAll @IntRange(min = 1, max = 40) int steps,
            @ForAll @IntRange(min = 0, max = 2) int physicalMode) {
        Random r = new Random(seed);
        History h = History.random(r, steps, 6, 3, 4, 6);
        TracePair pair = Spine.create();
        Spine spine = pair.writer();
        TraceHandle first = pair.handle();
        TraceHandle second = null;
        if (physicalMode == 0) {
            first.setPhysicalCompaction(Frontier.EMPTY);
        }
        List<U> inserted = new ArrayList<>();
        long virtual = 0;
        for (History.Step step : h.steps) {
            var batch = step.batch();
            spine.insert(batch);
            inserted.addAll(step.updates());
            virtual += batch.records() + 1;
            if (r.nextBoolean()) {
                spine.work(r.nextInt(40));
            }
            if (r.nextInt(4) == 0) {
                spine.exert(1 + r.nextInt(64));
            }
            long upper = spine.upper().time();
            if (r.nextInt(3) == 0) {
                long from = first.logicalCompaction().time();
                first.setLogicalCompaction(Frontier.at(from + r.nextInt((int) (upper - from) + 2)));
            }
            if (second == null && r.nextInt(6) == 0) {
                second = first.cloneHandle();
            } else if (second != null && r.nextInt(3) == 0) {
                long from = second.logicalCompaction().time();
                second.setLogicalCompaction(Frontier.at(from + r.nextInt((int) (upper - from) + 2)));
            }
            if (physicalMode == 1 && r.nextBoolean()) {
                first.setPhysicalCompaction(Frontier.at(Math.max(0, upper - r.nextInt(6))));
                if (second != null) {
                    second.setPhysicalCompaction(Frontier.EMPTY);
                }
            }
            TraceSnapshot snap = spine.snapshot();
            assertEquals(spine.upper(), snap.upper());
            Frontier meet = first.logicalCompaction().meet(second == null ? Frontier.EMPTY : second.logicalCompaction());
            assertTrue(snap.since().lessEqual(meet), "since " + snap.since() + " passed the holds' meet " + meet);
            assertTrue(snap.since().lessEqual(spine.trace().since()), "published since is at most the grant");
            checkAllReads(snap, inserted);
            if (physicalMode == 0) {
                assertTrue(snap.batches().size() <= ladderBound(virtual),
                        snap.batches().size() + " batches after " + virtual + " virtual records");
            }
        }
        spine.work(Long.MAX_VALUE);
        assertFalse(spine.hasWork());
        TraceSnapshot end = spine.snapshot();
        checkAllReads(end, h.all);
        long last = end.upper().time() - 1;
        assertEquals(NaiveTrace.at(h.all, last), end.readAt(last), "no update lost or duplicated");
        assertEquals(end.batches().stream().mapToLong(b -> b.records()).sum(), end.size().records());
    }
}
