package dev.spindle.planner.calcite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spindle.common.error.SpindleException;
import dev.spindle.common.id.GlobalId;
import dev.spindle.common.type.Column;
import dev.spindle.common.type.ColumnType;
import dev.spindle.common.type.RelationDesc;
import dev.spindle.common.type.TypeKind;
import dev.spindle.planner.TestSql;
import dev.spindle.planner.catalog.Catalog;
import dev.spindle.planner.catalog.CatalogItem;
import dev.spindle.planner.lower.ConstantFolder;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rel.RelRoot;
import org.apache.calcite.sql.SqlJoin;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlSelect;
import org.junit.jupiter.api.Test;

/**
 * {@link CommaJoins}: a long comma list becomes a balanced tree of its items in their order (the
 * validator's rewrite step, {@link ColumnQualifier}, applies it), anything else stays as written,
 * and SQLite's {@code select5} shape of query plans to the very same relational expression either
 * way.
 */
class CommaJoinsTest {
    private static final int TABLES = 64;
    private static final Catalog CATALOG = catalog();

    /** t1..t64, each with a_i, b_i and x_i, as in select5. */
    private static Catalog catalog() {
        Catalog c = Catalog.empty();
        for (int i = 1; i <= TABLES; i++) {
            c = c.with(CatalogItem.Table.of(GlobalId.user(i), "t" + i, new RelationDesc(List.of(
                    new Column("a" + i, ColumnType.of(TypeKind.INTEGER)), new Column("b" + i, ColumnType.of(TypeKind.INTEGER)),
                    new Column("x" + i, ColumnType.of(TypeKind.TEXT))))));
        }
        return c;
    }

    private static SqlNode from(String sql) {
        return ((SqlSelect) TestSql.lenient(sql)).getFrom();
    }

    /** The items of a tree of joins, left to right. */
    private static void items(SqlNode node, List<String> out) {
        if (node instanceof SqlJoin) {
            items(((SqlJoin) node).getLeft(), out);
            items(((SqlJoin) node).getRight(), out);
        } else {
            out.add(node.toString());
        }
    }

    private static int depth(SqlNode node) {
        if (node instanceof SqlJoin) {
            return 1 + Math.max(depth(((SqlJoin) node).getLeft()), depth(((SqlJoin) node).getRight()));
        }
        return 0;
    }

    private static String commaList(List<Integer> tables) {
        StringBuilder sb = new StringBuilder();
        for (int t : tables) {
            sb.append(sb.length() == 0 ? "" : ", ").append("t").append(t);
        }
        return sb.toString();
    }

    @Test
    void aLongCommaListBecomesABalancedTreeOfItsItemsInTheirOrder() {
        for (int n : new int[] {4, 5, 16, 17, 64}) {
            List<Integer> tables = new ArrayList<>();
            for (int i = 1; i <= n; i++) {
                tables.add(i);
            }
            Collections.shuffle(tables, new Random(n));
            SqlNode written = from("SELECT 1 FROM " + commaList(tables) + " AS last");
            assertEquals(n - 1, depth(written), "the parser's left-deep chain");
            SqlNode balanced = CommaJoins.balanced(written, 4);
            List<String> before = new ArrayList<>();
            List<String> after = new ArrayList<>();
            items(written, before);
            items(balanced, after);
            assertEquals(before, after, "the same items in the same order");
            assertEquals(32 - Integer.numberOfLeadingZeros(n - 1), depth(balanced), "depth ceil(log2 " + n + ")");
            assertEquals(depth(balanced), depth(CommaJoins.balanced(balanced, 4)), "balancing it again changes nothing");
        }
    }

    @Test
    void shortListsExplicitJoinsAndConditionsAreLeftAsWritten() {
        for (String sql : List.of(
                "SELECT 1 FROM t1, t2, t3",
                "SELECT 1 FROM t1, t2 JOIN t3 ON a2 = a3, t4, t5",
                "SELECT 1 FROM t1 CROSS JOIN t2 CROSS JOIN t3 CROSS JOIN t4",
                "SELECT 1 FROM t1, t2, t3, t4 NATURAL JOIN t5")) {
            SqlNode written = from(sql);
            assertSame(written, CommaJoins.balanced(written, 4), sql);
        }
    }

    @Test
    void theRewriteStepBalancesAManyTableQuery() {
        SqlNode q = TestSql.lenient("SELECT x1, x9 FROM t1, t2, t3, t4, t5, t6, t7, t8, t9 WHERE a1 = b9 AND a2 = 3");
        ColumnQualifier.qualify(q, SqlPlanner.readerForTests(CATALOG));
        assertEquals(4, depth(((SqlSelect) q).getFrom()), "nine items, four levels");
    }

    /** The plan's text and output names, or the error. */
    private static String outcome(String sql, boolean rewrite) {
        SqlPlanner p = new SqlPlanner(CATALOG, ConstantFolder.INSTANCE).statementText(sql);
        if (!rewrite) {
            p.withoutColumnQualifier();
        }
        try {
            RelRoot root = p.plan(TestSql.lenient(sql));
            return root.validatedRowType.getFieldNames() + "\n" + RelOptUtil.toString(root.rel);
        } catch (SpindleException e) {
            return "error " + e.sqlState() + ": " + e.getMessage();
        }
    }

    /**
     * select5's queries: n tables in random order, a chain of equalities between them in random
     * order, one constant, some x columns: the same plan balanced or left-deep (join order is
     * chosen from the flattened items either way).
     */
    @Test
    void select5ShapedQueriesPlanTheSameBalancedOrNot() {
        Random r = new Random(5);
        for (int q = 0; q < 24; q++) {
            int n = 4 + r.nextInt(q < 20 ? 12 : 40);
            List<Integer> tables = new ArrayList<>();
            for (int i = 1; i <= TABLES; i++) {
                tables.add(i);
            }
            Collections.shuffle(tables, r);
            tables = tables.subList(0, n);
            List<String> conds = new ArrayList<>();
            for (int i = 1; i < n; i++) {
                int a = tables.get(r.nextInt(i));
                int b = tables.get(i);
                conds.add(r.nextBoolean() ? "a" + a + " = b" + b : "b" + b + " = a" + a);
            }
            conds.add("a" + tables.get(r.nextInt(n)) + " = " + r.nextInt(10));
            Collections.shuffle(conds, r);
            List<String> cols = new ArrayList<>();
            for (int i = 0; i < Math.min(n, 8); i++) {
                cols.add("x" + tables.get(r.nextInt(n)));
            }
            String sql = "SELECT " + String.join(", ", cols) + " FROM " + commaList(tables) + " WHERE "
                    + String.join(" AND ", conds);
            String balanced = outcome(sql, true);
            assertTrue(balanced.startsWith("["), balanced);
            assertEquals(outcome(sql, false), balanced, sql);
        }
    }
}
