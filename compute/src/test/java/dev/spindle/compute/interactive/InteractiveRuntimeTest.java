package dev.spindle.compute.interactive;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spindle.common.error.ErrorCode;
import dev.spindle.common.error.SpindleException;
import dev.spindle.common.id.GlobalId;
import dev.spindle.common.row.Row;
import dev.spindle.common.time.Frontier;
import dev.spindle.common.update.Update;
import dev.spindle.compute.controller.RuntimeMode;
import dev.spindle.compute.operator.arrange.SpineArrangement;
import dev.spindle.compute.expr.Mfp;
import dev.spindle.compute.expr.ScalarExpr;
import dev.spindle.compute.expr.func.BinaryFunc;
import dev.spindle.compute.peek.PeekRequest;
import dev.spindle.compute.peek.PeekResponse;
import dev.spindle.compute.plan.RowSetFinishing;
import dev.spindle.compute.runtime.WorkerCommand;
import java.util.UUID;
import dev.spindle.compute.runtime.ComputeRuntime;
import dev.spindle.compute.sharing.ComputeRuntimeRole;
import dev.spindle.compute.runtime.DataflowStats;
import dev.spindle.compute.sharing.ArrangementSharingRegistry;
import dev.spindle.compute.sharing.PointReader;
import dev.spindle.compute.sharing.PublicationPoint;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The interactive runtime end to end (split: maintenance + interactive, W = 2): DESIGN §5
 * invariants at the runtime level and the review scenarios of the seed.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class InteractiveRuntimeTest {
    static final GlobalId I1 = GlobalId.user(10);
    static final GlobalId I2 = GlobalId.user(11);

    private final SplitFixture f = new SplitFixture(RuntimeMode.SPLIT, 2);

    @AfterEach
    void close() {
        f.close();
    }

    private static void await(BooleanSupplier condition, String what) throws InterruptedException {
        SplitFixture.await(condition, what);
    }

    private List<PublicationPoint> points(GlobalId id) {
        List<PublicationPoint> out = new ArrayList<>();
        for (ArrangementSharingRegistry r : f.ctl.runtime().registries()) {
            r.get(id).ifPresent(out::add);
        }
        return out;
    }

    @Test
    void rolesAndRegistriesArePairedByOrdinal() {
        ComputeRuntime m = f.ctl.runtime();
        ComputeRuntime i = f.ctl.interactive();
        assertEquals(ComputeRuntimeRole.MAINTENANCE, m.role());
        assertEquals(ComputeRuntimeRole.INTERACTIVE, i.role());
        assertTrue(m.role().publishesIndexes());
        assertFalse(i.role().publishesIndexes());
        assertFalse(ComputeRuntimeRole.SOLO.publishesIndexes());
        assertEquals(m.workers(), i.workers());
        assertSame(m.registries(), i.registries());
    }

    @Test
    void invariant01_reexportRenderedAfterAReaderBoundItsIdFillsThePlaceholder() throws Exception {
        f.write(1, Update.insert(Row.of(1L, 5L), 1), Update.insert(Row.of(2L, 7L), 1));
        f.createIndex(I1, 1);
        assertEquals(f.contents(1), f.rows(I1, 1));
        CompletableFuture<PeekResponse> early = f.peek(I2, 1); // binds I2 before it exists
        await(() -> points(I2).size() == 2, "placeholders on every ordinal");
        List<PublicationPoint> placeholders = points(I2);
        assertTrue(placeholders.stream().noneMatch(PublicationPoint::isBacked));
        assertThrows(TimeoutException.class, () -> early.get(100, TimeUnit.MILLISECONDS));
        f.createReexport(I2, I1, 1);
        assertEquals(f.contents(1), ((PeekResponse.Rows) early.get(20, TimeUnit.SECONDS)).rows());
        assertEquals(placeholders, points(I2), "the same point objects were backed in place");
        assertTrue(points(I2).stream().allMatch(PublicationPoint::isBacked));
    }

    @Test
    void invariant02_twoIdsOnOneTraceCompactIndependentlyAndReadAtTheSlower() throws Exception {
        f.createIndex(I1, 0);
        f.createReexport(I2, I1, 0);
        for (long t = 1; t <= 30; t++) {
            f.write(t, Update.insert(Row.of(t % 3, t), t));
        }
        assertEquals(f.contents(30), f.rows(I1, 30));
        f.ctl.allowCompaction(I1, Frontier.at(20));
        f.ctl.allowCompaction(I2, Frontier.at(10));
        f.write(31, Update.insert(Row.of(0L, 31L), 31));
        assertEquals(f.contents(31), f.rows(I1, 31));
        for (SpineArrangement a : f.arrangements.get(I1 + ".oks")) {
            assertTrue(a.trace().since().lessEqual(Frontier.at(10)), "since " + a.trace().since());
        }
        assertEquals(f.contents(12), f.rows(I2, 12), "read at the slower id's frontier");
        f.ctl.allowCompaction(I2, Frontier.at(25));
        f.write(32, Update.insert(Row.of(0L, 32L), 32));
        await(() -> f.arrangements.get(I1 + ".oks").stream().allMatch(a -> a.trace().since().equals(Frontier.at(20))),
                "the trace compacts to the meet, 20");
        PeekResponse refused = f.peek(I2, 12).get(20, TimeUnit.SECONDS);
        assertEquals(ErrorCode.COMPACTION_FRONTIER_BEYOND_READ_2, assertInstanceOf(PeekResponse.Error.class, refused).error().code());
    }

    @Test
    void invariant03_reexportBuildsNoOperatorsWithPlaceholdersOnSomeWorkersOnly() throws Exception {
        f.write(1, Update.insert(Row.of(1L, 1L), 1));
        f.createIndex(I1, 1);
        assertEquals(f.contents(1), f.rows(I1, 1));
        // only ordinal 0's reader has bound I2
        PointReader bound = f.ctl.runtime().registries().get(0).getOrCreate(I2).openReader(Frontier.at(1));
        long df = f.createReexport(I2, I1, 1);
        assertEquals(f.contents(1), f.rows(I2, 1));
        await(() -> f.ctl.runtime().stats(df).stream().allMatch(s -> s != null), "every worker built it");
        List<DataflowStats> stats = f.ctl.runtime().stats(df);
        assertEquals(2, stats.size());
        for (DataflowStats s : stats) {
            assertNotNull(s);
            assertEquals(new DataflowStats(List.of(), 0), s, "a re-export has no operators and no channels on any worker");
        }
        assertTrue(bound.isBound());
        bound.close();
        // the original's dataflow is identical on both workers too
        List<DataflowStats> original = f.ctl.runtime().stats(df - 1);
        assertEquals(original.get(0), original.get(1));
    }

    @Test
    void invariant04_droppedReexportDetachesWhileTheOriginalKeepsReceivingUpdates() throws Exception {
        f.createIndex(I1, 0);
        f.createReexport(I2, I1, 0);
        f.write(1, Update.insert(Row.of(1L, 1L), 1));
        assertEquals(f.contents(1), f.rows(I2, 1));
        List<PublicationPoint> reexportPoints = points(I2);
        assertEquals(2, reexportPoints.size());
        int handlesBefore = f.arrangements.get(I1 + ".oks").get(0).trace().liveHandles();
        f.ctl.dropIndex(I2);
        await(() -> reexportPoints.stream().allMatch(PublicationPoint::isDetached), "detached re-export points");
        assertTrue(points(I2).isEmpty(), "slots removed");
        await(() -> f.arrangements.get(I1 + ".oks").get(0).trace().liveHandles() < handlesBefore, "holds released");
        f.write(2, Update.insert(Row.of(2L, 2L), 2));
        assertEquals(f.contents(2), f.rows(I1, 2), "the original keeps receiving updates");
    }

    @Test
    void invariant05_sealGateThenSinceGate() throws Exception {
        f.createIndex(I1, 0);
        f.write(1, Update.insert(Row.of(1L, 1L), 1));
        CompletableFuture<PeekResponse> future = f.peek(I1, 5);
        assertThrows(TimeoutException.class, () -> future.get(200, TimeUnit.MILLISECONDS), "waits, no error");
        f.write(5, Update.insert(Row.of(5L, 5L), 5));
        assertEquals(f.contents(5), ((PeekResponse.Rows) future.get(20, TimeUnit.SECONDS)).rows());
        f.ctl.allowCompaction(I1, Frontier.at(5));
        f.write(6, Update.insert(Row.of(6L, 6L), 6));
        await(() -> f.arrangements.get(I1 + ".oks").stream().allMatch(a -> a.trace().since().equals(Frontier.at(5))),
                "compaction to 5");
        PeekResponse r = f.peek(I1, 3).get(20, TimeUnit.SECONDS);
        SpindleException e = assertInstanceOf(PeekResponse.Error.class, r).error();
        assertEquals("Arrangement compaction frontier ({5}) is beyond the time of the attempted read (3)"
                .replace("{5}", "5"), e.getMessage().replace("{5}", "5"));
    }

    @Test
    void invariant06_errorsBeforeRows() throws Exception {
        f.write(1, Update.insert(Row.of(1L, 4L), 1), Update.insert(Row.of(2L, 0L), 1));
        f.createDividingIndex(I1, 1);
        PeekResponse r = f.peek(I1, 1).get(20, TimeUnit.SECONDS);
        assertEquals("22012", assertInstanceOf(PeekResponse.Error.class, r).error().sqlState());
        f.write(2, Update.delete(Row.of(2L, 0L), 2));
        assertEquals(List.of(Row.of(1L, 25L)), f.rows(I1, 2));
    }

    @Test
    void invariant08_readersAttachingWhileTheWriterPublishesSeeEveryBatchOnce() throws Exception {
        f.createIndex(I1, 0);
        List<CompletableFuture<PeekResponse>> peeks = new ArrayList<>();
        for (long t = 1; t <= 200; t++) {
            f.write(t, Update.insert(Row.of(t % 7, t), t), Update.insert(Row.of(t % 5, -t), t));
            peeks.add(f.peek(I1, t));
        }
        for (int i = 0; i < peeks.size(); i++) {
            long t = i + 1;
            assertEquals(f.contents(t), ((PeekResponse.Rows) peeks.get(i).get(20, TimeUnit.SECONDS)).rows(), "at " + t);
        }
    }

    @Test
    void invariant11_dropReleasesHoldsSlotsAndPublication() throws Exception {
        f.write(1, Update.insert(Row.of(1L, 1L), 1));
        long df = f.createIndex(I1, 1);
        assertEquals(f.contents(1), f.rows(I1, 1));
        List<PublicationPoint> published = points(I1);
        assertEquals(2, published.size());
        f.ctl.dropIndex(I1);
        await(() -> published.stream().allMatch(PublicationPoint::isDetached), "publication ended");
        assertTrue(points(I1).isEmpty());
        await(() -> f.arrangements.get(I1 + ".oks").stream().allMatch(a -> a.trace().isDropped()), "arrangements dropped");
        assertFalse(f.ctl.liveDataflows().contains(df));
        assertEquals(0, f.table.openSubscriptions());
    }

    @Test
    void invariant13_droppingTheOriginalKeepsTheReexportServing() throws Exception {
        f.write(1, Update.insert(Row.of(1L, 1L), 1));
        long original = f.createIndex(I1, 1);
        f.createReexport(I2, I1, 1);
        assertEquals(f.contents(1), f.rows(I2, 1));
        f.ctl.dropIndex(I1);
        assertTrue(f.ctl.liveDataflows().contains(original), "kept alive for the re-export");
        await(() -> points(I1).isEmpty(), "the original's publication ended");
        f.write(2, Update.insert(Row.of(1L, 2L), 2));
        assertEquals(f.contents(2), f.rows(I2, 2), "answered by i2, with i1's arrangement still maintained");
        f.ctl.dropIndex(I2);
        assertFalse(f.ctl.liveDataflows().contains(original), "dropped with its last dependent");
    }

    @Test
    void aReadBeforeTheIndexAsOfIsRefusedNotAnsweredWrongly() throws Exception {
        for (long t = 1; t <= 5; t++) {
            f.write(t, Update.insert(Row.of(t, t), t));
        }
        f.createIndex(I1, 5);
        assertEquals(f.contents(5), f.rows(I1, 5));
        PeekResponse r = f.peek(I1, 3).get(20, TimeUnit.SECONDS);
        assertEquals(ErrorCode.COMPACTION_FRONTIER_BEYOND_READ_2, assertInstanceOf(PeekResponse.Error.class, r).error().code());
    }

    @Test
    void slowPathImportsTheSharedArrangementComputesAndIsTornDown() throws Exception {
        for (long t = 1; t <= 6; t++) {
            f.write(t, Update.insert(Row.of(t % 3, t), t));
        }
        f.createIndex(I1, 0);
        PeekResponse r = f.countPerKeySlowPath(I1, 6).get(20, TimeUnit.SECONDS);
        assertEquals(f.countPerKey(6), assertInstanceOf(PeekResponse.Rows.class, r).rows());
        await(() -> f.ctl.interactive().stats(100).stream().allMatch(s -> s == null)
                && f.ctl.liveDataflows().size() == 1, "the transient dataflow is torn down");
        int handles = f.arrangements.get(I1 + ".oks").get(0).trace().liveHandles();
        f.write(7, Update.insert(Row.of(0L, 7L), 7));
        assertEquals(f.countPerKey(7), ((PeekResponse.Rows) f.countPerKeySlowPath(I1, 7).get(20, TimeUnit.SECONDS)).rows());
        await(() -> f.arrangements.get(I1 + ".oks").get(0).trace().liveHandles() <= handles,
                "the transient import released its holds");
    }

    @Test
    void slowPathBindsPlaceholdersAndBuildsTheSameOperatorsOnEveryWorker() throws Exception {
        for (long t = 1; t <= 4; t++) {
            f.write(t, Update.insert(Row.of(t % 2, t), t));
        }
        // ordinal 0 already has a placeholder for I1, ordinal 1 has nothing
        PointReader early = f.ctl.runtime().registries().get(0).getOrCreate(I1).openReader(Frontier.at(4));
        CompletableFuture<PeekResponse> pending = f.countPerKeySlowPath(I1, 4);
        await(() -> f.ctl.interactive().stats(100).stream().allMatch(s -> s != null), "rendered before publication");
        List<DataflowStats> stats = f.ctl.interactive().stats(100);
        assertEquals(stats.get(0), stats.get(1), "identical graphs whatever each registry held");
        assertThrows(TimeoutException.class, () -> pending.get(200, TimeUnit.MILLISECONDS));
        f.createIndex(I1, 0);
        assertEquals(f.countPerKey(4), assertInstanceOf(PeekResponse.Rows.class, pending.get(20, TimeUnit.SECONDS)).rows());
        early.close();
    }

    @Test
    void aPeekOnAnIdNeverPublishedWaitsUntilCancelledAndBlocksNoOtherPeek() throws Exception {
        f.write(1, Update.insert(Row.of(1L, 1L), 1));
        f.createIndex(I1, 1);
        java.util.UUID uuid = java.util.UUID.randomUUID();
        CompletableFuture<PeekResponse> never = f.ctl.peek(new dev.spindle.compute.peek.PeekRequest(uuid,
                GlobalId.user(99), 1, null, null, dev.spindle.compute.plan.RowSetFinishing.none()));
        assertEquals(f.contents(1), f.rows(I1, 1));
        assertFalse(never.isDone());
        f.ctl.cancel(uuid);
        assertInstanceOf(PeekResponse.Canceled.class, never.get(1, TimeUnit.SECONDS));
    }

    @Test
    void invariant05_aPointPeekBelowTheSinceIsRefusedNotRaisedToTheSince() throws Exception {
        f.createIndex(I1, 0);
        for (long t = 1; t <= 6; t++) {
            f.write(t, Update.insert(Row.of(1L, t), t));
        }
        assertEquals(f.contents(6), f.rows(I1, 6));
        f.ctl.allowCompaction(I1, Frontier.at(5));
        f.write(7, Update.insert(Row.of(1L, 7L), 7));
        await(() -> f.arrangements.get(I1 + ".oks").stream().allMatch(a -> a.trace().since().equals(Frontier.at(5))),
                "compaction to 5");
        for (long t = 1; t < 5; t++) {
            PeekResponse r = f.ctl.peek(new PeekRequest(UUID.randomUUID(), I1, t, Row.of(1L), null, RowSetFinishing.none()))
                    .get(20, TimeUnit.SECONDS);
            assertEquals(ErrorCode.COMPACTION_FRONTIER_BEYOND_READ_2,
                    assertInstanceOf(PeekResponse.Error.class, r, "point peek at " + t).error().code());
        }
        PeekResponse atSince = f.ctl.peek(new PeekRequest(UUID.randomUUID(), I1, 5, Row.of(1L), null, RowSetFinishing.none()))
                .get(20, TimeUnit.SECONDS);
        assertEquals(f.contents(5), assertInstanceOf(PeekResponse.Rows.class, atSince).rows());
    }

    @Test
    void invariant06_anErrorOnAnyWorkerWinsOverTheOtherWorkersRows() throws Exception {
        List<Update> rows = new ArrayList<>();
        for (long k = 0; k < 8; k++) {
            rows.add(Update.insert(Row.of(k, k), 1));
        }
        f.write(1, rows.toArray(new Update[0]));
        f.createIndex(I1, 1);
        assertEquals(f.contents(1), f.rows(I1, 1));
        ScalarExpr k = ScalarExpr.column(0, SplitFixture.BIGINT);
        // SELECT 100 / (k - c) FROM t: one row (k = c) divides by zero, on whichever worker holds key c;
        // over c = 0..7 both workers hold the failing row at least once
        for (long c = 0; c < 8; c++) {
            Mfp divide = new Mfp(2, List.of(ScalarExpr.call(BinaryFunc.DIV, ScalarExpr.literal(100L, SplitFixture.BIGINT),
                    ScalarExpr.call(BinaryFunc.SUB, k, ScalarExpr.literal(c, SplitFixture.BIGINT)))), List.of(), new int[] {2});
            PeekResponse r = f.ctl.peek(new PeekRequest(UUID.randomUUID(), I1, 1, null, divide, RowSetFinishing.none()))
                    .get(20, TimeUnit.SECONDS);
            assertEquals("22012", assertInstanceOf(PeekResponse.Error.class, r, "with c = " + c).error().sqlState());
        }
    }

    @Test
    void invariant08_aSlowPathImportSeesEveryBatchOnceWhileTheWriterPublishes() throws Exception {
        f.createIndex(I1, 0);
        long t = 0;
        for (int round = 0; round < 10; round++) {
            // a transient import at t + 4 binds while only times before t + 1 are sealed; each of the
            // next writes is sealed (the fast path waits for it) before the next one, so the import
            // reads a snapshot and then batch after batch. Grouping by v (not the index key)
            // counts every update the import emits.
            long at = t + 4;
            CompletableFuture<PeekResponse> slow = f.countPerColumnSlowPath(I1, at, 1);
            for (int i = 0; i < 4; i++) {
                t++;
                f.write(t, Update.insert(Row.of(t % 3, t % 4), t), Update.insert(Row.of(t % 2, t % 5), t));
                assertEquals(f.contents(t), f.rows(I1, t));
            }
            assertEquals(f.countPerColumn(at, 1), assertInstanceOf(PeekResponse.Rows.class, slow.get(20, TimeUnit.SECONDS),
                    "at " + at).rows(), "at " + at);
        }
    }

    @Test
    void invariant10_interactiveWorkerIReadsRegistryI() throws Exception {
        int workers = f.ctl.interactive().workers();
        java.util.concurrent.ConcurrentMap<Integer, ArrangementSharingRegistry> seen = new java.util.concurrent.ConcurrentHashMap<>();
        java.util.concurrent.CountDownLatch done = new java.util.concurrent.CountDownLatch(workers * 2);
        for (ComputeRuntime rt : List.of(f.ctl.runtime(), f.ctl.interactive())) {
            rt.broadcast(new WorkerCommand.RunOnWorker(w -> {
                seen.merge(w.index() + (rt == f.ctl.runtime() ? 0 : 100), w.registry(), (a, b) -> a);
                done.countDown();
            }));
        }
        assertTrue(done.await(20, TimeUnit.SECONDS));
        for (int i = 0; i < workers; i++) {
            assertSame(f.ctl.runtime().registries().get(i), seen.get(i), "maintenance worker " + i);
            assertSame(f.ctl.runtime().registries().get(i), seen.get(100 + i), "interactive worker " + i);
            assertEquals(i, seen.get(100 + i).ordinal());
        }
        // and behaviourally: a peek is answered from every ordinal's point with each worker's own part
        f.write(1, Update.insert(Row.of(1L, 1L), 1), Update.insert(Row.of(2L, 2L), 1), Update.insert(Row.of(3L, 3L), 1));
        f.createIndex(I1, 1);
        assertEquals(f.contents(1), f.rows(I1, 1));
    }
    @Test
    void theReportedSinceFollowsAHoldReleasedOnAnotherThreadWithoutFurtherWrites() throws Exception {
        f.createIndex(I1, 0);
        for (long t = 1; t <= 10; t++) {
            f.write(t, Update.insert(Row.of(t % 3, t), t));
        }
        assertEquals(f.contents(10), f.rows(I1, 10));
        List<PointReader> readers = new ArrayList<>();
        for (ArrangementSharingRegistry r : f.ctl.runtime().registries()) {
            readers.add(r.openReader(I1, Frontier.at(2))); // a reader on this thread holds every ordinal at 2
        }
        f.ctl.allowCompaction(I1, Frontier.at(9));
        await(() -> f.ctl.since(I1).equals(Frontier.at(2)), "the since reported at the reader's hold");
        for (PointReader r : readers) {
            r.close(); // on this thread: nothing is written or commanded afterwards to wake the workers
        }
        await(() -> f.ctl.since(I1).equals(Frontier.at(9)), "the since reported at the allowed compaction");
    }
}
