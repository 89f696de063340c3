package dev.spindle.compute.interactive;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spindle.common.error.ErrorCode;
import dev.spindle.common.error.SpindleException;
import dev.spindle.common.id.GlobalId;
import dev.spindle.common.row.Row;
import dev.spindle.common.time.Frontier;
import dev.spindle.common.update.Update;
import dev.spindle.compute.controller.ComputeController;
import dev.spindle.compute.controller.RuntimeMode;
import dev.spindle.compute.expr.ScalarExpr;
import dev.spindle.compute.operator.arrange.SpineArrangement;
import dev.spindle.compute.peek.PeekRequest;
import dev.spindle.compute.peek.PeekResponse;
import dev.spindle.compute.plan.DataflowDescription;
import dev.spindle.compute.plan.RowSetFinishing;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Every command that can fail answers (issue: the controller as a protocol that always answers):
 * creation futures, dataflows failing later, dropped indexes, deadlines, the slow path below an
 * index's since, one set of books for both drop paths, and compaction without a read policy. Run on
 * both runtime modes.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ControllerAnswersTest {
    static final GlobalId I1 = GlobalId.user(10);
    static final GlobalId I2 = GlobalId.user(11);

    private SplitFixture f;

    private SplitFixture fixture(RuntimeMode mode) {
        f = new SplitFixture(mode, 2);
        return f;
    }

    @AfterEach
    void close() {
        if (f != null) {
            f.close();
        }
    }

    private static SpindleException failure(CompletableFuture<?> future) {
        ExecutionException e = assertThrows(ExecutionException.class, () -> future.get(20, TimeUnit.SECONDS));
        return assertInstanceOf(SpindleException.class, e.getCause());
    }

    private static SpindleException error(CompletableFuture<PeekResponse> future) throws Exception {
        return assertInstanceOf(PeekResponse.Error.class, future.get(20, TimeUnit.SECONDS)).error();
    }

    private static void await(BooleanSupplier condition, String what) throws InterruptedException {
        SplitFixture.await(condition, what);
    }

    @ParameterizedTest
    @EnumSource(RuntimeMode.class)
    void creatingADataflowCompletesOnceEveryWorkerRenderedIt(RuntimeMode mode) throws Exception {
        fixture(mode).write(1, Update.insert(Row.of(1L, 1L), 1));
        long df = f.createIndex(I1, 1);
        f.created.get(20, TimeUnit.SECONDS);
        ComputeController.DataflowInfo info = f.ctl.dataflows().stream().filter(d -> d.id() == df).findFirst().orElseThrow();
        assertTrue(info.operators() > 0, "rendered: " + info);
        assertNull(info.error());
        assertTrue(f.ctl.runtime().stats(df).stream().allMatch(s -> s != null), "on every worker");
    }

    @ParameterizedTest
    @EnumSource(RuntimeMode.class)
    void aRenderFailureFailsTheCreationAndEveryPeekOfItsIndexes(RuntimeMode mode) throws Exception {
        fixture(mode).write(1, Update.insert(Row.of(1L, 1L), 1));
        f.createIndex(I1, 1);
        f.created.get(20, TimeUnit.SECONDS);
        // a re-export whose claim does not hold: I1 arranges t by k, not by v
        DataflowDescription bad = new DataflowDescription("bad", Map.of(),
                Map.of(I1, new DataflowDescription.IndexImport(SplitFixture.T, List.of(ScalarExpr.column(0, SplitFixture.BIGINT)))),
                List.of(), Map.of(I2, DataflowDescription.IndexExport.reexport(SplitFixture.T,
                        List.of(ScalarExpr.column(1, SplitFixture.BIGINT)), I1)), Frontier.at(1));
        CompletableFuture<Void> created = f.ctl.createDataflow(50, bad);
        SpindleException e = failure(created);
        assertTrue(e.getMessage().contains("claims to re-export u10"), e.getMessage());
        assertEquals(e.getMessage(), error(f.peek(I2, 1)).getMessage(), "a peek of its index fails with the same error");
        assertEquals("failed", f.ctl.dataflows().stream().filter(d -> d.id() == 50).findFirst()
                .map(d -> d.error() == null ? "running" : "failed").orElseThrow());
        assertEquals(f.contents(1), f.rows(I1, 1), "the index it imported keeps serving");
    }

    @ParameterizedTest
    @EnumSource(RuntimeMode.class)
    void unusableImportsAndTakenExportIdsFailTheCreationAtOnce(RuntimeMode mode) throws Exception {
        fixture(mode).createIndex(I1, 0);
        f.created.get(20, TimeUnit.SECONDS);
        assertEquals(ErrorCode.INDEX_NOT_FOUND_1, failure(f.ctl.createDataflow(60, reexportOf(GlobalId.user(99), I2))).code());
        f.ctl.dropIndex(I1);
        assertEquals(ErrorCode.INDEX_DROPPED_1, failure(f.ctl.createDataflow(61, reexportOf(I1, I2))).code());
        f.createIndex(I2, 0);
        f.created.get(20, TimeUnit.SECONDS);
        f.createIndex(I2, 0); // the same index id again
        assertEquals(ErrorCode.INDEX_ALREADY_EXISTS_1, failure(f.created).code());
        assertEquals(ErrorCode.INDEX_ALREADY_EXISTS_1, failure(f.ctl.createDataflow(63, reexportOf(I2, I1))).code(),
                "a dropped id is never exported again");
        DataflowDescription noTable = new DataflowDescription("no table", Map.of(GlobalId.user(77), SplitFixture.KV), Map.of(),
                List.of(), Map.of(GlobalId.user(12), new DataflowDescription.IndexExport(GlobalId.user(77),
                        List.of(ScalarExpr.column(0, SplitFixture.BIGINT)))), Frontier.MIN);
        assertEquals(ErrorCode.TABLE_NOT_FOUND_1, failure(f.ctl.createDataflow(62, noTable)).code());
    }

    private static DataflowDescription reexportOf(GlobalId original, GlobalId id) {
        List<ScalarExpr> k = List.of(ScalarExpr.column(0, SplitFixture.BIGINT));
        return new DataflowDescription("re-export", Map.of(), Map.of(original, new DataflowDescription.IndexImport(SplitFixture.T, k)),
                List.of(), Map.of(id, DataflowDescription.IndexExport.reexport(SplitFixture.T, k, original)), Frontier.MIN);
    }

    @ParameterizedTest
    @EnumSource(RuntimeMode.class)
    void aDataflowFailingLaterFailsPendingAndFuturePeeksAndItsDependents(RuntimeMode mode) throws Exception {
        fixture(mode).write(1, Update.insert(Row.of(1L, 1L), 1));
        f.createIndex(I1, 1);
        long reexport = f.createReexport(I2, I1, 1);
        assertEquals(f.contents(1), f.rows(I2, 1));
        CompletableFuture<PeekResponse> pending = f.peek(I1, 5);
        CompletableFuture<PeekResponse> pendingOnDependent = f.peek(I2, 5);
        f.breakInserts = I1; // the next batch I1's arrange operator inserts throws
        f.write(5, Update.insert(Row.of(2L, 2L), 5));
        SpindleException e = error(pending);
        assertEquals(ErrorCode.INTERNAL_ERROR_1, e.code());
        assertTrue(e.getMessage().contains("insert refused"), e.getMessage());
        assertEquals(e.getMessage(), error(pendingOnDependent).getMessage(), "the re-export depends on it");
        assertEquals(e.getMessage(), error(f.peek(I1, 1)).getMessage(), "a later peek fails at once");
        List<ComputeController.DataflowInfo> infos = f.ctl.dataflows();
        assertTrue(infos.stream().allMatch(d -> d.error() != null), "both show as failed: " + infos);
        assertTrue(infos.stream().anyMatch(d -> d.id() == reexport));
        f.ctl.dropIndex(I2);
        f.ctl.dropIndex(I1);
        assertEquals(List.of(), f.ctl.dataflows(), "dropping forgets failed dataflows");
    }

    @ParameterizedTest
    @EnumSource(RuntimeMode.class)
    void anOperatorRunningOutOfMemoryFailsItsDataflowAndTheWorkerKeepsServing(RuntimeMode mode) throws Exception {
        fixture(mode).write(1, Update.insert(Row.of(1L, 1L), 1));
        f.createIndex(I1, 1);
        f.created.get(20, TimeUnit.SECONDS);
        f.createIndex(I2, 1);
        f.created.get(20, TimeUnit.SECONDS);
        CompletableFuture<PeekResponse> pending = f.peek(I1, 5);
        f.breakWithOutOfMemory = true;
        f.breakInserts = I1;
        f.write(5, Update.insert(Row.of(2L, 2L), 5));
        SpindleException e = error(pending);
        assertEquals(ErrorCode.OUT_OF_MEMORY_1, e.code());
        assertEquals("53200", e.sqlState());
        assertTrue(e.getMessage().contains("out of memory"), e.getMessage());
        assertEquals(f.contents(5), f.rows(I2, 5), "the other index, on the same workers, keeps serving");
        f.write(6, Update.insert(Row.of(3L, 3L), 6));
        assertEquals(f.contents(6), f.rows(I2, 6), "and keeps being maintained");
    }

    @ParameterizedTest
    @EnumSource(RuntimeMode.class)
    void peeksOfADroppedIndexFailNamingItWhetherPendingOrLate(RuntimeMode mode) throws Exception {
        fixture(mode).write(1, Update.insert(Row.of(1L, 1L), 1));
        f.createIndex(I1, 1);
        assertEquals(f.contents(1), f.rows(I1, 1));
        CompletableFuture<PeekResponse> pending = f.peek(I1, 9);
        f.ctl.dropIndex(I1);
        SpindleException e = error(pending);
        assertEquals(ErrorCode.INDEX_DROPPED_1, e.code());
        assertEquals("42704", e.sqlState());
        assertEquals("index \"u10\" was dropped", e.getMessage());
        assertEquals(ErrorCode.INDEX_DROPPED_1, error(f.peek(I1, 1)).code());
        assertEquals(0, f.ctl.pendingPeeks());
        assertEquals(ErrorCode.INDEX_NOT_FOUND_1, assertThrows(SpindleException.class, () -> f.ctl.dropIndex(I1)).code());
    }

    @ParameterizedTest
    @EnumSource(RuntimeMode.class)
    void aPeekOfAnIdNotCreatedYetWaitsUntilItsDeadline(RuntimeMode mode) throws Exception {
        fixture(mode);
        CompletableFuture<PeekResponse> late = f.ctl.peek(new PeekRequest(UUID.randomUUID(), I1, 1, null, null,
                RowSetFinishing.none()), Duration.ofMillis(20));
        SpindleException e = error(late);
        assertEquals(ErrorCode.STATEMENT_TIMEOUT_0, e.code());
        assertEquals("57014", e.sqlState());
        assertEquals(0, f.ctl.pendingPeeks());
        // ... and one with a generous deadline is answered once the index appears
        CompletableFuture<PeekResponse> early = f.ctl.peek(new PeekRequest(UUID.randomUUID(), I1, 1, null, null,
                RowSetFinishing.none()), Duration.ofSeconds(30));
        f.write(1, Update.insert(Row.of(1L, 1L), 1));
        f.createIndex(I1, 1);
        assertEquals(f.contents(1), assertInstanceOf(PeekResponse.Rows.class, early.get(20, TimeUnit.SECONDS)).rows());
    }

    @ParameterizedTest
    @EnumSource(RuntimeMode.class)
    void aSlowPathPeekBelowTheSinceReturnsTheSinceErrorAndIsTornDown(RuntimeMode mode) throws Exception {
        fixture(mode);
        for (long t = 1; t <= 6; t++) {
            f.write(t, Update.insert(Row.of(t % 3, t), t));
        }
        f.createIndex(I1, 0);
        f.created.get(20, TimeUnit.SECONDS);
        f.ctl.allowCompaction(I1, Frontier.at(5));
        f.write(7, Update.insert(Row.of(0L, 7L), 7));
        await(() -> f.arrangements.get(I1 + ".oks").stream().allMatch(a -> a.trace().since().equals(Frontier.at(5))),
                "compaction to 5");
        int before = f.ctl.liveDataflows().size();
        SpindleException e = error(f.countPerKeySlowPath(I1, 2));
        assertEquals(ErrorCode.COMPACTION_FRONTIER_BEYOND_READ_2, e.code());
        assertEquals(before, f.ctl.liveDataflows().size(), "the transient dataflow was dropped");
        assertEquals(f.countPerKey(7), assertInstanceOf(PeekResponse.Rows.class,
                f.countPerKeySlowPath(I1, 7).get(20, TimeUnit.SECONDS)).rows(), "and the next slow path works");
    }

    @ParameterizedTest
    @EnumSource(RuntimeMode.class)
    void dropDataflowAndDropIndexKeepOneSetOfBooks(RuntimeMode mode) throws Exception {
        fixture(mode).write(1, Update.insert(Row.of(1L, 1L), 1));
        long original = f.createIndex(I1, 1);
        long reexport = f.createReexport(I2, I1, 1);
        assertEquals(f.contents(1), f.rows(I2, 1));
        f.ctl.dropDataflow(original); // drops I1; the dataflow stays for the re-export that reads it
        assertEquals(ErrorCode.INDEX_DROPPED_1, error(f.peek(I1, 1)).code());
        assertEquals(ErrorCode.INDEX_NOT_FOUND_1, assertThrows(SpindleException.class, () -> f.ctl.dropIndex(I1)).code());
        assertTrue(f.ctl.liveDataflows().contains(original));
        f.write(2, Update.insert(Row.of(2L, 2L), 2));
        assertEquals(f.contents(2), f.rows(I2, 2));
        f.ctl.dropIndex(I2);
        assertEquals(java.util.Set.of(), f.ctl.liveDataflows(), "both gone: " + reexport + " and the original it kept alive");
        await(() -> f.arrangements.get(I1 + ".oks").stream().allMatch(a -> a.trace().isDropped()), "arrangements dropped");
    }

    @ParameterizedTest
    @EnumSource(RuntimeMode.class)
    void anIndexNobodyAllowsToCompactStillMergesItsBatches(RuntimeMode mode) throws Exception {
        fixture(mode).createIndex(I1, 0);
        for (long t = 1; t <= 256; t++) {
            f.write(t, Update.insert(Row.of(t, t), t));
            // each write is sealed into the index before the next: one batch per time
            assertEquals(List.of(Row.of(t, t)), assertInstanceOf(PeekResponse.Rows.class, f.ctl.peek(
                    new PeekRequest(UUID.randomUUID(), I1, t, Row.of(t), null, RowSetFinishing.none())).get(20, TimeUnit.SECONDS)).rows());
        }
        for (SpineArrangement a : f.arrangements.get(I1 + ".oks")) {
            // a geometric spine over 256 unmerged single-batch seals would hold ~128 per worker
            await(() -> a.size().batches() <= 16, "merged: " + a.size());
        }
        assertEquals(f.contents(3), f.rows(I1, 3), "history is kept: nobody allowed logical compaction");
    }

    @ParameterizedTest
    @EnumSource(RuntimeMode.class)
    void droppedIndexesLeaveNothingRememberedOnAnyWorker(RuntimeMode mode) throws Exception {
        fixture(mode).write(1, Update.insert(Row.of(1L, 1L), 1));
        List<GlobalId> ids = new java.util.ArrayList<>();
        for (int i = 0; i < 20; i++) {
            GlobalId id = GlobalId.user(100 + i);
            f.createIndex(id, 1);
            f.ctl.allowCompaction(id, Frontier.at(1));
            assertEquals(f.contents(1), f.rows(id, 1));
            ids.add(id);
        }
        if (mode == RuntimeMode.SPLIT) {
            assertEquals(List.of(0, 0), remembered(f.ctl.interactive()),
                    "interactive workers remember no compaction for indexes they do not export");
        }
        for (GlobalId id : ids) {
            f.ctl.dropIndex(id);
        }
        for (dev.spindle.compute.runtime.ComputeRuntime rt : List.of(f.ctl.runtime(), f.ctl.interactive())) {
            assertEquals(List.of(0, 0), remembered(rt), rt.name() + ": nothing remembered for dropped indexes");
        }
    }

    /** How many compactions each worker of {@code rt} remembers. */
    private static List<Integer> remembered(dev.spindle.compute.runtime.ComputeRuntime rt) throws InterruptedException {
        Integer[] out = new Integer[rt.workers()];
        java.util.concurrent.CountDownLatch done = new java.util.concurrent.CountDownLatch(rt.workers());
        rt.broadcast(new dev.spindle.compute.runtime.WorkerCommand.RunOnWorker(w -> {
            out[w.index()] = w.traces().rememberedCompactions();
            done.countDown();
        }));
        assertTrue(done.await(20, TimeUnit.SECONDS));
        return List.of(out);
    }
}
