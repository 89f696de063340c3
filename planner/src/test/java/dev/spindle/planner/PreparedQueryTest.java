package dev.spindle.planner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

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
import dev.spindle.planner.peek.PreparedLookup;
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

    private static PreparedQuery prepare(String sql) {
        AtomicLong ids = new AtomicLong(100);
        QueryPlanner planner = new QueryPlanner(catalog(), PlannedQueryTest::parse, ids::incrementAndGet);
        return planner.prepare(PlannedQueryTest.parse(sql), sql);
    }

    @Test
    void aPointLookupIsLoweredOnceWithSymbolicParametersAndBoundWithoutLowering() {
        PreparedQuery q = prepare("SELECT v FROM kv WHERE k = ?");
        PreparedLookup lookup = q.lookup();
        assertNotNull(lookup);
        assertSame(lookup, q.lookup(), "lowered once");
        assertEquals(GlobalId.user(2), lookup.index());
        PeekPlan.Fast five = lookup.bind(List.of(5L));
        PeekPlan.Fast seven = lookup.bind(List.of(7L));
        assertEquals(Row.of(5L), five.literalKey());
        assertEquals(Row.of(7L), seven.literalKey());
        assertSame(five.mfp(), seven.mfp(), "k = ? is implied by the lookup: the filter is the same every time");
        assertEquals(0, five.mfp().predicates().size());
        // the same rows as the plan bound and lowered: the bound plan's filter keeps k = 5, which the key implies
        PeekPlan.Fast bound = assertInstanceOf(PeekPlan.Fast.class, q.bind(List.of(5L)));
        assertEquals(bound.index(), five.index());
        assertEquals(bound.literalKey(), five.literalKey());
        assertEquals(bound.finishing(), five.finishing());
        assertEquals(bound.columns(), five.columns());
        // NULL: a lookup of NULL whose filter k = NULL keeps no row
        PeekPlan.Fast none = lookup.bind(java.util.Arrays.asList((Object) null));
        assertEquals(1, none.mfp().predicates().size());
        assertEquals(null, none.mfp().predicates().get(0).eval(new Object[] {null, "x"}));
        // a value not of the parameter's class or range is left to binding and lowering
        assertNull(lookup.bind(List.of("5")));
        assertNull(lookup.bind(List.of(1L << 40)));
    }

    @Test
    void aFurtherParameterInTheFilterIsBoundPerExecution() {
        PreparedLookup lookup = prepare("SELECT v FROM kv WHERE k = ? AND v <> ?").lookup();
        assertNotNull(lookup);
        PeekPlan.Fast f = lookup.bind(List.of(5L, "a"));
        assertEquals(Row.of(5L), f.literalKey());
        assertNull(f.mfp().apply(new Object[] {5L, "a"}), "v <> 'a' filters it out");
        assertNotNull(f.mfp().apply(new Object[] {5L, "b"}));
    }

    @Test
    void whatIsNotAPointLookupOnParametersHasNoLookup() {
        assertNull(prepare("SELECT v FROM kv WHERE k >= ?").lookup(), "a scan");
        assertNull(prepare("SELECT v FROM kv WHERE k = ? + 1").lookup(), "a key computed from a parameter");
        assertNull(prepare("SELECT count(*) FROM kv WHERE k = ?").lookup(), "the slow path");
    }
}
