package dev.spindle.compute.peek;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.spindle.common.error.ErrorCode;
import dev.spindle.common.error.SpindleException;
import dev.spindle.common.id.GlobalId;
import dev.spindle.common.row.Row;
import dev.spindle.common.time.Frontier;
import dev.spindle.common.update.Update;
import dev.spindle.compute.controller.ComputeController;
import dev.spindle.compute.controller.RuntimeMode;
import dev.spindle.compute.plan.DataflowDescription;
import dev.spindle.compute.plan.Plan;
import dev.spindle.storage.TableStore;
import java.util.Map;
import dev.spindle.common.type.ColumnType;
import dev.spindle.common.type.TypeKind;
import dev.spindle.compute.expr.Mfp;
import dev.spindle.compute.expr.ScalarExpr;
import dev.spindle.compute.expr.func.BinaryFunc;
import dev.spindle.compute.plan.ColumnOrder;
import dev.spindle.compute.plan.RowSetFinishing;
import dev.spindle.storage.table.TableLog;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Peeks on a SOLO runtime: the seal gate, the since gate, errors before rows, finishing,
 * cancellation, and compaction deferred past pending peeks.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class SoloPeekTest {
    static final GlobalId INDEX = GlobalId.user(10);
    static final GlobalId T = GlobalId.user(1);

    private final TableStore tables = new TableStore();
    private final TableLog table = tables.create(T, dev.spindle.compute.testing.Schemas.KV);
    private final ComputeController controller = ComputeController.start(RuntimeMode.SOLO, 2, tables::get);

    @AfterEach
    void close() {
        controller.close();
    }

    /** index u10 on the view (k, 100 / v) over the table, keyed by k: division errors go to errs. */
    private void createIndex() throws Exception {
        ColumnType bigint = ColumnType.of(TypeKind.BIGINT).withNullable(false);
        GlobalId view = GlobalId.user(2);
        Mfp divide = new Mfp(2, List.of(ScalarExpr.call(BinaryFunc.DIV, ScalarExpr.literal(100L, bigint),
                ScalarExpr.column(1, bigint))), List.of(), new int[] {0, 2});
        DataflowDescription d = new DataflowDescription("index", Map.of(T, table.desc()), Map.of(),
                List.of(new DataflowDescription.BuildDesc(view, new Plan.MapFilterProject(new Plan.Get(T), divide))),
                Map.of(INDEX, new DataflowDescription.IndexExport(view, List.of(ScalarExpr.column(0, bigint)))), Frontier.MIN);
        controller.createDataflow(1, d).get(20, TimeUnit.SECONDS);
    }

    private void write(long ts, Update... ups) {
        table.append(List.of(ups), ts);
    }

    private static List<Row> rows(CompletableFuture<PeekResponse> f) throws Exception {
        PeekResponse r = f.get(20, TimeUnit.SECONDS);
        if (r instanceof PeekResponse.Error) {
            throw ((PeekResponse.Error) r).error();
        }
        return ((PeekResponse.Rows) r).rows();
    }

    private CompletableFuture<PeekResponse> peek(long t, RowSetFinishing finishing) {
        return controller.peek(new PeekRequest(UUID.randomUUID(), INDEX, t, null, null, finishing));
    }

    @Test
    void sealGateMakesAPeekWaitNotFail() throws Exception {
        createIndex();
        write(1, Update.insert(Row.of(1L, 4L), 1), Update.insert(Row.of(2L, 5L), 1));
        CompletableFuture<PeekResponse> atThree = peek(3, RowSetFinishing.none());
        assertThrows(TimeoutException.class, () -> atThree.get(200, TimeUnit.MILLISECONDS), "time 3 is not sealed yet");
        write(3, Update.insert(Row.of(3L, 10L), 3));
        assertEquals(List.of(Row.of(1L, 25L), Row.of(2L, 20L), Row.of(3L, 10L)), rows(atThree));
        assertEquals(List.of(Row.of(1L, 25L), Row.of(2L, 20L)), rows(peek(2, RowSetFinishing.none())));
    }

    @Test
    void sinceGateRefusesReadsBeforeCompaction() throws Exception {
        createIndex();
        write(1, Update.insert(Row.of(1L, 4L), 1));
        write(12, Update.insert(Row.of(2L, 5L), 12));
        controller.allowCompaction(INDEX, Frontier.at(10));
        write(13, Update.insert(Row.of(3L, 5L), 13)); // makes the arrangements run and compact
        assertEquals(List.of(Row.of(1L, 25L), Row.of(2L, 20L), Row.of(3L, 20L)), rows(peek(13, RowSetFinishing.none())));
        PeekResponse r = peek(5, RowSetFinishing.none()).get(20, TimeUnit.SECONDS);
        SpindleException e = assertInstanceOf(PeekResponse.Error.class, r).error();
        assertEquals(ErrorCode.COMPACTION_FRONTIER_BEYOND_READ_2, e.code());
        assertEquals("Arrangement compaction frontier (10) is beyond the time of the attempted read (5)", e.getMessage());
        assertEquals(List.of(Row.of(1L, 25L)), rows(peek(10, RowSetFinishing.none())), "reads at since still work");
    }

    @Test
    void errorsComeBeforeRowsAndRetractWithTheirInput() throws Exception {
        createIndex();
        write(1, Update.insert(Row.of(1L, 4L), 1), Update.insert(Row.of(2L, 0L), 1));
        PeekResponse r = peek(1, RowSetFinishing.none()).get(20, TimeUnit.SECONDS);
        SpindleException e = assertInstanceOf(PeekResponse.Error.class, r).error();
        assertEquals("22012", e.toSQLException().getSQLState());
        assertEquals("division by zero", e.getMessage());
        write(2, Update.delete(Row.of(2L, 0L), 2));
        assertEquals(List.of(Row.of(1L, 25L)), rows(peek(2, RowSetFinishing.none())));
    }

    @Test
    void thePeeksOwnMfpFiltersMapsAndReportsItsErrors() throws Exception {
        createIndex();
        write(1, Update.insert(Row.of(1L, 4L), 1), Update.insert(Row.of(2L, 50L), 1), Update.insert(Row.of(0L, 1L), 1));
        ColumnType bigint = ColumnType.of(TypeKind.BIGINT).withNullable(false);
        ScalarExpr k = ScalarExpr.column(0, bigint);
        ScalarExpr v = ScalarExpr.column(1, bigint);
        // SELECT v / k FROM index WHERE v > 2: k = 0 passes the filter (v = 100) and divides by zero
        Mfp divide = new Mfp(2, List.of(ScalarExpr.call(BinaryFunc.DIV, v, k)),
                List.of(ScalarExpr.gt(v, ScalarExpr.literal(2L, bigint))), new int[] {2});
        PeekResponse r = controller.peek(new PeekRequest(UUID.randomUUID(), INDEX, 1, null, divide,
                RowSetFinishing.none())).get(20, TimeUnit.SECONDS);
        assertEquals("22012", assertInstanceOf(PeekResponse.Error.class, r).error().sqlState());
        // SELECT v * 2 FROM index WHERE v > 30
        Mfp doubleBig = new Mfp(2, List.of(ScalarExpr.call(BinaryFunc.MUL, v, ScalarExpr.literal(2L, bigint))),
                List.of(ScalarExpr.gt(v, ScalarExpr.literal(30L, bigint))), new int[] {2});
        assertEquals(List.of(Row.of(200L)), rows(controller.peek(new PeekRequest(UUID.randomUUID(), INDEX, 1, null,
                doubleBig, RowSetFinishing.none()))));
        // a literal key lookup reads one key
        assertEquals(List.of(Row.of(2L, 2L)), rows(controller.peek(new PeekRequest(UUID.randomUUID(), INDEX, 1,
                Row.of(2L), null, RowSetFinishing.none()))));
    }

    @Test
    void finishingOrdersLimitsAndProjects() throws Exception {
        createIndex();
        for (long k = 1; k <= 6; k++) {
            write(k, Update.insert(Row.of(k, k), k));
        }
        RowSetFinishing f = new RowSetFinishing(List.of(ColumnOrder.desc(0)), 3, 1, new int[] {1});
        assertEquals(List.of(Row.of(20L), Row.of(25L), Row.of(33L)), rows(peek(6, f)));
    }

    @Test
    void aPeekOnAnUnknownIndexWaitsUntilCancelledAndBlocksNoOne() throws Exception {
        createIndex();
        write(1, Update.insert(Row.of(1L, 4L), 1));
        UUID uuid = UUID.randomUUID();
        CompletableFuture<PeekResponse> never = controller.peek(
                new PeekRequest(uuid, GlobalId.user(99), 1, null, null, RowSetFinishing.none()));
        assertEquals(List.of(Row.of(1L, 25L)), rows(peek(1, RowSetFinishing.none())));
        assertFalse(never.isDone());
        controller.cancel(uuid);
        assertInstanceOf(PeekResponse.Canceled.class, never.get(1, TimeUnit.SECONDS));
        assertEquals(0, controller.pendingPeeks());
    }

    @Test
    void compactionWaitsForPendingPeeks() throws Exception {
        createIndex();
        write(1, Update.insert(Row.of(1L, 4L), 1));
        CompletableFuture<PeekResponse> at5 = peek(5, RowSetFinishing.none());
        controller.allowCompaction(INDEX, Frontier.at(20));
        write(8, Update.insert(Row.of(2L, 5L), 8));
        assertEquals(List.of(Row.of(1L, 25L)), rows(at5), "the peek at 5 was accepted before compaction to 20");
        write(25, Update.insert(Row.of(3L, 5L), 25));
        write(26, Update.insert(Row.of(4L, 5L), 26));
        PeekResponse late = peek(5, RowSetFinishing.none()).get(20, TimeUnit.SECONDS);
        assertInstanceOf(PeekResponse.Error.class, late, "once the peek is done, the deferred compaction applies");
    }
}
