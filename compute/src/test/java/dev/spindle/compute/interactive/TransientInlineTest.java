package dev.spindle.compute.interactive;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
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
import dev.spindle.compute.expr.Mfp;
import dev.spindle.compute.expr.ScalarExpr;
import dev.spindle.compute.expr.func.BinaryFunc;
import dev.spindle.compute.peek.PeekRequest;
import dev.spindle.compute.peek.PeekResponse;
import dev.spindle.compute.plan.Aggregate;
import dev.spindle.compute.plan.DataflowDescription;
import dev.spindle.compute.plan.Plan;
import dev.spindle.compute.plan.RowSetFinishing;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The slow path evaluated in the caller's thread ({@code ComputeController.tryPeekTransientInline}):
 * answered as the workers answer when every input is sealed at the time; left to the workers when
 * a table or an index is not sealed yet, compacted past the time or not published; a dropped or
 * failed index answers its error; errors before rows; a checkpoint that throws stops the
 * evaluation; every reader hold and subscription released.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class TransientInlineTest {
    static final GlobalId I1 = GlobalId.user(10);
    static final GlobalId DIV = GlobalId.user(11);
    static final ScalarExpr K = ScalarExpr.column(0, SplitFixture.BIGINT);

    private SplitFixture f;
    private long nextDataflow = 500;

    @AfterEach
    void close() {
        if (f != null) {
            f.close();
        }
    }

    /** A transient dataflow over {@code plan}: reading table T itself, or T through index {@code index}. */
    private DataflowDescription transientOver(Plan plan, GlobalId index, long t, GlobalId out) {
        GlobalId view = GlobalId.transientId(out.value() + 1);
        return new DataflowDescription("peek", index == null ? Map.of(SplitFixture.T, SplitFixture.KV) : Map.of(),
                index == null ? Map.of() : Map.of(index, new DataflowDescription.IndexImport(SplitFixture.T, List.of(K))),
                List.of(new DataflowDescription.BuildDesc(view, plan)),
                Map.of(out, new DataflowDescription.IndexExport(view, List.of(K))), Frontier.at(t));
    }

    /** {@code SELECT v, count(*) FROM t GROUP BY v}. */
    private static Plan countPerValue() {
        return new Plan.Reduce(new Plan.Get(SplitFixture.T), new int[] {1}, List.of(Aggregate.countRows()));
    }

    private static PeekRequest scan(GlobalId out, long t) {
        return new PeekRequest(UUID.randomUUID(), out, t, null, null, RowSetFinishing.none());
    }

    private PeekResponse inline(Plan plan, GlobalId index, long t) {
        GlobalId out = GlobalId.transientId(nextDataflow++ * 10);
        return f.ctl.tryPeekTransientInline(transientOver(plan, index, t, out), scan(out, t), () -> { });
    }

    private PeekResponse onWorkers(Plan plan, GlobalId index, long t) throws Exception {
        return workersFuture(plan, index, t).get(20, TimeUnit.SECONDS);
    }

    private CompletableFuture<PeekResponse> workersFuture(Plan plan, GlobalId index, long t) {
        long df = nextDataflow++;
        GlobalId out = GlobalId.transientId(df * 10);
        return f.ctl.peekTransient(df, transientOver(plan, index, t, out), scan(out, t));
    }

    private static List<Row> rows(PeekResponse r) {
        assertNotNull(r, "answered");
        if (r instanceof PeekResponse.Error) {
            throw ((PeekResponse.Error) r).error();
        }
        return assertInstanceOf(PeekResponse.Rows.class, r).rows();
    }

    private void awaitSealed(GlobalId index, long t) throws InterruptedException {
        SplitFixture.await(() -> f.ctl.upper(index).isSealed(t), index + " sealed at " + t);
    }

    /** Every hold an inline read took is released (the workers' transient dataflows let go of theirs when dropped). */
    private void assertNoReaders(GlobalId index, int workers) throws InterruptedException {
        for (int w = 0; w < workers; w++) {
            var point = f.ctl.interactive().registries().get(w).get(index).orElseThrow();
            SplitFixture.await(() -> point.readers() == 0, "no reader of " + index + " left");
        }
    }

    @org.junit.jupiter.api.Test
    void aSubtreeSharedByItsParentsIsEvaluatedOnce() throws Exception {
        f = new SplitFixture(RuntimeMode.SPLIT, 1);
        List<Update> rows = new ArrayList<>();
        List<Row> expected = new ArrayList<>();
        for (long k = 0; k < 40; k++) {
            rows.add(Update.insert(Row.of(k, k % 7), 1));
            expected.add(Row.of(k, k % 7));
        }
        f.write(1, rows.toArray(new Update[0]));
        // each level reads the one below twice, as an outer join reads its left side: 2^40
        // evaluations of the table if every occurrence were evaluated again (past the work limit,
        // so the read would be left to the workers), 41 if each plan object is evaluated once
        Plan p = new Plan.Get(SplitFixture.T);
        for (int level = 0; level < 40; level++) {
            p = new Plan.Distinct(new Plan.Union(List.of(p, p)));
        }
        List<Row> got = new ArrayList<>(rows(inline(p, null, 1)));
        got.sort(null);
        assertEquals(expected, got);
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2})
    void aSealedReadIsAnsweredInlineAsTheWorkersAnswerIt(int workers) throws Exception {
        f = new SplitFixture(RuntimeMode.SPLIT, workers);
        List<Update> rows = new ArrayList<>();
        for (long k = 0; k < 40; k++) {
            rows.add(Update.insert(Row.of(k, k % 7), 1));
        }
        f.write(1, rows.toArray(new Update[0]));
        f.createIndex(I1, 1);
        f.write(3, Update.delete(Row.of(5L, 5L), 3), Update.insert(Row.of(50L, 1L), 2));
        awaitSealed(I1, 3);
        Plan selfJoin = new Plan.Join(new Plan.Get(SplitFixture.T), new Plan.Get(SplitFixture.T), new int[] {1}, new int[] {1});
        for (long t = 1; t <= 3; t++) {
            for (Plan p : List.of(countPerValue(), selfJoin)) {
                assertEquals(rows(onWorkers(p, I1, t)), rows(inline(p, I1, t)), "through the index at " + t);
                assertEquals(rows(onWorkers(p, null, t)), rows(inline(p, null, t)), "from the table at " + t);
            }
            assertEquals(f.countPerColumn(t, 1), rows(inline(countPerValue(), I1, t)));
        }
        assertNoReaders(I1, workers);
        SplitFixture.await(() -> f.table.openSubscriptions() == f.ctl.runtime().workers(),
                "only the index dataflow's subscriptions left open (one per maintenance worker)");
        assertTrue(f.ctl.peekDurations()[0] + f.ctl.peekDurations()[1] + f.ctl.peekDurations()[2] > 0,
                "inline reads count in the peek durations");
    }

    @Test
    void aTimeNotSealedYetIsLeftToTheWorkersWhichWaitForIt() throws Exception {
        f = new SplitFixture(RuntimeMode.SPLIT, 2);
        f.write(1, Update.insert(Row.of(1L, 1L), 1));
        f.createIndex(I1, 1);
        awaitSealed(I1, 1);
        assertNull(inline(countPerValue(), null, 5), "the table is not sealed at 5");
        assertNull(inline(countPerValue(), I1, 5), "the index is not sealed at 5");
        assertNull(inline(countPerValue(), GlobalId.user(99), 1), "an index not published is left to the workers");
        CompletableFuture<PeekResponse> pending = workersFuture(countPerValue(), I1, 5);
        f.write(5, Update.insert(Row.of(2L, 1L), 5));
        assertEquals(List.of(Row.of(1L, 2L)), rows(pending.get(20, TimeUnit.SECONDS)));
        awaitSealed(I1, 5);
        assertEquals(List.of(Row.of(1L, 2L)), rows(inline(countPerValue(), I1, 5)));
        assertEquals(List.of(Row.of(1L, 2L)), rows(inline(countPerValue(), null, 5)));
        assertNoReaders(I1, 2);
    }

    @Test
    void aTimeCompactedAwayIsLeftToTheDataflowAndDroppedOrFailedIndexesAnswerTheirError() throws Exception {
        f = new SplitFixture(RuntimeMode.SPLIT, 1);
        f.write(1, Update.insert(Row.of(1L, 1L), 1));
        f.createIndex(I1, 1);
        f.write(6, Update.insert(Row.of(1L, 2L), 6));
        awaitSealed(I1, 6);
        f.table.compact(Frontier.at(4));
        assertNull(inline(countPerValue(), null, 2), "the table compacted past 2");
        SpindleException tableError = assertInstanceOf(PeekResponse.Error.class, onWorkers(countPerValue(), null, 2)).error();
        assertEquals(ErrorCode.READ_BEFORE_SINCE_3, tableError.code(), "the dataflow's own answer");

        f.ctl.allowCompaction(I1, Frontier.at(5));
        SplitFixture.await(() -> f.ctl.interactive().registries().get(0).get(I1).orElseThrow().since().equals(Frontier.at(5)),
                "the point's since at 5");
        assertNull(inline(countPerValue(), I1, 2), "the index compacted past 2");
        assertEquals(List.of(Row.of(1L, 1L), Row.of(2L, 1L)), rows(inline(countPerValue(), I1, 6)));
        assertNoReaders(I1, 1);

        f.breakInserts = I1;
        f.write(8, Update.insert(Row.of(1L, 3L), 8));
        SplitFixture.await(() -> f.ctl.dataflows().stream().anyMatch(d -> d.error() != null), "the index failed");
        assertTrue(assertInstanceOf(PeekResponse.Error.class, inline(countPerValue(), I1, 6)).error().getMessage()
                .contains("insert refused"), "a failed index answers its failure, as on the workers");
        f.ctl.dropIndex(I1);
        assertEquals(ErrorCode.INDEX_DROPPED_1,
                assertInstanceOf(PeekResponse.Error.class, inline(countPerValue(), I1, 6)).error().code());
        assertEquals(ErrorCode.INDEX_DROPPED_1,
                assertInstanceOf(PeekResponse.Error.class, onWorkers(countPerValue(), I1, 6)).error().code());
    }

    /**
     * {@code SELECT k FROM t WHERE v IN (SELECT 100 / v FROM t)} through an index whose view divides
     * by v: a row with v = 0 makes the subquery's error the answer, before any row, as on the workers.
     */
    @ParameterizedTest
    @ValueSource(ints = {1, 2})
    void anErrorInsideASubqueryIsTheAnswerAsOnTheWorkers(int workers) throws Exception {
        f = new SplitFixture(RuntimeMode.SPLIT, workers);
        f.write(1, Update.insert(Row.of(1L, 50L), 1), Update.insert(Row.of(2L, 2L), 1));
        ScalarExpr v = ScalarExpr.column(1, SplitFixture.BIGINT);
        Mfp divide = new Mfp(2, List.of(ScalarExpr.call(BinaryFunc.DIV, ScalarExpr.literal(100L, SplitFixture.BIGINT), v)),
                List.of(), new int[] {2});
        Plan subquery = new Plan.Distinct(new Plan.MapFilterProject(new Plan.Get(SplitFixture.T), divide));
        Plan in = new Plan.MapFilterProject(new Plan.Join(new Plan.Get(SplitFixture.T), subquery, new int[] {1}, new int[] {0}),
                new Mfp(3, List.of(), List.of(), new int[] {0, 1}));
        f.createIndex(I1, 1);
        awaitSealed(I1, 1);
        assertEquals(List.of(Row.of(1L, 50L), Row.of(2L, 2L)), rows(inline(in, I1, 1)), "100 / 2 = 50, 100 / 50 = 2");
        f.write(2, Update.insert(Row.of(3L, 0L), 2));
        awaitSealed(I1, 2);
        for (GlobalId index : Arrays.asList(I1, null)) {
            SpindleException e = assertInstanceOf(PeekResponse.Error.class, inline(in, index, 2)).error();
            assertEquals(ErrorCode.DIVISION_BY_ZERO_0, e.code());
            SpindleException w = assertInstanceOf(PeekResponse.Error.class, onWorkers(in, index, 2)).error();
            assertEquals(w.getMessage(), e.getMessage());
        }
        assertEquals(List.of(Row.of(1L, 50L), Row.of(2L, 2L)), rows(inline(in, I1, 1)), "the error is not at 1");
        assertNoReaders(I1, workers);
    }

    @Test
    void aSoloRuntimeAnswersTableReadsInlineAndLeavesIndexesToItsWorkers() throws Exception {
        f = new SplitFixture(RuntimeMode.SOLO, 2);
        f.write(1, Update.insert(Row.of(1L, 1L), 1), Update.insert(Row.of(2L, 1L), 1));
        f.createIndex(I1, 1);
        awaitSealed(I1, 1);
        assertEquals(List.of(Row.of(1L, 2L)), rows(inline(countPerValue(), null, 1)));
        assertNull(inline(countPerValue(), I1, 1), "no registries to read the index from");
        assertEquals(List.of(Row.of(1L, 2L)), rows(onWorkers(countPerValue(), I1, 1)));
    }

    @Test
    void aCheckpointThatThrowsStopsALongEvaluationAndReleasesEverything() throws Exception {
        f = new SplitFixture(RuntimeMode.SPLIT, 2);
        List<Update> rows = new ArrayList<>();
        for (long k = 0; k < 300; k++) {
            rows.add(Update.insert(Row.of(k, k), 1));
        }
        f.write(1, rows.toArray(new Update[0]));
        f.createIndex(I1, 1);
        awaitSealed(I1, 1);
        Plan cross = new Plan.Reduce(new Plan.Join(new Plan.Get(SplitFixture.T), new Plan.Get(SplitFixture.T), new int[0], new int[0]),
                new int[0], List.of(Aggregate.countRows())); // 90,000 joined rows
        GlobalId out = GlobalId.transientId(7770);
        DataflowDescription d = transientOver(cross, I1, 1, out);
        AtomicInteger checks = new AtomicInteger();
        SpindleException canceled = new SpindleException(ErrorCode.QUERY_CANCELED_0);
        SpindleException thrown = assertThrows(SpindleException.class, () -> f.ctl.tryPeekTransientInline(d, scan(out, 1), () -> {
            if (checks.incrementAndGet() == 3) {
                throw canceled;
            }
        }));
        assertSame(canceled, thrown);
        assertEquals(3, checks.get(), "stopped at the checkpoint that threw");
        assertNoReaders(I1, 2);
        AtomicInteger all = new AtomicInteger();
        assertEquals(List.of(Row.of(90_000L)), rows(f.ctl.tryPeekTransientInline(d, scan(out, 1), all::incrementAndGet)));
        assertTrue(all.get() >= 90_000 / 4096, "checked about every 4096 rows: " + all.get());
    }

    @Test
    void aReadGrowingPastTheWorkLimitIsLeftToTheWorkers() throws Exception {
        f = new SplitFixture(RuntimeMode.SPLIT, 1);
        List<Update> rows = new ArrayList<>();
        for (long k = 0; k < 1100; k++) {
            rows.add(Update.insert(Row.of(k, k), 1));
        }
        f.write(1, rows.toArray(new Update[0]));
        Plan cross = new Plan.Reduce(new Plan.Join(new Plan.Get(SplitFixture.T), new Plan.Get(SplitFixture.T), new int[0], new int[0]),
                new int[0], List.of(Aggregate.countRows())); // 1,210,000 joined rows: past the limit
        Plan join = new Plan.Reduce(new Plan.Join(new Plan.Get(SplitFixture.T), new Plan.Get(SplitFixture.T), new int[] {0}, new int[] {0}),
                new int[0], List.of(Aggregate.countRows()));
        long started = System.nanoTime();
        assertNull(inline(cross, null, 1), "past the work limit: left to the workers (not run here: seconds of work)");
        assertTrue(System.nanoTime() - started < TimeUnit.SECONDS.toNanos(5), "given up before doing the work");
        assertEquals(List.of(Row.of(1100L)), rows(inline(join, null, 1)), "the same table joined on its key stays inline");
    }
}
