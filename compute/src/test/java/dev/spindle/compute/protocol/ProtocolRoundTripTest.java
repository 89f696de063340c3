package dev.spindle.compute.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.spindle.common.error.ErrorCode;
import dev.spindle.common.error.SpindleException;
import dev.spindle.common.id.GlobalId;
import dev.spindle.common.row.PackedRows;
import dev.spindle.common.row.Row;
import dev.spindle.common.time.Frontier;
import dev.spindle.common.type.Column;
import dev.spindle.common.type.ColumnType;
import dev.spindle.common.type.RelationDesc;
import dev.spindle.common.type.TypeKind;
import dev.spindle.common.update.Update;
import dev.spindle.compute.expr.Mfp;
import dev.spindle.compute.expr.ScalarExpr;
import dev.spindle.compute.expr.func.BinaryFunc;
import dev.spindle.compute.expr.func.VariadicFunc;
import dev.spindle.compute.peek.PeekPartial;
import dev.spindle.compute.peek.PeekRequest;
import dev.spindle.compute.plan.Aggregate;
import dev.spindle.compute.plan.AggregateFunc;
import dev.spindle.compute.plan.ColumnOrder;
import dev.spindle.compute.plan.DataflowDescription;
import dev.spindle.compute.plan.Plan;
import dev.spindle.compute.plan.RowSetFinishing;
import java.lang.reflect.RecordComponent;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Every command and response of the compute protocol survives a trip through bytes unchanged:
 * nothing callable, nothing shared. (The scenario that runs a whole controller through the wire is
 * {@code dev.spindle.compute.interactive.WireScenarioTest}.)
 */
class ProtocolRoundTripTest {
    static final ColumnType BIGINT = ColumnType.of(TypeKind.BIGINT).withNullable(false);
    static final RelationDesc KV = RelationDesc.of(new Column("k", BIGINT), new Column("v", ColumnType.of(TypeKind.TEXT)));

    /** A description that uses every plan node, imports, a re-export and an expression key. */
    static DataflowDescription everyPlanNode() {
        GlobalId t = GlobalId.user(1);
        GlobalId i = GlobalId.user(2);
        ScalarExpr k = ScalarExpr.column(0, BIGINT);
        Mfp mfp = new Mfp(2, List.of(ScalarExpr.call(BinaryFunc.ADD, k, ScalarExpr.literal(1L, BIGINT))),
                List.of(ScalarExpr.gt(ScalarExpr.literal(new BigDecimal("1.5"), ColumnType.decimal(10, 2)),
                        ScalarExpr.literal(new BigDecimal("-2"), ColumnType.decimal(10, 2)))),
                new int[] {0, 2});
        Plan get = new Plan.Get(t);
        Plan all = new Plan.Let(0, get, new Plan.Union(List.of(
                new Plan.Constant(List.of(Update.insert(Row.of(1L, "a", LocalDate.of(2026, 12, 1)), 1)), 3),
                new Plan.MapFilterProject(new Plan.GetLocal(0), mfp),
                new Plan.Negate(new Plan.ArrangeBy(new Plan.GetLocal(0), new int[] {0})),
                new Plan.Join(get, get, new int[] {0}, new int[] {0}),
                new Plan.Reduce(get, new int[] {0}, List.of(Aggregate.countRows(), Aggregate.of(AggregateFunc.SUM, 0))),
                new Plan.Distinct(get), new Plan.Threshold(get),
                new Plan.TopK(get, new int[] {0}, List.of(ColumnOrder.desc(1)), 3, 1))));
        GlobalId view = GlobalId.user(3);
        return new DataflowDescription("every node", Map.of(t, KV), Map.of(i, new DataflowDescription.IndexImport(t, List.of(k))),
                List.of(new DataflowDescription.BuildDesc(view, all)),
                Map.of(GlobalId.user(4), new DataflowDescription.IndexExport(view,
                                List.of(ScalarExpr.call(VariadicFunc.COALESCE, k, ScalarExpr.literal(0L, BIGINT)))),
                        GlobalId.user(5), DataflowDescription.IndexExport.reexport(t, List.of(k), i)),
                Frontier.at(7));
    }

    static List<ComputeCommand> everyCommand() {
        PeekRequest peek = new PeekRequest(UUID.randomUUID(), GlobalId.user(4), 9, Row.of(3L),
                new Mfp(2, List.of(), List.of(), new int[] {1}), new RowSetFinishing(List.of(ColumnOrder.asc(0)), 10, 2, new int[] {0}));
        List<ComputeCommand> out = List.of(new ComputeCommand.CreateDataflow(12, everyPlanNode()),
                new ComputeCommand.DropDataflow(12), new ComputeCommand.DropIndex(GlobalId.user(4)),
                new ComputeCommand.AllowCompaction(GlobalId.user(4), Frontier.at(5)),
                new ComputeCommand.AllowCompaction(GlobalId.user(4), Frontier.EMPTY),
                new ComputeCommand.Peek(peek), new ComputeCommand.CancelPeek(peek.uuid()), new ComputeCommand.SampleExports(3));
        assertEquals(ComputeCommand.class.getPermittedSubclasses().length, out.stream().map(Object::getClass).distinct().count(),
                "every kind of command");
        return out;
    }

    static List<ComputeResponse> everyResponse() {
        PackedRows.Builder b = PackedRows.builder();
        b.add(Row.of(1L, "x"), 2);
        b.add(Row.of(2L, null), 1);
        List<ComputeResponse> out = List.of(new ComputeResponse.DataflowCreated(12, 1, 7),
                new ComputeResponse.DataflowFailed(12, 0, new SpindleException(ErrorCode.DIVISION_BY_ZERO_0)),
                new ComputeResponse.Frontiers(GlobalId.user(4), 1, Frontier.at(10), Frontier.MIN),
                new ComputeResponse.PeekAnswer(UUID.randomUUID(), 0, new PeekPartial.Rows(List.of(b.build(), PackedRows.empty()))),
                new ComputeResponse.PeekAnswer(UUID.randomUUID(), 1,
                        new PeekPartial.Error(new SpindleException(ErrorCode.COMPACTION_FRONTIER_BEYOND_READ_2, 10, 5))),
                new ComputeResponse.ExportSample(3, 1, List.of(new ComputeResponse.ExportStat(GlobalId.user(4), 10, 2, 480, 0, 12))));
        assertEquals(ComputeResponse.class.getPermittedSubclasses().length, out.stream().map(Object::getClass).distinct().count(),
                "every kind of response");
        return out;
    }

    @Test
    void everyCommandSurvivesBytes() {
        for (ComputeCommand c : everyCommand()) {
            ComputeCommand back = ProtocolCodec.roundTrip(c);
            assertNotSame(c, back);
            assertDeepEquals(c, back, c.getClass().getSimpleName());
        }
    }

    @Test
    void everyResponseSurvivesBytes() {
        for (ComputeResponse r : everyResponse()) {
            ComputeResponse back = ProtocolCodec.roundTrip(r);
            assertNotSame(r, back);
            assertDeepEquals(r, back, r.getClass().getSimpleName());
        }
    }

    @Test
    void anErrorKeepsItsCodeMessageAndSqlState() {
        SpindleException e = SpindleException.atPosition(7, ErrorCode.INDEX_DROPPED_1, GlobalId.user(4));
        SpindleException back = ProtocolCodec.roundTrip(e);
        assertEquals(ErrorCode.INDEX_DROPPED_1, back.code());
        assertEquals("index \"u4\" was dropped", back.getMessage());
        assertEquals(7, back.position());
        assertEquals("42704", back.toSQLException().getSQLState());
        assertEquals(List.of(), back.args(), "arguments stay behind: the message holds them");
    }

    @Test
    void aDecodedDescriptionIsValidatedAgain() {
        DataflowDescription d = everyPlanNode();
        DataflowDescription back = ProtocolCodec.roundTrip(d);
        assertEquals(d.reexports(), back.reexports());
        assertInstanceOf(DataflowDescription.class, back);
    }

    /** Equality through records, collections, arrays, packed rows and errors. */
    static void assertDeepEquals(Object expected, Object actual, String path) {
        if (expected == null || actual == null) {
            assertEquals(expected, actual, path);
            return;
        }
        assertEquals(expected.getClass(), actual.getClass(), path);
        Class<?> c = expected.getClass();
        if (c.isRecord()) {
            for (RecordComponent rc : c.getRecordComponents()) {
                try {
                    assertDeepEquals(rc.getAccessor().invoke(expected), rc.getAccessor().invoke(actual), path + "." + rc.getName());
                } catch (ReflectiveOperationException e) {
                    fail(path + ": " + e);
                }
            }
        } else if (expected instanceof List) {
            List<?> a = (List<?>) expected;
            List<?> b = (List<?>) actual;
            assertEquals(a.size(), b.size(), path + ".size");
            for (int i = 0; i < a.size(); i++) {
                assertDeepEquals(a.get(i), b.get(i), path + "[" + i + "]");
            }
        } else if (expected instanceof Map) {
            Map<?, ?> a = (Map<?, ?>) expected;
            Map<?, ?> b = (Map<?, ?>) actual;
            assertEquals(a.keySet(), b.keySet(), path + ".keys");
            for (Object k : a.keySet()) {
                assertDeepEquals(a.get(k), b.get(k), path + "[" + k + "]");
            }
        } else if (c.isArray()) {
            assertTrue(Arrays.deepEquals(new Object[] {expected}, new Object[] {actual}), path);
        } else if (expected instanceof PackedRows) {
            PackedRows a = (PackedRows) expected;
            PackedRows b = (PackedRows) actual;
            assertEquals(a.size(), b.size(), path + ".size");
            List<Object> rowsA = new ArrayList<>();
            List<Object> rowsB = new ArrayList<>();
            for (int i = 0; i < a.size(); i++) {
                rowsA.add(List.of(a.row(i), a.count(i)));
                rowsB.add(List.of(b.row(i), b.count(i)));
            }
            assertEquals(rowsA, rowsB, path);
        } else if (expected instanceof SpindleException) {
            SpindleException a = (SpindleException) expected;
            SpindleException b = (SpindleException) actual;
            assertEquals(a.code(), b.code(), path + ".code");
            assertEquals(a.getMessage(), b.getMessage(), path + ".message");
        } else {
            assertEquals(expected, actual, path);
        }
    }
}
