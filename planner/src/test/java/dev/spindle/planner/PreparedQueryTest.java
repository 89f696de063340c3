package dev.spindle.planner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import dev.spindle.common.id.GlobalId;
import dev.spindle.common.row.Row;
import dev.spindle.common.type.Column;
import dev.spindle.common.type.ColumnType;
import dev.spindle.common.type.RelationDesc;
import dev.spindle.common.type.TypeKind;
import dev.spindle.compute.expr.ScalarExpr;
import dev.spindle.planner.catalog.Catalog;
import dev.spindle.planner.catalog.CatalogItem;
import dev.spindle.planner.peek.PeekPlan;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** A prepared query binds its parameters into the plan each execution: a key parameter is a point lookup. */
class PreparedQueryTest {
    private static final RelationDesc KV = new RelationDesc(List.of(
            new Column("k", ColumnType.of(TypeKind.INTEGER)), new Column("v", ColumnType.of(TypeKind.TEXT))));

    private static Catalog catalog() {
        GlobalId t = GlobalId.user(1);
        return Catalog.empty().with(CatalogItem.Table.of(t, "kv", KV))
                .with(new CatalogItem.Index(GlobalId.user(2), "kv_k", t,
                        List.of(ScalarExpr.column(0, ColumnType.of(TypeKind.INTEGER))), List.of(0), null));
    }

    @Test
    void aParameterOnTheWholeKeyIsAPointLookupWithTheBoundValue() {
        AtomicLong ids = new AtomicLong(100);
        QueryPlanner planner = new QueryPlanner(catalog(), PlannedQueryTest::parse, ids::incrementAndGet);
        String sql = "SELECT v FROM kv WHERE k = ?";
        PreparedQuery q = planner.prepare(PlannedQueryTest.parse(sql), sql);
        assertEquals(TypeKind.INTEGER, q.parameterTypes().get(0).kind());
        for (long k : new long[] {5, 7, -1}) {
            PeekPlan.Fast f = assertInstanceOf(PeekPlan.Fast.class, q.bind(List.of(k)));
            assertNotNull(f.literalKey(), "a point lookup, not a scan");
            assertEquals(Row.of(k), f.literalKey());
        }
    }
}
