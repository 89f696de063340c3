package dev.spindle.planner.calcite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spindle.common.id.GlobalId;
import dev.spindle.common.type.Column;
import dev.spindle.common.type.ColumnType;
import dev.spindle.common.type.RelationDesc;
import dev.spindle.common.type.TypeKind;
import dev.spindle.planner.catalog.Catalog;
import dev.spindle.planner.catalog.CatalogItem;
import dev.spindle.planner.lower.ConstantFolder;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.avatica.util.Casing;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelRoot;
import org.apache.calcite.rel.core.Join;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.parser.SqlParseException;
import org.apache.calcite.sql.parser.SqlParser;
import org.apache.calcite.sql.validate.SqlConformanceEnum;
import org.junit.jupiter.api.Test;

/** Joins that the FROM order makes cross products are rebuilt along their conditions. */
class JoinOrderTest {
    private static final int TABLES = 8;
    private static final Catalog CATALOG = catalog();

    private static Catalog catalog() {
        Catalog c = Catalog.empty();
        for (int i = 1; i <= TABLES; i++) {
            c = c.with(CatalogItem.Table.of(GlobalId.user(i), "t" + i, new RelationDesc(List.of(
                    new Column("a" + i, ColumnType.of(TypeKind.INTEGER)), new Column("b" + i, ColumnType.of(TypeKind.INTEGER))))));
        }
        return c;
    }

    private static RelRoot plan(String sql) {
        try {
            SqlNode q = SqlParser.create(sql, SqlParser.config().withUnquotedCasing(Casing.TO_LOWER)
                    .withConformance(SqlConformanceEnum.LENIENT)).parseQuery();
            return new SqlPlanner(CATALOG, ConstantFolder.INSTANCE).statementText(sql).plan(q);
        } catch (SqlParseException e) {
            throw new IllegalArgumentException(e);
        }
    }

    private static void joins(RelNode rel, List<Join> out) {
        if (rel instanceof Join) {
            out.add((Join) rel);
        }
        rel.getInputs().forEach(i -> joins(i, out));
    }

    @Test
    void aChainWrittenOutOfOrderIsJoinedAlongItsConditions() {
        // the FROM order joins t1 with t3, t3 with t5 ... on nothing; the conditions form a chain t1-t2-...-t8
        StringBuilder where = new StringBuilder();
        for (int i = 1; i < TABLES; i++) {
            where.append(i > 1 ? " AND " : "").append("b").append(i).append(" = a").append(i + 1);
        }
        String sql = "SELECT a1, b8, a4 FROM t1, t3, t5, t7, t2, t4, t6, t8 WHERE " + where + " AND a1 = 5";
        RelRoot root = plan(sql);
        List<Join> joins = new ArrayList<>();
        joins(root.rel, joins);
        assertEquals(TABLES - 1, joins.size(), RelOptUtil.toString(root.rel));
        for (Join j : joins) {
            assertFalse(j.getCondition().isAlwaysTrue(), () -> "a cross product is left:\n" + RelOptUtil.toString(root.rel));
        }
        assertFalse(JoinOrder.hasCrossProduct(root.rel));
        assertEquals(List.of("a1", "b8", "a4"), root.validatedRowType.getFieldNames());
        String text = RelOptUtil.toString(root.rel);
        assertTrue(text.contains("=($0, 5)") || text.contains("=($0, 5))"), text); // the single-table filter stays
    }

    @Test
    void aQueryWithoutACrossProductKeepsItsOrder() {
        RelRoot root = plan("SELECT a1 FROM t1, t2, t3 WHERE b1 = a2 AND b2 = a3");
        assertFalse(JoinOrder.hasCrossProduct(root.rel));
        String text = RelOptUtil.toString(root.rel);
        assertTrue(text.indexOf("t1") < text.indexOf("t2") && text.indexOf("t2") < text.indexOf("t3"), text);
    }

    @Test
    void disconnectedRelationsStillJoinWithOneCrossProductEach() {
        // t1-t2 and t3-t4 are connected pairs with nothing between them: one cross product is needed
        RelRoot root = plan("SELECT a1 FROM t1, t3, t2, t4 WHERE b1 = a2 AND b3 = a4");
        List<Join> joins = new ArrayList<>();
        joins(root.rel, joins);
        long unconditioned = joins.stream().filter(j -> j.getCondition().isAlwaysTrue()).count();
        assertEquals(1, unconditioned, RelOptUtil.toString(root.rel));
    }

    @Test
    void aConnectedPairIsJoinedBeforeTheUnconnectedRelationsMultiplyTheRows() {
        // as in SQLite's select4: five filtered relations that nothing connects, and t6-t7 joined by a condition
        RelRoot root = plan("SELECT a1 FROM t1, t2, t3, t4, t5, t6, t7 WHERE a1 = 1 AND a2 = 2 AND a3 = 3 AND a4 = 4"
                + " AND a5 = 5 AND b6 = a7");
        List<Join> joins = new ArrayList<>();
        joins(root.rel, joins);
        assertEquals(6, joins.size(), RelOptUtil.toString(root.rel));
        // left-deep: the last join found is the lowest; the one above it joins t7 to (t1 x t6) on b6 = a7
        Join lowest = joins.get(joins.size() - 1);
        Join second = joins.get(joins.size() - 2);
        assertTrue(lowest.getCondition().isAlwaysTrue(), RelOptUtil.toString(root.rel));
        assertFalse(second.getCondition().isAlwaysTrue(), () -> "t6 and t7 are joined late:\n" + RelOptUtil.toString(root.rel));
        assertEquals(List.of("a1"), root.validatedRowType.getFieldNames());
    }
}
