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
import dev.spindle.common.type.ColumnType;
import dev.spindle.common.type.TypeKind;
import dev.spindle.common.update.Update;
import dev.spindle.compute.controller.RuntimeMode;
import dev.spindle.compute.expr.Mfp;
import dev.spindle.compute.expr.ScalarExpr;
import dev.spindle.compute.expr.func.BinaryFunc;
import dev.spindle.compute.peek.InlinePeek;
import dev.spindle.compute.plan.ColumnOrder;
import dev.spindle.compute.peek.PeekRequest;
import dev.spindle.compute.peek.PeekResponse;
import dev.spindle.compute.plan.RowSetFinishing;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.LongStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Point peeks and scans answered in the caller's thread from the sharing registries
 * ({@code ComputeController.tryPeekInline}): the same answer the interactive workers give, only
 * when every worker's point is sealed past the time, errors before rows, the compaction contract,
 * drops and failures as on the workers, holds released, and readers racing writes and compaction.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class InlinePeekTest {
    static final GlobalId I1 = GlobalId.user(10);
    static final GlobalId I2 = GlobalId.user(11);

    private SplitFixture f;

    private SplitFixture fixture(RuntimeMode mode, int workers) {
        f = new SplitFixture(mode, workers);
        return f;
    }

    @AfterEach
    void close() {
        if (f != null) {
            f.close();
        }
    }

    private static PeekRequest point(GlobalId index, long t, long key) {
        return new PeekRequest(UUID.randomUUID(), index, t, Row.of(key), null, RowSetFinishing.none());
    }

    /** The inline answer of a point peek that must be answered inline, as rows. */
    private List<Row> inline(GlobalId index, long t, long key) {
        PeekResponse r = f.ctl.tryPeekInline(point(index, t, key));
        assertNotNull(r, "sealed at " + t + ": answered inline");
        if (r instanceof PeekResponse.Error) {
            throw ((PeekResponse.Error) r).error();
        }
        return ((PeekResponse.Rows) r).rows();
    }

    /** The workers' answer to the same point peek. */
    private List<Row> onWorkers(GlobalId index, long t, long key) throws Exception {
        PeekResponse r = f.ctl.peek(point(index, t, key)).get(20, TimeUnit.SECONDS);
        if (r instanceof PeekResponse.Error) {
            throw ((PeekResponse.Error) r).error();
        }
        return ((PeekResponse.Rows) r).rows();
    }

    /** The table's rows with key {@code key} at {@code t}. */
    private List<Row> expected(long t, long key) {
        List<Row> out = new ArrayList<>();
        for (Row r : f.contents(t)) {
            if (r.getLong(0) == key) {
                out.add(r);
            }
        }
        return out;
    }

    private void awaitSealed(GlobalId index, long t) throws InterruptedException {
        SplitFixture.await(() -> f.ctl.upper(index).isSealed(t), index + " sealed at " + t);
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2})
    void aSealedPointLookupIsAnsweredInlineAsTheWorkersAnswerIt(int workers) throws Exception {
        fixture(RuntimeMode.SPLIT, workers);
        List<Update> rows = new ArrayList<>();
        for (long k = 0; k < 50; k++) {
            rows.add(Update.insert(Row.of(k, k * 10), 1));
            rows.add(Update.insert(Row.of(k, k * 10 + 1), 1));
        }
        f.write(1, rows.toArray(new Update[0]));
        f.createIndex(I1, 1);
        f.createReexport(I2, I1, 1);
        f.write(3, Update.delete(Row.of(7L, 70L), 3), Update.insert(Row.of(7L, 77L), 2));
        awaitSealed(I1, 3);
        awaitSealed(I2, 3);
        for (long t : new long[] {1, 2, 3}) {
            for (long k = -1; k <= 50; k++) {
                List<Row> want = expected(t, k);
                assertEquals(want, inline(I1, t, k), "key " + k + " at " + t);
                assertEquals(want, inline(I2, t, k), "the re-export, key " + k + " at " + t);
                assertEquals(want, onWorkers(I1, t, k), "the workers agree, key " + k + " at " + t);
            }
        }
        for (int w = 0; w < workers; w++) {
            // every hold the inline reads took is released
            assertEquals(0, f.ctl.interactive().registries().get(w).get(I1).orElseThrow().readers());
        }
    }

    @Test
    void aTimeNotSealedYetIsLeftToTheWorkersWhichWaitForIt() throws Exception {
        fixture(RuntimeMode.SPLIT, 2).write(1, Update.insert(Row.of(1L, 1L), 1));
        f.createIndex(I1, 1);
        awaitSealed(I1, 1);
        assertNull(f.ctl.tryPeekInline(point(I1, 5, 1)), "not sealed at 5");
        CompletableFuture<PeekResponse> pending = f.ctl.peek(point(I1, 5, 1));
        f.write(5, Update.insert(Row.of(1L, 2L), 5));
        assertEquals(List.of(Row.of(1L, 1L), Row.of(1L, 2L)),
                assertInstanceOf(PeekResponse.Rows.class, pending.get(20, TimeUnit.SECONDS)).rows());
        awaitSealed(I1, 5);
        assertEquals(List.of(Row.of(1L, 1L), Row.of(1L, 2L)), inline(I1, 5, 1));
        assertNull(f.ctl.tryPeekInline(point(GlobalId.user(99), 1, 1)), "an index not published is left to the workers");
    }

    /**
     * A read right after a write: the index is published but not sealed at the peek's time yet,
     * so the caller waits in its own thread for the seal (woken by the registry) and answers the
     * peek itself; an index nobody publishes, and a wait that runs out, are left to the workers.
     */
    @ParameterizedTest
    @ValueSource(ints = {1, 2})
    void aPublishedIndexNotSealedYetIsAwaitedInTheCallersThread(int workers) throws Exception {
        fixture(RuntimeMode.SPLIT, workers).write(1, Update.insert(Row.of(1L, 1L), 1));
        f.createIndex(I1, 1);
        awaitSealed(I1, 1);
        AtomicLong checks = new AtomicLong();
        CompletableFuture<PeekResponse> waiting = CompletableFuture.supplyAsync(
                () -> f.ctl.tryPeekInline(point(I1, 5, 1), checks::incrementAndGet, java.time.Duration.ofSeconds(30)));
        SplitFixture.await(() -> checks.get() > 0 || waiting.isDone(), "the reader waiting for the seal");
        assertEquals(false, waiting.isDone(), "not sealed at 5: still waiting");
        f.write(5, Update.insert(Row.of(1L, 2L), 5));
        PeekResponse answer = waiting.get(20, TimeUnit.SECONDS);
        assertNotNull(answer, "answered by the waiting caller");
        assertEquals(List.of(Row.of(1L, 1L), Row.of(1L, 2L)), assertInstanceOf(PeekResponse.Rows.class, answer).rows());
        for (int w = 0; w < workers; w++) {
            assertEquals(0, f.ctl.interactive().registries().get(w).get(I1).orElseThrow().readers());
        }
        assertNull(f.ctl.tryPeekInline(point(GlobalId.user(99), 1, 1), () -> { }, java.time.Duration.ofSeconds(30)),
                "an index not published is left to the workers at once");
        assertNull(f.ctl.tryPeekInline(point(I1, 9, 1), () -> { }, java.time.Duration.ofMillis(20)),
                "a wait that runs out is left to the workers");
    }

    /** A cancel or a timeout (the checkpoint throws) ends a wait for the seal. */
    @Test
    void aCheckpointEndsAWaitForTheSeal() throws Exception {
        fixture(RuntimeMode.SPLIT, 1).write(1, Update.insert(Row.of(1L, 1L), 1));
        f.createIndex(I1, 1);
        awaitSealed(I1, 1);
        AtomicLong checks = new AtomicLong();
        IllegalStateException stop = assertThrows(IllegalStateException.class, () -> f.ctl.tryPeekInline(point(I1, 5, 1), () -> {
            if (checks.incrementAndGet() == 3) {
                throw new IllegalStateException("canceled");
            }
        }, java.time.Duration.ofSeconds(30)));
        assertEquals("canceled", stop.getMessage());
    }

    @Test
    void soloRuntimesAreNotAnsweredInline() throws Exception {
        fixture(RuntimeMode.SOLO, 1).write(1, Update.insert(Row.of(1L, 1L), 1));
        f.createIndex(I1, 1);
        awaitSealed(I1, 1);
        assertNull(f.ctl.tryPeekInline(point(I1, 1, 1)), "solo has no registry: its worker answers");
        assertNull(f.ctl.tryPeekInline(scan(I1, 1, null, RowSetFinishing.none())), "nor a scan");
    }

    private static PeekRequest scan(GlobalId index, long t, Mfp mfp, RowSetFinishing finishing) {
        return new PeekRequest(UUID.randomUUID(), index, t, null, mfp, finishing);
    }

    /**
     * Scans (every key, more than one slice of them) with and without the peek's own MFP and a
     * finishing: answered inline exactly as the workers answer them, at each time, the holds
     * released, and the checkpoint called between slices.
     */
    @ParameterizedTest
    @ValueSource(ints = {1, 2})
    void aSealedScanIsAnsweredInlineAsTheWorkersAnswerIt(int workers) throws Exception {
        fixture(RuntimeMode.SPLIT, workers);
        List<Update> rows = new ArrayList<>();
        int keys = 3 * InlinePeek.SLICE_KEYS; // three slices or more on each worker
        for (long k = 0; k < keys; k++) {
            rows.add(Update.insert(Row.of(k, k % 7), 1));
        }
        f.write(1, rows.toArray(new Update[0]));
        f.createIndex(I1, 1);
        f.write(2, Update.delete(Row.of(5L, 5L), 2), Update.insert(Row.of(5L, 50L), 2));
        awaitSealed(I1, 2);
        ColumnType bigint = ColumnType.of(TypeKind.BIGINT).withNullable(false);
        ScalarExpr k = ScalarExpr.column(0, bigint);
        ScalarExpr v = ScalarExpr.column(1, bigint);
        // SELECT k, v * 2 FROM index WHERE v > 3
        Mfp doubled = new Mfp(2, List.of(ScalarExpr.call(BinaryFunc.MUL, v, ScalarExpr.literal(2L, bigint))),
                List.of(ScalarExpr.gt(v, ScalarExpr.literal(3L, bigint))), new int[] {0, 2});
        RowSetFinishing top = new RowSetFinishing(List.of(ColumnOrder.desc(1), ColumnOrder.asc(0)), 10, 3, new int[] {0});
        for (long t : new long[] {1, 2}) {
            for (Mfp mfp : new Mfp[] {null, doubled}) {
                for (RowSetFinishing finishing : new RowSetFinishing[] {RowSetFinishing.none(), top}) {
                    AtomicLong checks = new AtomicLong();
                    PeekResponse here = f.ctl.tryPeekInline(scan(I1, t, mfp, finishing), checks::incrementAndGet);
                    assertNotNull(here, "sealed at " + t + ": answered inline");
                    PeekResponse there = f.ctl.peek(scan(I1, t, mfp, finishing)).get(20, TimeUnit.SECONDS);
                    List<Row> want = assertInstanceOf(PeekResponse.Rows.class, there).rows();
                    assertEquals(want, assertInstanceOf(PeekResponse.Rows.class, here).rows(),
                            "at " + t + ", mfp " + (mfp != null) + ", finishing " + (finishing != top ? "none" : "top"));
                    assertEquals(finishing == top ? 10L : mfp == null ? (long) keys : LongStream.range(0, keys).filter(x -> x % 7 > 3).count(), (long) want.size(), "what was read");
                    assertTrue(checks.get() >= 2, "the checkpoint is called between slices: " + checks.get());
                }
            }
        }
        for (int w = 0; w < workers; w++) {
            assertEquals(0, f.ctl.interactive().registries().get(w).get(I1).orElseThrow().readers());
        }
    }

    @Test
    void aCheckpointThatThrowsEndsAScanWithItsExceptionAndReleasesTheHolds() throws Exception {
        fixture(RuntimeMode.SPLIT, 2);
        List<Update> rows = new ArrayList<>();
        for (long k = 0; k < 3 * InlinePeek.SLICE_KEYS; k++) {
            rows.add(Update.insert(Row.of(k, k), 1));
        }
        f.write(1, rows.toArray(new Update[0]));
        f.createIndex(I1, 1);
        awaitSealed(I1, 1);
        SpindleException canceled = new SpindleException(ErrorCode.QUERY_CANCELED_0);
        SpindleException thrown = assertThrows(SpindleException.class,
                () -> f.ctl.tryPeekInline(scan(I1, 1, null, RowSetFinishing.none()), () -> {
                    throw canceled;
                }));
        assertSame(canceled, thrown, "the checkpoint's own exception, not an error answer");
        for (int w = 0; w < 2; w++) {
            assertEquals(0, f.ctl.interactive().registries().get(w).get(I1).orElseThrow().readers());
        }
        assertEquals(3 * InlinePeek.SLICE_KEYS, assertInstanceOf(PeekResponse.Rows.class,
                f.ctl.tryPeekInline(scan(I1, 1, null, RowSetFinishing.none()))).rows().size(), "and reads go on");
    }

    @Test
    void errorsAtTheTimeComeBeforeRows() throws Exception {
        fixture(RuntimeMode.SPLIT, 2).write(1, Update.insert(Row.of(1L, 5L), 1), Update.insert(Row.of(2L, 0L), 1));
        f.createDividingIndex(I1, 1);
        awaitSealed(I1, 1);
        PeekResponse r = f.ctl.tryPeekInline(point(I1, 1, 1));
        assertEquals(ErrorCode.DIVISION_BY_ZERO_0, assertInstanceOf(PeekResponse.Error.class, r).error().code(),
                "key 1 divides fine, but the view holds an error at this time");
        f.write(2, Update.delete(Row.of(2L, 0L), 2));
        awaitSealed(I1, 2);
        assertEquals(List.of(Row.of(1L, 20L)), inline(I1, 2, 1));
    }

    @Test
    void aTimeCompactedAwayFailsAndDroppedOrFailedIndexesFailAsOnTheWorkers() throws Exception {
        fixture(RuntimeMode.SPLIT, 1).write(1, Update.insert(Row.of(1L, 1L), 1));
        f.createIndex(I1, 1);
        f.write(6, Update.insert(Row.of(1L, 2L), 6));
        awaitSealed(I1, 6);
        f.ctl.allowCompaction(I1, Frontier.at(5));
        SplitFixture.await(() -> f.ctl.interactive().registries().get(0).get(I1).orElseThrow().since().equals(Frontier.at(5)),
                "the point's since at 5");
        SpindleException e = assertInstanceOf(PeekResponse.Error.class, f.ctl.tryPeekInline(point(I1, 2, 1))).error();
        assertEquals(ErrorCode.COMPACTION_FRONTIER_BEYOND_READ_2, e.code());
        assertEquals(List.of(Row.of(1L, 1L), Row.of(1L, 2L)), inline(I1, 6, 1));

        f.createReexport(I2, I1, 6);
        awaitSealed(I2, 6);
        f.ctl.dropIndex(I1);
        assertEquals(ErrorCode.INDEX_DROPPED_1,
                assertInstanceOf(PeekResponse.Error.class, f.ctl.tryPeekInline(point(I1, 6, 1))).error().code());
        assertEquals(List.of(Row.of(1L, 1L), Row.of(1L, 2L)), inline(I2, 6, 1), "the re-export keeps serving");

        f.breakInserts = I1; // the re-export reads the arrangement I1's dataflow still maintains
        f.write(8, Update.insert(Row.of(1L, 3L), 8));
        SplitFixture.await(() -> f.ctl.dataflows().stream().anyMatch(d -> d.error() != null), "the index failed");
        PeekResponse r = f.ctl.tryPeekInline(point(I2, 6, 1));
        assertTrue(assertInstanceOf(PeekResponse.Error.class, r).error().getMessage().contains("insert refused"),
                "a failed index fails every later peek, as on the workers");
    }

    /**
     * Readers on several threads look keys up inline (falling back to the workers when a time is
     * not sealed yet) while a writer inserts and deletes and compaction follows the writes: every
     * answer equals the table at its time.
     */
    @Test
    void concurrentInlineReadsAgreeWithTheTableWhileWritesAndCompactionGoOn() throws Exception {
        fixture(RuntimeMode.SPLIT, 2);
        List<Update> rows = new ArrayList<>();
        for (long k = 0; k < 20; k++) {
            rows.add(Update.insert(Row.of(k, 0L), 1));
        }
        f.write(1, rows.toArray(new Update[0]));
        f.createIndex(I1, 1);
        awaitSealed(I1, 1);
        AtomicLong written = new AtomicLong(1);
        AtomicLong allowed = new AtomicLong(0);
        AtomicBoolean stop = new AtomicBoolean();
        AtomicLong inlineAnswers = new AtomicLong();
        ExecutorService pool = Executors.newFixedThreadPool(3);
        try {
            List<Future<?>> readers = new ArrayList<>();
            for (int r = 0; r < 3; r++) {
                int seed = r;
                readers.add(pool.submit(() -> {
                    Random rnd = new Random(seed);
                    boolean newest = false;
                    while (!stop.get()) {
                        // alternately the newest write (rarely sealed yet: mostly the workers answer)
                        // and the newest sealed time (the inline path), so both paths run under the
                        // writes however fast the writer is against the readers
                        newest = !newest;
                        // (bounded by the last write returned: a batch reaches the dataflow
                        // before the table publishes its new upper, see TableLog.publish)
                        long w = written.get();
                        long t = newest ? w : Math.min(w, f.ctl.upper(I1).time() - 1);
                        long k = rnd.nextInt(20);
                        PeekRequest req = point(I1, t, k);
                        PeekResponse resp = f.ctl.tryPeekInline(req);
                        if (resp != null) {
                            inlineAnswers.incrementAndGet();
                        } else {
                            resp = f.ctl.peek(req).get(20, TimeUnit.SECONDS);
                        }
                        if (resp instanceof PeekResponse.Error) {
                            // these readers hold nothing: a time may be compacted away under them, clearly
                            SpindleException e = ((PeekResponse.Error) resp).error();
                            assertEquals(ErrorCode.COMPACTION_FRONTIER_BEYOND_READ_2, e.code(), e.getMessage());
                            assertTrue(allowed.get() > t, "compacted past " + t + " only if allowed");
                            continue;
                        }
                        assertEquals(expected(t, k), assertInstanceOf(PeekResponse.Rows.class, resp).rows(),
                                "key " + k + " at " + t);
                    }
                    return null;
                }));
            }
            Random rnd = new Random(42);
            Row shortLived = null;
            for (long t = 2; t < 400; t++) {
                Row row = Row.of((long) rnd.nextInt(20), t);
                List<Update> ups = new ArrayList<>();
                ups.add(Update.insert(row, t));
                if (shortLived != null) {
                    ups.add(Update.delete(shortLived, t)); // it lived for one time only
                }
                shortLived = t % 3 == 0 ? row : null;
                f.write(t, ups.toArray(new Update[0]));
                written.set(t);
                if (t % 10 == 0) {
                    allowed.set(t - 5);
                    f.ctl.allowCompaction(I1, Frontier.at(t - 5));
                }
            }
            // on a slow machine the readers may not have had a turn; the last write seals soon
            SplitFixture.await(() -> inlineAnswers.get() > 0, "an inline answer");
            stop.set(true);
            for (Future<?> r : readers) {
                r.get(30, TimeUnit.SECONDS);
            }
        } finally {
            stop.set(true);
            pool.shutdownNow();
        }
        assertTrue(inlineAnswers.get() > 0, "some reads were answered inline");
        assertEquals(0, f.ctl.interactive().registries().get(0).get(I1).orElseThrow().readers());
        assertEquals(0, f.ctl.interactive().registries().get(1).get(I1).orElseThrow().readers());
    }
}
