package dev.spindle.planner.calcite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spindle.common.error.SpindleException;
import dev.spindle.common.id.GlobalId;
import dev.spindle.common.type.Column;
import dev.spindle.common.type.ColumnType;
import dev.spindle.common.type.RelationDesc;
import dev.spindle.common.type.TypeKind;
import dev.spindle.planner.catalog.Catalog;
import dev.spindle.planner.catalog.CatalogItem;
import dev.spindle.planner.lower.ConstantFolder;
import dev.spindle.planner.TestSql;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rel.RelRoot;
import org.apache.calcite.sql.SqlNode;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

/**
 * {@link ColumnQualifier} against Calcite's own resolution: random queries over many tables, with
 * aliases, explicit joins, names that one, several or no table has, and nested queries that name
 * their own and the outer query's columns, plan to the same relational expression (or fail with
 * the same error) with the qualifier (and its balancing of long comma lists, {@link CommaJoins}) and
 * without it.
 */
class ColumnQualifierProperties {
    private static final int TABLES = 8;
    private static final Catalog CATALOG = catalog();

    /** t1..t8: each has k and its own a_i, b_i; the odd ones also share x. */
    private static Catalog catalog() {
        Catalog c = Catalog.empty();
        for (int i = 1; i <= TABLES; i++) {
            List<Column> cols = new ArrayList<>(List.of(new Column("k", ColumnType.of(TypeKind.INTEGER)),
                    new Column("a" + i, ColumnType.of(TypeKind.INTEGER)), new Column("b" + i, ColumnType.of(TypeKind.BIGINT))));
            if (i % 2 == 1) {
                cols.add(new Column("x", ColumnType.of(TypeKind.TEXT)));
            }
            c = c.with(CatalogItem.Table.of(GlobalId.user(i), "t" + i, new RelationDesc(cols)));
        }
        return c;
    }

    private static SqlNode parse(String sql) {
        return TestSql.lenient(sql);
    }

    /** The plan's text and output names, or the error's SQLSTATE and message. */
    private static String outcome(String sql, boolean qualify) {
        // Calcite's trimmer rebuilds the joins' inputs through a RelBuilder, which merges and drops
        // projections: the balanced comma list (CommaJoins) and the one as written then come out as
        // one tree, so what is compared is how names resolve, not where narrowing left a projection.
        // Every query goes through Calcite's validator (the direct conversion resolves names as
        // PostgreSQL does, which is what the qualifier gives Calcite)
        SqlPlanner p = new SqlPlanner(CATALOG, ConstantFolder.INSTANCE).statementText(sql).withCalciteTrimmer()
                .withoutDirectConversion();
        if (!qualify) {
            p.withoutColumnQualifier();
        }
        try {
            RelRoot root = p.plan(parse(sql));
            return root.validatedRowType.getFieldNames() + "\n" + RelOptUtil.toString(root.rel);
        } catch (SpindleException e) {
            return "error " + e.sqlState() + ": " + e.getMessage();
        }
    }

    /** A random query over {@code items} FROM items, possibly with a nested query. */
    static String query(Random r, boolean nest) {
        return query(r, nest, "q", true);
    }

    /**
     * A nested query's aliases differ from the outer one's ({@code aliasPrefix}): Calcite alone finds
     * a column of an inner table ambiguous when an inner alias repeats an outer one (see
     * {@link #anInnerAliasRepeatingAnOuterOneDoesNotMakeAnInnerColumnAmbiguous}). A nested query
     * has no {@code ORDER BY} ({@code mayOrder} false): the outer query appends a condition to its
     * {@code WHERE}, which would otherwise land in the {@code ORDER BY} expression, whose errors
     * Calcite reports before or after the {@code WHERE}'s depending on the outer query's names.
     */
    static String query(Random r, boolean nest, String aliasPrefix, boolean mayOrder) {
        int items = ColumnQualifier.MIN_ITEMS + r.nextInt(3);
        List<Integer> tables = new ArrayList<>();
        while (tables.size() < items) {
            int t = 1 + r.nextInt(TABLES);
            if (!tables.contains(t) || r.nextInt(20) == 0) { // now and then a repeated table
                tables.add(t);
            }
        }
        List<String> names = new ArrayList<>();
        StringBuilder from = new StringBuilder();
        for (int i = 0; i < tables.size(); i++) {
            int t = tables.get(i);
            String alias = r.nextInt(3) == 0 ? aliasPrefix + i : null;
            names.add(alias == null ? "t" + t : alias);
            String item = "t" + t + (alias == null ? "" : " AS " + alias);
            if (i == 0) {
                from.append(item);
            } else if (r.nextInt(3) == 0) {
                from.append(r.nextBoolean() ? " JOIN " : " LEFT JOIN ").append(item).append(" ON ")
                        .append(column(r, tables.subList(0, i + 1), names)).append(" = ").append(column(r, tables.subList(0, i + 1), names));
            } else {
                from.append(", ").append(item);
            }
        }
        StringBuilder sql = new StringBuilder("SELECT ");
        int selected = 1 + r.nextInt(3);
        for (int i = 0; i < selected; i++) {
            sql.append(i > 0 ? ", " : "").append(column(r, tables, names)).append(r.nextInt(4) == 0 ? " AS c" + i : "");
        }
        sql.append(" FROM ").append(from).append(" WHERE ");
        int conds = 1 + r.nextInt(4);
        for (int i = 0; i < conds; i++) {
            sql.append(i > 0 ? " AND " : "").append(column(r, tables, names)).append(r.nextBoolean() ? " = " : " < ")
                    .append(r.nextInt(4) == 0 ? String.valueOf(r.nextInt(9)) : column(r, tables, names));
        }
        if (nest) {
            sql.append(" AND EXISTS (").append(query(r, false, "p", false).replace("SELECT ", "SELECT 1, "))
                    .append(" AND ").append(column(r, tables, names)).append(" > 0)");
        }
        if (mayOrder && r.nextInt(3) == 0) {
            sql.append(" ORDER BY 1");
        }
        return sql.toString();
    }

    /** A column reference: a table's own column, k or x, unqualified or qualified; now and then one no table has. */
    private static String column(Random r, List<Integer> tables, List<String> names) {
        int i = r.nextInt(tables.size());
        int t = tables.get(i);
        String name = switch (r.nextInt(7)) {
            case 0 -> "k";
            case 1 -> "x";
            case 2 -> "zz";
            case 3, 4 -> "a" + t;
            default -> "b" + t;
        };
        return r.nextInt(4) == 0 ? names.get(i) + "." + name : name;
    }

    @Property(tries = 300)
    void qualifiedQueriesPlanAsCalciteResolvesThem(@ForAll long seed) {
        Random r = new Random(seed);
        String sql = query(r, r.nextInt(3) == 0);
        assertEquals(outcome(sql, false), outcome(sql, true), sql);
    }

    @Test
    void aManyTableQueryIsQualifiedAndPlansTheSame() {
        String sql = "SELECT a1, b3, x FROM t1, t2, t3, t4 WHERE a1 = b2 AND a3 = k";
        assertEquals(outcome(sql, false), outcome(sql, true));
        assertTrue(outcome(sql, true).startsWith("error"), "k is in every table: ambiguous");
        for (String grouped : List.of(
                "SELECT a1, count(*) AS n FROM t1, t2, t3, t4 WHERE b2 = a3 GROUP BY a1 HAVING a1 > 0 ORDER BY a1",
                "SELECT a1 + b2 AS s FROM t1, t2, t3, t4 WHERE a3 = a4 GROUP BY a1 + b2 ORDER BY s",
                "SELECT a2 AS a1 FROM t1, t2, t3, t4 ORDER BY a1")) { // ORDER BY names the output column
            assertEquals(outcome(grouped, false), outcome(grouped, true), grouped);
            assertTrue(outcome(grouped, true).startsWith("["), outcome(grouped, true));
        }
        String ok = "SELECT a1, b3 FROM t1, t2 AS q, t4, t6 WHERE a1 = b2 AND a4 = a6";
        SqlNode q = parse(ok);
        ColumnQualifier.qualify(q, SqlPlanner.readerForTests(CATALOG));
        // the four items also become a balanced tree of comma joins (CommaJoins)
        assertEquals("SELECT `t1`.`a1`, `b3`\nFROM `t1`,\n`t2` AS `q`,\n(`t4`, `t6`)\nWHERE `t1`.`a1` = `q`.`b2` AND `t4`.`a4` = `t6`.`a6`",
                q.toString());
    }

    @Test
    void anInnerAliasRepeatingAnOuterOneDoesNotMakeAnInnerColumnAmbiguous() {
        String sql = "SELECT a8 FROM t7, t5, t8, t4 AS q3 WHERE EXISTS (SELECT 1 FROM t1, t5, t3, t7 AS q3, t4 WHERE a4 < a8)";
        // Calcite alone looks for a4 under each inner item's name, finds q3 (t7) without it and goes on to
        // the outer q3 (t4), which has it: "ambiguous". PostgreSQL (and the qualifier) take the inner t4's.
        assertEquals("error 42601: Column 'a4' is ambiguous", outcome(sql, false));
        assertTrue(outcome(sql, true).startsWith("[a8]"), outcome(sql, true));
    }
}
