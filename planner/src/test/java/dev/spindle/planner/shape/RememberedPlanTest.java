package dev.spindle.planner.shape;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

import dev.spindle.common.id.GlobalId;
import dev.spindle.common.type.Column;
import dev.spindle.common.type.ColumnType;
import dev.spindle.common.type.RelationDesc;
import dev.spindle.common.type.TypeKind;
import dev.spindle.compute.expr.ScalarExpr;
import dev.spindle.planner.QueryPlanner;
import dev.spindle.planner.catalog.Catalog;
import dev.spindle.planner.catalog.CatalogItem;
import dev.spindle.planner.peek.PeekPlan;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.calcite.avatica.util.Casing;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.parser.SqlParser;
import org.junit.jupiter.api.Test;

/** A literal-free query's fast-path plan is lowered once per shape and table, not per execution. */
class RememberedPlanTest {
    private static final ColumnType INT = ColumnType.of(TypeKind.INTEGER);
    private static final RelationDesc INTS = new RelationDesc(List.of(new Column("a", INT), new Column("b", INT)));
    private static final GlobalId T1 = GlobalId.user(1);
    private static final GlobalId T2 = GlobalId.user(2);
    private static final Catalog CATALOG = Catalog.empty()
            .with(CatalogItem.Table.of(T1, "t1", INTS))
            .with(CatalogItem.Table.of(T2, "t2", INTS))
            .with(new CatalogItem.Index(GlobalId.user(3), "i1", T1, List.of(ScalarExpr.column(0, INT)), List.of(0), null))
            .with(new CatalogItem.Index(GlobalId.user(4), "i2", T2, List.of(ScalarExpr.column(0, INT)), List.of(0), null));
    private final AtomicLong ids = new AtomicLong(100);
    private final ShapeCache shapes = new ShapeCache();

    private PeekPlan plan(String sql) {
        SqlNode q;
        try {
            q = SqlParser.create(sql, SqlParser.config().withUnquotedCasing(Casing.TO_LOWER)).parseQuery();
        } catch (Exception e) {
            throw new AssertionError(e);
        }
        return plan(CATALOG, sql);
    }

    private PeekPlan plan(Catalog catalog, String sql) {
        SqlNode q;
        try {
            q = SqlParser.create(sql, SqlParser.config().withUnquotedCasing(Casing.TO_LOWER)).parseQuery();
        } catch (Exception e) {
            throw new AssertionError(e);
        }
        return new QueryPlanner(catalog, s -> null, ids::getAndIncrement, shapes).planQuery(q, sql);
    }

    @Test
    void aLiteralFreeFastPathIsLoweredOnce() {
        PeekPlan first = plan("SELECT b FROM t1 WHERE b IS NOT NULL");
        assertInstanceOf(PeekPlan.Fast.class, first);
        assertSame(first, plan("SELECT b FROM t1 WHERE b IS NOT NULL"));
        PeekPlan other = plan("SELECT b FROM t2 WHERE b IS NOT NULL");
        assertNotSame(first, other, "another table of the same shape");
        assertEquals(GlobalId.user(4), ((PeekPlan.Fast) other).index());
    }

    @Test
    void aRememberedPlanIsNotReadAfterItsIndexIsReplaced() {
        PeekPlan.Fast first = (PeekPlan.Fast) plan("SELECT b FROM t1 WHERE b IS NOT NULL");
        assertEquals(GlobalId.user(3), first.index());
        Catalog replaced = CATALOG.without(GlobalId.user(3))
                .with(new CatalogItem.Index(GlobalId.user(5), "i1b", T1, List.of(ScalarExpr.column(0, INT)), List.of(0), null));
        LiteralLifter.Key key = LiteralLifter.lift(parse("SELECT b FROM t1 WHERE b IS NOT NULL"), replaced,
                dev.spindle.planner.calcite.SqlPlanner.types()).key();
        assertInstanceOf(ShapeTemplate.class, shapes.get(replaced, key),
                "the template of the catalog-free shape is kept across the change");
        PeekPlan.Fast again = (PeekPlan.Fast) plan(replaced, "SELECT b FROM t1 WHERE b IS NOT NULL");
        assertEquals(GlobalId.user(5), again.index(), "the new snapshot's index, not the remembered plan's");
    }

    @Test
    void aShapeOfAQualifiedOrUnknownNameIsPlannedPerSnapshot() {
        assertEquals(false, LiteralLifter.lift(parse("SELECT a FROM public.t1 WHERE b > 1"), CATALOG,
                dev.spindle.planner.calcite.SqlPlanner.types()).key().catalogFree());
        assertEquals(false, LiteralLifter.lift(parse("SELECT a FROM nosuch WHERE b > 1"), CATALOG,
                dev.spindle.planner.calcite.SqlPlanner.types()).key().catalogFree());
        assertEquals(true, LiteralLifter.lift(parse("SELECT a FROM t1 x, t2 WHERE x.b > 1 AND t2.a IN (SELECT a FROM t1)"),
                CATALOG, dev.spindle.planner.calcite.SqlPlanner.types()).key().catalogFree());
    }

    private static SqlNode parse(String sql) {
        try {
            return SqlParser.create(sql, SqlParser.config().withUnquotedCasing(Casing.TO_LOWER)).parseQuery();
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void aPlanWithLiteralsIsBoundPerExecution() {
        PeekPlan.Fast five = (PeekPlan.Fast) plan("SELECT b FROM t1 WHERE a = 5");
        PeekPlan.Fast six = (PeekPlan.Fast) plan("SELECT b FROM t1 WHERE a = 6");
        assertEquals(5, ((Number) five.literalKey().get(0)).intValue());
        assertEquals(6, ((Number) six.literalKey().get(0)).intValue());
    }
}
