package dev.spindle.compute.arrangement.spine;

import static dev.spindle.compute.arrangement.NaiveTrace.row;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spindle.common.row.Row;
import dev.spindle.common.time.Frontier;
import dev.spindle.compute.arrangement.NaiveTrace;
import dev.spindle.compute.arrangement.NaiveTrace.U;
import dev.spindle.compute.arrangement.batch.Batch;
import dev.spindle.compute.arrangement.batch.BatchBuilder;
import dev.spindle.compute.arrangement.batch.Description;
import dev.spindle.compute.arrangement.trace.ArrangementSize;
import dev.spindle.compute.arrangement.trace.Registration;
import dev.spindle.compute.arrangement.trace.TraceHandle;
import dev.spindle.compute.arrangement.trace.TraceSnapshot;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class SpineTest {

    static Batch batch(long lower, long upper, U... updates) {
        BatchBuilder b = new BatchBuilder();
        for (U u : updates) {
            b.push(u.key(), u.val(), u.time(), u.diff());
        }
        return b.build(Description.of(Frontier.at(lower), Frontier.at(upper)));
    }

    static U u(int key, int val, long time, long diff) {
        return new U(row(key), row(val), time, diff);
    }

    @Test
    void singleRowUpdatesKeepLogarithmicallyManyBatches() {
        TracePair pair = Spine.create();
        Spine spine = pair.writer();
        pair.handle().setPhysicalCompaction(Frontier.EMPTY);
        Random r = new Random(3);
        List<U> all = new ArrayList<>();
        int maxBatches = 0;
        int n = 4000;
        for (int t = 0; t < n; t++) {
            U up = u(r.nextInt(500), 0, t, r.nextInt(4) == 0 && t > 0 ? -1 : 1);
            all.add(up);
            spine.insert(batch(t, t + 1, up));
            pair.handle().setLogicalCompaction(Frontier.at(Math.max(0, t - 100)));
            int batches = spine.snapshot().batches().size();
            maxBatches = Math.max(maxBatches, batches);
            assertTrue(batches <= SpineProperties.ladderBound(2L * (t + 1)), batches + " batches after " + (t + 1));
        }
        System.out.printf("%d single-row inserts: at most %d batches%n", n, maxBatches);
        assertTrue(maxBatches <= 2 * 14, "O(log n) batches, got " + maxBatches);
        TraceSnapshot snap = spine.snapshot();
        for (long t = snap.since().time(); t < n; t += 37) {
            assertEquals(NaiveTrace.at(all, t), snap.readAt(t));
        }
        assertEquals(NaiveTrace.at(all, n - 1), snap.readAt(n - 1));
    }

    @Test
    void advancingTheUpperWithoutDataCostsNoBatches() {
        TracePair pair = Spine.create();
        Spine spine = pair.writer();
        spine.insert(batch(0, 1, u(1, 1, 0, 1)));
        for (int t = 2; t < 2000; t++) {
            spine.advanceUpper(Frontier.at(t));
        }
        assertEquals(Frontier.at(1999), spine.upper());
        assertTrue(spine.snapshot().batches().size() <= 3, "empty batches fuse: " + spine.snapshot().batches().size());
        assertEquals(List.of(new dev.spindle.compute.arrangement.trace.KeyValDiff(row(1), row(1), 1)),
                spine.snapshot().readAt(1998));
        spine.advanceUpper(Frontier.at(5));
        assertEquals(Frontier.at(1999), spine.upper(), "advancing backwards does nothing");
    }

    @Test
    void physicalHoldsKeepBatchBoundariesAtOrAfterThem() {
        TracePair pair = Spine.create();
        Spine spine = pair.writer();
        TraceHandle h = pair.handle(); // physical hold at MIN: no boundary may be merged away
        List<U> all = new ArrayList<>();
        for (int t = 0; t < 20; t++) {
            U up = u(t % 3, t % 2, t, 1);
            all.add(up);
            spine.insert(batch(t, t + 1, up));
        }
        assertEquals(20, spine.pendingBatches());
        assertEquals(20, spine.snapshot().batches().size());
        for (int f = 0; f <= 20; f++) {
            final long through = f;
            List<U> expected = NaiveTrace.consolidate(all.stream().filter(x -> x.time() < through).toList(), 0);
            List<U> got = new ArrayList<>(NaiveTrace.contents(spine.snapshot().cursorThrough(Frontier.at(f))));
            got.sort(NaiveTrace.BY_KEY_VAL_TIME);
            assertEquals(expected, got, "through " + f);
        }
        h.setPhysicalCompaction(Frontier.at(12));
        spine.work(Long.MAX_VALUE);
        assertEquals(8, spine.pendingBatches(), "batches ending after 12 stay pending");
        List<U> got = new ArrayList<>(NaiveTrace.contents(spine.snapshot().cursorThrough(Frontier.at(15))));
        got.sort(NaiveTrace.BY_KEY_VAL_TIME);
        assertEquals(NaiveTrace.consolidate(all.stream().filter(x -> x.time() < 15).toList(), 0), got);
        assertTrue(spine.snapshot().batches().size() < 20);
        assertThrows(IllegalStateException.class, () -> spine.snapshot().cursorThrough(Frontier.at(3)),
                "the boundary at 3 was merged away");
    }

    @Test
    void logicalCompactionConsolidatesAcrossMergedBatches() {
        TracePair pair = Spine.create();
        Spine spine = pair.writer();
        pair.handle().setPhysicalCompaction(Frontier.EMPTY);
        spine.insert(batch(0, 2, u(1, 1, 1, 1)));
        pair.handle().setLogicalCompaction(Frontier.at(5));
        spine.insert(batch(2, 6, u(1, 1, 3, -1)));
        spine.work(Long.MAX_VALUE);
        assertEquals(Frontier.at(5), spine.since());
        assertEquals(0, spine.size().records(), "+1@1 and -1@3 consolidate at 5");
        assertEquals(List.of(), spine.snapshot().readAt(5));
    }

    @Test
    void insertChecksContiguityAndSince() {
        TracePair pair = Spine.create(Frontier.at(10), Spine.DEFAULT_EFFORT);
        Spine spine = pair.writer();
        assertThrows(IllegalArgumentException.class, () -> spine.insert(batch(1, 2)));
        Batch compactedTooFar = new BatchBuilder().build(new Description(Frontier.MIN, Frontier.at(30), Frontier.at(20)));
        assertThrows(IllegalArgumentException.class, () -> spine.insert(compactedTooFar));
        BatchBuilder b = new BatchBuilder();
        b.push(row(1), row(1), 3, 1);
        spine.insert(b.build(new Description(Frontier.MIN, Frontier.at(30), Frontier.at(10))));
        assertEquals(Frontier.at(30), spine.upper());
        assertEquals(Frontier.at(10), spine.snapshot().since());
        assertEquals(List.of(new dev.spindle.compute.arrangement.trace.KeyValDiff(row(1), row(1), 1)),
                spine.snapshot().readAt(10));
        spine.insert(Batch.empty(Description.of(Frontier.at(30), Frontier.at(30))));
        assertEquals(Frontier.at(30), spine.upper(), "an empty interval changes nothing");
    }

    @Test
    void listenersRunAfterEachPublishThatAdvancesTheUpper() {
        TracePair pair = Spine.create();
        Spine spine = pair.writer();
        List<Frontier> seen = new ArrayList<>();
        Registration reg = spine.trace().onUpperAdvance(upper -> {
            assertTrue(upper.lessEqual(spine.trace().snapshot().upper()), "published before the callback");
            seen.add(upper);
        });
        spine.insert(batch(0, 3, u(1, 1, 2, 1)));
        spine.work(100); // no seal
        spine.advanceUpper(Frontier.at(5));
        reg.close();
        spine.advanceUpper(Frontier.at(7));
        assertEquals(List.of(Frontier.at(3), Frontier.at(5)), seen);

        List<String> order = new ArrayList<>();
        spine.trace().onUpperAdvance(upper -> {
            order.add("a");
            throw new IllegalStateException("listener a");
        });
        spine.trace().onUpperAdvance(upper -> order.add("b"));
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> spine.advanceUpper(Frontier.at(8)));
        assertEquals("listener a", e.getMessage());
        assertEquals(List.of("a", "b"), order, "every listener runs before the failure surfaces");
        assertEquals(Frontier.at(8), spine.trace().upper(), "the seal was published");
    }

    @Test
    void sizeIsTheSumOfThePublishedBatches() {
        TracePair pair = Spine.create();
        Spine spine = pair.writer(); // physical hold at MIN: batches stay as inserted
        Batch a = batch(0, 1, u(1, 1, 0, 1), u(2, 1, 0, 1));
        Batch b = batch(1, 2, u(1000, 7, 1, 1));
        Batch c = batch(2, 3);
        spine.insert(a);
        spine.insert(b);
        spine.insert(c);
        ArrangementSize size = spine.size();
        assertEquals(new ArrangementSize(3, 3, a.sizeBytes() + b.sizeBytes()), size);
        assertEquals(size, spine.snapshot().size());
        assertEquals(List.of(a, b, c), spine.snapshot().batches());
        assertSame(a, spine.snapshot().batches().get(0));
    }

    @Test
    void closingTheWriterKeepsDataForLiveHandlesThenReleasesIt() {
        TracePair pair = Spine.create();
        Spine spine = pair.writer();
        TraceHandle reader = pair.handle().cloneHandle();
        spine.insert(batch(0, 5, u(1, 1, 2, 1)));
        spine.close();
        assertThrows(IllegalStateException.class, () -> spine.insert(batch(5, 6)));
        assertThrows(IllegalStateException.class, () -> spine.work(1));
        assertEquals(ArrangementSize.ZERO, spine.size());
        pair.handle().close();
        assertEquals(1, reader.snapshot().readAt(4).size(), "a live handle still reads");
        assertFalse(spine.trace().isDropped());
        reader.close();
        assertTrue(spine.trace().isDropped());
        assertTrue(spine.snapshot().dropped());
        assertEquals(ArrangementSize.ZERO, spine.snapshot().size());
        assertThrows(IllegalStateException.class, () -> spine.snapshot().readAt(4));
        assertThrows(IllegalStateException.class, () -> spine.trace().tryAcquire(Frontier.at(4)));
    }

    @Test
    void exertCompactsAQuietTraceIntoOneBatch() {
        TracePair pair = Spine.create();
        Spine spine = pair.writer();
        pair.handle().setPhysicalCompaction(Frontier.EMPTY);
        List<U> all = new ArrayList<>();
        int[] current = new int[10];
        for (int t = 0; t < 1000; t++) {
            int k = t % 10;
            List<U> step = new ArrayList<>();
            if (t >= 10) {
                step.add(u(k, current[k], t, -1));
            }
            current[k] = t;
            step.add(u(k, t, t, 1));
            all.addAll(step);
            spine.insert(batch(t, t + 1, step.toArray(new U[0])));
        }
        pair.handle().setLogicalCompaction(Frontier.at(999));
        assertTrue(spine.snapshot().batches().size() > 1);
        assertTrue(spine.size().records() > 10, "history not yet compacted: " + spine.size().records());
        int calls = 0;
        while (spine.exert(256)) {
            assertTrue(++calls < 1000, "exert converges");
        }
        assertEquals(1, spine.snapshot().batches().size());
        assertEquals(10, spine.size().records(), "one record per live row");
        assertEquals(NaiveTrace.at(all, 999), spine.snapshot().readAt(999));
        assertFalse(spine.exert(256), "nothing left to do");
        spine.insert(batch(1000, 1001, u(3, 5, 1000, 1)));
        assertEquals(NaiveTrace.at(all, 999), spine.snapshot().readAt(999));
    }

    @Test
    void ladderLevelsFollowRecordCounts() {
        assertEquals(0, MergeLadder.levelOf(0));
        assertEquals(0, MergeLadder.levelOf(1));
        assertEquals(1, MergeLadder.levelOf(2));
        assertEquals(2, MergeLadder.levelOf(3));
        assertEquals(10, MergeLadder.levelOf(1024));
        assertEquals(11, MergeLadder.levelOf(1025));
    }

    @Test
    void aLargeBatchIsMergedInSlicesNotAtInsert() {
        TracePair pair = Spine.create();
        Spine spine = pair.writer();
        pair.handle().setPhysicalCompaction(Frontier.EMPTY);
        BatchBuilder b = new BatchBuilder();
        for (int i = 0; i < 50_000; i++) {
            b.push(Row.of(i), Row.EMPTY, 0, 1);
        }
        spine.insert(b.build(Description.of(Frontier.MIN, Frontier.at(1))));
        BatchBuilder b2 = new BatchBuilder();
        for (int i = 0; i < 50_000; i++) {
            b2.push(Row.of(i), Row.EMPTY, 1, 1);
        }
        spine.insert(b2.build(Description.of(Frontier.at(1), Frontier.at(2))));
        assertTrue(spine.hasWork(), "two equal batches start a merge that insert does not finish");
        assertEquals(2, spine.snapshot().batches().size(), "readers see the merge's inputs");
        int slices = 0;
        while (spine.work(10_000)) {
            slices++;
            assertTrue(spine.size().bytes() > 0);
        }
        assertTrue(slices >= 8, "merged in slices: " + slices);
        assertEquals(1, spine.snapshot().batches().size());
        assertEquals(100_000, spine.size().records());
        assertEquals(50_000, spine.snapshot().readAt(1).size());
    }
}
