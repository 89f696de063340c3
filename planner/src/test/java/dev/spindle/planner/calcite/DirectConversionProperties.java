package dev.spindle.planner.calcite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.spindle.common.id.GlobalId;
import dev.spindle.common.type.Column;
import dev.spindle.common.type.ColumnType;
import dev.spindle.common.type.RelationDesc;
import dev.spindle.common.type.TypeKind;
import dev.spindle.planner.TestSql;
import dev.spindle.planner.catalog.Catalog;
import dev.spindle.planner.catalog.CatalogItem;
import dev.spindle.planner.lower.ConstantFolder;
import dev.spindle.planner.shape.LiteralLifter;
import java.util.List;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelRoot;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexShuttle;
import org.apache.calcite.sql.SqlExplainLevel;
import org.apache.calcite.sql.SqlNode;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.statistics.Statistics;

/**
 * {@link DirectConversion} gives what Calcite's validation and conversion give: random queries in
 * and around its subset (columns of several types, qualified and misqualified names, literals of
 * several types, operators in and out of the subset, stars, aliases, DISTINCT, duplicates), as
 * written and as shapes with their literals lifted, planned with it and without it come out the
 * same (relational expressions with every expression's operator instance and type, the root's
 * fields and row type), or fail with the same error.
 */
class DirectConversionProperties {
    private static final Catalog CATALOG = Catalog.empty()
            .with(CatalogItem.Table.of(GlobalId.user(1), "t", new RelationDesc(List.of(
                    new Column("a", ColumnType.of(TypeKind.INTEGER)), new Column("b", ColumnType.of(TypeKind.INTEGER)),
                    new Column("c", ColumnType.of(TypeKind.TEXT))))))
            .with(CatalogItem.Table.of(GlobalId.user(2), "u", new RelationDesc(List.of(
                    new Column("k", new ColumnType(TypeKind.INTEGER, ColumnType.UNSPECIFIED, ColumnType.UNSPECIFIED,
                            ColumnType.UNSPECIFIED, false)),
                    new Column("a", ColumnType.of(TypeKind.INTEGER)), new Column("d", ColumnType.of(TypeKind.DOUBLE)),
                    new Column("e", ColumnType.of(TypeKind.BIGINT))))));

    /** The outcome of planning: the plan's digest, or the error. */
    private static String outcome(SqlNode query, String sql, boolean direct) {
        SqlPlanner planner = new SqlPlanner(CATALOG, ConstantFolder.INSTANCE).statementText(sql);
        if (!direct) {
            planner.withoutDirectConversion();
        }
        try {
            return digest(planner.plan(query));
        } catch (RuntimeException | AssertionError e) { // Calcite's own assertions too: tests run with -ea
            return "error " + e.getClass().getSimpleName() + ": " + e.getMessage();
        }
    }

    /** Everything about a root a later step may read: tree, row types, every expression's operator instance and type. */
    static String digest(RelRoot root) {
        StringBuilder out = new StringBuilder();
        out.append(root.kind).append(' ').append(root.fields).append(' ').append(root.collation).append(' ')
                .append(root.validatedRowType.getFullTypeString()).append('\n')
                .append(RelOptUtil.toString(root.rel, SqlExplainLevel.DIGEST_ATTRIBUTES));
        node(root.rel, out);
        return out.toString();
    }

    private static void node(RelNode rel, StringBuilder out) {
        out.append(rel.getRelTypeName()).append(' ').append(rel.getRowType().getFullTypeString()).append(':');
        if (rel instanceof org.apache.calcite.rel.core.Aggregate) {
            for (org.apache.calcite.rel.core.AggregateCall c : ((org.apache.calcite.rel.core.Aggregate) rel).getAggCallList()) {
                out.append(" agg ").append(c.getAggregation().getClass().getName()).append('@')
                        .append(System.identityHashCode(c.getAggregation())).append(' ').append(c).append(' ')
                        .append(c.getType().getFullTypeString()).append(' ').append(c.getName());
            }
        }
        rel.accept(new RexShuttle() {
            @Override
            public RexNode visitCall(RexCall call) {
                // a shape's slots are made anew by every lifting: told apart by name (index and type)
                out.append(" call ").append(call.getOperator().getClass().getName()).append('@')
                        .append(call.getOperator() instanceof TypedSlot ? "slot" : System.identityHashCode(call.getOperator()))
                        .append(' ').append(call.getOperator().getName())
                        .append(' ').append(call.getType().getFullTypeString());
                return super.visitCall(call);
            }

            @Override
            public RexNode visitInputRef(RexInputRef ref) {
                out.append(" ref ").append(ref.getIndex()).append(' ').append(ref.getType().getFullTypeString());
                return ref;
            }

            @Override
            public RexNode visitLiteral(RexLiteral literal) {
                out.append(" literal ").append(literal).append(' ').append(literal.getType().getFullTypeString());
                return literal;
            }
        });
        out.append('\n');
        for (RelNode input : rel.getInputs()) {
            node(input, out);
        }
    }

    private static boolean accepted(SqlNode query) {
        SqlPlanner planner = new SqlPlanner(CATALOG, ConstantFolder.INSTANCE);
        return DirectConversion.tryConvert(query, SqlPlanner.readerForTests(CATALOG), planner.cluster(),
                SqlPlanner.operatorsForTests(), planner.validator().getTypeCoercion()) != null;
    }

    private static void check(String sql) {
        SqlNode query;
        try {
            query = TestSql.lenient(sql);
        } catch (IllegalArgumentException e) {
            Statistics.label("as written").collect("not parsed"); // Calcite's parser has no NOT NOT
            return;
        }
        Statistics.label("as written").collect(accepted(query) ? "direct" : "calcite");
        assertEquals(outcome(query, sql, false), outcome(TestSql.lenient(sql), sql, true), sql);
        LiteralLifter.Shape shape = LiteralLifter.lift(TestSql.lenient(sql), CATALOG, SqlPlanner.types());
        if (shape != null) {
            Statistics.label("shape").collect(accepted(shape.tree()) ? "direct" : "calcite");
            String calcite = outcome(shape.tree(), sql, false);
            String direct = outcome(LiteralLifter.lift(TestSql.lenient(sql), CATALOG, SqlPlanner.types()).tree(), sql, true);
            assertEquals(calcite, direct, "shape of " + sql);
        }
    }

    @Provide
    Arbitrary<String> queries() {
        Arbitrary<String> column = Arbitraries.of("a", "b", "c", "k", "d", "e", "t.a", "x.a", "x.b", "u.k", "y.a", "x.k");
        Arbitrary<String> literal = Arbitraries.of("0", "1", "7", "2147483647", "3000000000", "1.5", "NULL", "-4", "'s'", "TRUE");
        Arbitrary<String> expr = Arbitraries.recursive(() -> Arbitraries.oneOf(column, literal), inner -> Arbitraries.oneOf(
                Combinators.combine(inner, Arbitraries.of("+", "-", "*", "/", "%"), inner).as((l, op, r) -> l + " " + op + " " + r),
                Combinators.combine(Arbitraries.of("-", "+", "- -", "+ -"), inner).as((op, e) -> op + " " + e),
                inner.map(e -> "(" + e + ")"),
                inner.map(e -> "CAST(" + e + " AS INTEGER)"),
                inner.map(e -> "abs(" + e + ")")), 3);
        Arbitrary<String> predicate = Arbitraries.recursive(() -> Arbitraries.oneOf(
                Combinators.combine(expr, Arbitraries.of("=", "<>", "<", "<=", ">", ">="), expr).as((l, op, r) -> l + " " + op + " " + r),
                expr.map(e -> e + " IS NULL"), expr.map(e -> e + " IS NOT NULL"), expr.map(e -> e + " IN (1, 2)"),
                expr.map(e -> e + " BETWEEN 1 AND 3"), Arbitraries.of("TRUE", "a")),
                inner -> Arbitraries.oneOf(
                        Combinators.combine(inner, Arbitraries.of("AND", "OR"), inner).as((l, op, r) -> l + " " + op + " " + r),
                        inner.map(p -> "NOT " + p), inner.map(p -> "(" + p + ")"), inner.map(p -> "(" + p + ") IS NULL")), 2);
        Arbitrary<String> item = Arbitraries.oneOf(expr, Combinators.combine(expr, Arbitraries.of("a", "col0", "x", "EXPR$1"))
                .as((e, a) -> e + " AS " + a), predicate, Arbitraries.of("*", "x.*", "t.*"));
        Arbitrary<String> items = item.list().ofMinSize(1).ofMaxSize(4).map(l -> String.join(", ", l));
        Arbitrary<String> from = Arbitraries.of("", " FROM t", " FROM t AS x", " FROM u", " FROM u x", " FROM u AS y", " FROM nowhere",
                " FROM t, u");
        Arbitrary<String> where = Arbitraries.oneOf(Arbitraries.just(""), predicate.map(p -> " WHERE " + p));
        return Combinators.combine(Arbitraries.of("", "ALL ", "DISTINCT "), items, from, where)
                .as((q, i, f, w) -> "SELECT " + q + i + f + w);
    }

    /** Mostly inside the subset: names that resolve, integer operands, boolean conditions; a few steps out. */
    @Provide
    Arbitrary<String> nearQueries() {
        return near(1);
    }

    /** As {@link #nearQueries}, NULL literals everywhere an operand may be. */
    @Provide
    Arbitrary<String> nullQueries() {
        return near(8);
    }

    private static Arbitrary<String> near(int nulls) {
        return Arbitraries.of("", " FROM t", " FROM t AS x", " FROM u", " FROM u y", " FROM u AS cor0",
                // derived tables: plain, aggregated, with a repeated name, ordered, joined
                " FROM (SELECT k, a, d FROM u WHERE k > 2) AS y", " FROM (SELECT a, b FROM t) AS x, u AS y",
                " FROM (SELECT k, COUNT(*) AS a FROM u GROUP BY k) AS y", " FROM (SELECT a, a FROM t) AS x",
                " FROM (SELECT a, b FROM t ORDER BY 1) AS x", " FROM (SELECT a + 1, b FROM t) AS x",
                // cross products: names of one table, of both (ambiguous unqualified), a repeated alias
                " FROM t AS x, u AS y", " FROM t x CROSS JOIN u AS y", " FROM u AS x, t AS y, u AS z", " FROM t, u",
                " FROM t AS x, t AS y", " FROM t AS x, t AS x", " FROM u AS x, t AS y, u AS z, t").flatMap(from -> {
            boolean join = from.contains(",") || from.contains("JOIN");
            String alias = join ? (from.contains(" x") ? "x" : "t") : from.contains(" AS ") ? from.substring(from.lastIndexOf(' ') + 1)
                    : from.equals(" FROM u y") ? "y" : from.isEmpty() ? null : from.substring(6);
            List<String> names = join ? List.of("a", "b", "k", "d", "x.a", "x.b", "x.k", "y.a", "y.b", "y.k", "y.d", "z.e", "u.k", "t.b")
                    : from.isEmpty() ? List.of("1") : from.contains(" t") ? List.of("a", "b", alias + ".a", alias + ".b")
                    : List.of("k", "a", alias + ".k", alias + ".a", "d", alias + ".d", "e");
            Arbitrary<String> leaf = Arbitraries.frequencyOf(Tuple.of(10, Arbitraries.of(names)),
                    Tuple.of(10, Arbitraries.integers().between(-99, 99).map(String::valueOf)),
                    Tuple.of(3, Arbitraries.of("2.5", "0.25", "25.84", "100.0", "3000000000")),
                    Tuple.of(1, Arbitraries.of("1.5E2", "c", "e")), Tuple.of(nulls, Arbitraries.just("NULL")),
                    Tuple.of(1, Arbitraries.of("CAST(NULL AS INTEGER)", "CAST(NULL AS BIGINT)", "CAST(NULL AS DOUBLE)",
                            "CAST(NULL AS REAL)", "CAST(7 AS REAL)", "CAST(2.5 AS REAL)")),
                    // scalar subqueries: uncorrelated (of each number type, aggregated, of several rows), correlated
                    // (b is only t's), of two columns, of text, ordered
                    Tuple.of(1, Arbitraries.of("(SELECT MAX(a) FROM t)", "(SELECT AVG(d) FROM u WHERE k > 2)", "(SELECT k FROM u)",
                            "(SELECT COUNT(*) FROM t AS q WHERE q.a > 1)", "(SELECT e FROM u WHERE k = 1)", "(SELECT 5)",
                            "(SELECT COUNT(*) FROM u WHERE u.k < b)", "(SELECT a, b FROM t)", "(SELECT c FROM t)",
                            "(SELECT a FROM t ORDER BY 1)", "(SELECT - SUM(k) + 1 FROM u)")),
                    // correlated where the name is the enclosing query's only (x.a, b, y.d, ...), else not
                    Tuple.of(1, Arbitraries.of(names).map(n -> "(SELECT COUNT(*) FROM u AS q WHERE q.k < " + n + " AND q.a > 0)")),
                    Tuple.of(1, Arbitraries.of(names).map(n -> "(SELECT MAX(q.b) FROM t AS q WHERE " + n + " = q.a OR " + n + " IS NULL)")));
            Arbitrary<String> expr = Arbitraries.recursive(() -> leaf, inner -> Arbitraries.oneOf(
                    Combinators.combine(inner, Arbitraries.of("+", "-", "*", "/"), inner).as((l, op, r) -> l + " " + op + " " + r),
                    Combinators.combine(Arbitraries.of("-", "+", "+ -", "- +"), inner).as((op, e) -> op + " " + e),
                    Combinators.combine(inner, Arbitraries.of("INTEGER", "BIGINT", "INT", "DECIMAL", "SMALLINT", "REAL", "DOUBLE", "FLOAT"))
                            .as((e, t) -> "CAST(" + e + " AS " + t + ")"),
                    Combinators.combine(Arbitraries.of("abs", "ABS"), inner).as((f, e) -> f + "(" + e + ")"),
                    Combinators.combine(inner, inner, inner, Arbitraries.of(" ELSE NULL", "", " ELSE 1.5"))
                            .as((x, y, z, e) -> "CASE " + x + " WHEN " + y + " THEN " + z + e + " END"),
                    Combinators.combine(inner, inner).as((x, y) -> "NULLIF(" + x + ", " + y + ")"),
                    Combinators.combine(inner, inner, Arbitraries.of("", ", 3", ", NULL", ", k")).as((x, y, z) -> "COALESCE(" + x + ", " + y + z + ")"),
                    Combinators.combine(inner, inner, inner, inner, inner)
                            .as((x, y, z, u, v) -> "CASE WHEN " + x + " < " + y + " THEN " + z + " WHEN " + u + " IS NULL THEN NULL ELSE " + v + " END"),
                    inner.map(e -> "(" + e + ")")), 3);
            Arbitrary<String> predicate = Arbitraries.recursive(() -> Arbitraries.oneOf(
                    Combinators.combine(expr, Arbitraries.of("=", "<>", "<", "<=", ">", ">="), expr).as((l, op, r) -> l + " " + op + " " + r),
                    expr.map(e -> e + " IS NULL"), expr.map(e -> e + " IS NOT NULL"),
                    Combinators.combine(expr, Arbitraries.of(" BETWEEN ", " NOT BETWEEN ", " BETWEEN SYMMETRIC "), expr, expr)
                            .as((x, op, y, z) -> x + op + y + " AND " + z),
                    Combinators.combine(expr, Arbitraries.of(" IN ", " NOT IN "), expr.list().ofMinSize(1).ofMaxSize(4))
                            .as((x, op, l) -> x + op + "(" + String.join(", ", l) + ")"),
                    nulls > 1 ? Arbitraries.of("NULL", "NOT NULL", "NULL IS NULL", "TRUE") : Arbitraries.just("TRUE"),
                    // EXISTS, correlated or not
                    Combinators.combine(Arbitraries.of("EXISTS", "NOT EXISTS"), Arbitraries.of(names),
                            Arbitraries.of("SELECT 1 FROM u AS q WHERE q.a = %s", "SELECT * FROM t AS q WHERE q.b > %s AND q.a < 3",
                                    "SELECT q.a FROM t AS q WHERE %s IS NULL ORDER BY 1", "SELECT a FROM t WHERE a > 1"))
                            .as((e, n, q) -> e + " (" + String.format(q, n) + ")"),
                    // subqueries: uncorrelated, correlated (b is only t's), of another type, ordered
                    Combinators.combine(expr, Arbitraries.of(" IN ", " NOT IN "), Arbitraries.of("SELECT k FROM u WHERE k > 2",
                            "SELECT a FROM t", "SELECT DISTINCT b FROM t WHERE b IN (1, 2) OR a IS NULL", "SELECT k FROM u AS q WHERE q.a < 3",
                            "SELECT k FROM u WHERE b = k", "SELECT d FROM u", "SELECT e FROM u", "SELECT MAX(a) FROM t",
                            "SELECT a FROM t ORDER BY 1", "SELECT a, b FROM t", "SELECT k FROM u WHERE k IN (SELECT a FROM t)"))
                            .as((x, op, q) -> x + op + "(" + q + ")")),
                    inner -> Arbitraries.oneOf(
                            Combinators.combine(inner, Arbitraries.of("AND", "OR"), inner).as((l, op, r) -> l + " " + op + " " + r),
                            inner.map(p -> "NOT " + p), inner.map(p -> "NOT (" + p + ")"), inner.map(p -> "(" + p + ")")), 2);
            Arbitrary<String> aggregate = Arbitraries.oneOf(Arbitraries.just("COUNT(*)"),
                    Combinators.combine(Arbitraries.of("COUNT", "SUM", "MIN", "MAX", "count", "avg"),
                            Arbitraries.of("", "ALL ", "DISTINCT "), expr).as((f, q, e) -> f + "(" + q + e + ")"));
            Arbitrary<String> aggregated = Arbitraries.oneOf(aggregate,
                    Combinators.combine(aggregate, Arbitraries.of("+", "*", "-"), Arbitraries.oneOf(aggregate, expr))
                            .as((l, op, r) -> l + " " + op + " " + r),
                    aggregate.map(a -> "- " + a), aggregate.map(a -> a + " IS NULL"),
                    Combinators.combine(aggregate, expr, aggregate, Arbitraries.of("", " ELSE NULL", " ELSE 7"))
                            .as((a, e, b, z) -> "CASE WHEN " + a + " > " + e + " THEN " + b + z + " END"),
                    Combinators.combine(Arbitraries.of("NULLIF", "COALESCE"), aggregate, Arbitraries.oneOf(aggregate, expr))
                            .as((f, a, b) -> f + "(" + a + ", " + b + ")"));
            Arbitrary<String> item = Arbitraries.frequencyOf(
                    Tuple.of(3, aggregated),
                    Tuple.of(5, expr),
                    Tuple.of(3, Combinators.combine(expr, Arbitraries.of("col0", "col1", "col2", "a", "k"))
                            .as((e, a) -> e + " AS " + a)),
                    Tuple.of(1, predicate),
                    Tuple.of(1, Arbitraries.of(from.isEmpty() ? "1" : "*", alias == null ? "2" : alias + ".*")));
            Arbitrary<String> items = item.list().ofMinSize(1).ofMaxSize(3).map(l -> String.join(", ", l));
            Arbitrary<String> where = Arbitraries.oneOf(Arbitraries.just(""), predicate.map(p -> " WHERE " + p));
            Arbitrary<String> group = from.isEmpty() ? Arbitraries.just("") : Arbitraries.frequencyOf(Tuple.of(3, Arbitraries.just("")),
                    Tuple.of(2, Arbitraries.of(names).list().ofMinSize(1).ofMaxSize(3).map(l -> " GROUP BY " + String.join(", ", l))),
                    Tuple.of(1, expr.map(e -> " GROUP BY " + e)));
            Arbitrary<String> orderItem = Combinators.combine(Arbitraries.integers().between(0, 4), Arbitraries.of("", "", " ASC", " DESC"),
                    Arbitraries.of("", "", "", " NULLS FIRST", " NULLS LAST")).as((n, d, nl) -> n + d + nl);
            Arbitrary<String> order = Arbitraries.frequencyOf(Tuple.of(2, Arbitraries.just("")),
                    Tuple.of(2, orderItem.list().ofMinSize(1).ofMaxSize(3).map(l -> " ORDER BY " + String.join(", ", l))),
                    Tuple.of(1, Arbitraries.of(" ORDER BY a", " ORDER BY 1 + 1", " ORDER BY 2, k DESC")));
            return Combinators.combine(Arbitraries.of("", "ALL ", "DISTINCT "), items, where, group, order)
                    .as((q, i, w, g, o) -> "SELECT " + q + i + from + w + g + o);
        });
    }

    @Property(tries = 1500)
    void directConversionGivesWhatCalciteGives(@ForAll("nearQueries") String sql) {
        check(sql);
    }

    @Property(tries = 800)
    void nullLiteralsAreTypedAsTheValidatorTypesThem(@ForAll("nullQueries") String sql) {
        check(sql);
    }

    @Provide
    Arbitrary<String> setOperations() {
        Arbitrary<String> op = Arbitraries.of(" UNION ", " UNION ALL ", " EXCEPT ", " EXCEPT ALL ", " INTERSECT ", " INTERSECT ALL ");
        Arbitrary<String> branch = nearQueries().filter(q -> !q.contains("ORDER BY"));
        return Arbitraries.oneOf(Combinators.combine(branch, op, branch).as((l, o, r) -> l + o + r),
                Combinators.combine(branch, op, branch, op, branch).as((a, o1, b, o2, c) -> a + o1 + b + o2 + c),
                Combinators.combine(branch, op, branch).as((l, o, r) -> l + o + r + " ORDER BY 1"));
    }

    @Property(tries = 600)
    void setOperationsOfConvertedQueriesGiveWhatCalciteGives(@ForAll("setOperations") String sql) {
        check(sql);
    }

    @Property(tries = 500)
    void aroundTheSubsetCalciteDecides(@ForAll("queries") String sql) {
        check(sql);
    }

    @Example
    void theSubsetIsConvertedDirectly() {
        for (String sql : List.of("SELECT a + 1 AS x, b FROM t WHERE b > 2 AND NOT a IS NULL",
                "SELECT DISTINCT * FROM t AS cor0 WHERE - cor0.b + a IS NOT NULL", "SELECT - 5 * 3 AS col2, + 7",
                "SELECT ALL k / - a FROM u AS y WHERE (y.k = 3 OR a < k) AND a <> 1", "SELECT x.* FROM u x",
                "SELECT DISTINCT 71 AS col2, - 3", "SELECT - COUNT(*) FROM t", "SELECT b, MAX(a + 1) AS m, count(*) FROM t GROUP BY b",
                "SELECT DISTINCT SUM(DISTINCT x.a) * 2 FROM t x WHERE a > 1", "SELECT k, a FROM u GROUP BY a, k, u.a",
                "SELECT MIN(k), MIN(k) + 1, COUNT(a) FROM u", "SELECT 52 AS col0, 13 AS col0, a AS col00, a AS col0 FROM t",
                "SELECT *, *, a + 1, a AS a0 FROM t", "SELECT a AS k, - a AS k, - - a FROM t",
                "SELECT CAST(a AS BIGINT) + CAST(90 AS INTEGER), CAST(- k AS INTEGER) FROM u WHERE CAST(k AS BIGINT) > e",
                // numbers of different types: DECIMAL literals, a DOUBLE column; compared ones meet in a common type
                "SELECT k FROM u WHERE d > 25.84 AND k < 2.5 AND d <> k AND e >= a AND d = 7", "SELECT d * 2.5 + k, - d, a + 1.5 FROM u",
                "SELECT k FROM u WHERE d BETWEEN 1 AND 2.5 OR k NOT BETWEEN a AND 7 OR e BETWEEN k AND d",
                "SELECT k FROM u WHERE k IN (1, 2, 3) OR d IN (1.5, 2.25) OR a NOT IN (2.5, k, 7) OR e IN (1)",
                "SELECT k, d FROM u WHERE a > 1 ORDER BY 2 DESC, 1", "SELECT *, x.b + y.k FROM t AS x, u AS y WHERE y.d > x.a",
                "SELECT y.k, count(*), MAX(t.b) FROM t x CROSS JOIN u y, t GROUP BY y.k",
                "SELECT a FROM t WHERE b IN (1, 2) UNION ALL SELECT k FROM u EXCEPT SELECT a + 1 FROM t",
                "SELECT a, b FROM t INTERSECT SELECT k, a FROM u",
                // aggregates of other numbers, groups of columns of any type
                "SELECT d, SUM(d), MAX(e), COUNT(k), MIN(d * 2.5) FROM u GROUP BY d", "SELECT c, MIN(a), SUM(DISTINCT b) FROM t GROUP BY c",
                // uncorrelated scalar subqueries, as items, operands and in conditions
                "SELECT (SELECT MAX(a) FROM t), k + (SELECT AVG(d) FROM u WHERE k > 2) FROM u WHERE k < (SELECT COUNT(*) FROM t)",
                "SELECT CASE WHEN b > (SELECT AVG(k) FROM u) THEN a * 2 ELSE b * 10 END FROM t ORDER BY 1",
                // correlated scalar and EXISTS subqueries (as SQLite's select1 to select3 ask them)
                "SELECT (SELECT count(*) FROM t AS x WHERE x.b < t.b), a FROM t WHERE EXISTS (SELECT 1 FROM t AS x WHERE x.a > t.a) ORDER BY 1",
                "SELECT a + b * 2, (SELECT count(*) FROM t AS x WHERE x.a > t.a AND x.b < t.b), (SELECT count(*) FROM t AS x WHERE x.b < t.b) FROM t"
                        + " WHERE NOT EXISTS (SELECT 1 FROM u WHERE u.k = t.b) AND a > (SELECT AVG(b) FROM t)",
                "SELECT k FROM u AS y WHERE a IN (SELECT b FROM t WHERE t.a = y.k)", "SELECT a FROM t WHERE a IN (SELECT k FROM u WHERE b = k)",
                // casts to REAL and DOUBLE, and REAL operands
                "SELECT CAST(a AS REAL) + 1, - CAST(2.5 AS REAL) * d, CAST(k AS DOUBLE) FROM u WHERE CAST(a AS REAL) > 1.5 OR CAST(- 71 AS REAL) < k",
                // AVG of every number type, with and without groups, DISTINCT, over an expression
                "SELECT AVG(a), avg(DISTINCT b) + 1, AVG(a * 2.5) FROM t", "SELECT k, AVG(d), AVG(e), AVG(k + e) FROM u GROUP BY k",
                // a column of another type as an item of its own; a long comma list, balanced as the validator balances it
                "SELECT c, * FROM t WHERE c IS NOT NULL ORDER BY 1",
                // NULL literals, typed as the validator's inference types them
                "SELECT a FROM t WHERE NULL < b OR b >= NULL OR NULL = NULL OR NULL IS NULL OR NOT NULL",
                "SELECT - a FROM t WHERE b BETWEEN NULL AND 3 OR NULL NOT BETWEEN a AND 4 OR a IN (1, NULL) OR NOT (NULL)",
                // CASE, searched and simple, over columns and aggregates
                "SELECT CASE WHEN a < b - 3 THEN 111 WHEN a <= b THEN 222 ELSE 444 END, CASE a + 1 WHEN b THEN 111 WHEN 7 THEN 2.5 END FROM t",
                "SELECT k FROM u WHERE CASE WHEN d > 1 THEN k ELSE NULL END > 2 AND CASE e WHEN 1 THEN a < 3 ELSE a > k END",
                "SELECT CASE WHEN COUNT(*) > 2 THEN SUM(a) WHEN MIN(b) IS NULL THEN NULL ELSE - MAX(b) END, - 5 FROM t",
                // NULLIF and COALESCE, as the validator rewrites them
                "SELECT NULLIF(a, 2), COALESCE(a, b, 7), COALESCE(- 3, COUNT(*)) + 1 FROM t GROUP BY a, b",
                "SELECT NULLIF(- COUNT(*), 67 * 25) + 54 AS col2, COALESCE(MAX(k), 1.5) FROM u",
                // casts in aggregated lists
                "SELECT CAST(NULL AS INTEGER) AS col0, - b * CAST(NULL AS BIGINT), CAST(b AS BIGINT) FROM t GROUP BY b",
                "SELECT 74 + MAX(CAST(NULL AS INTEGER)), COUNT(*) + CAST(NULL AS INTEGER), 50 * CAST(NULL AS INTEGER) + COUNT(*) FROM t",
                // derived tables
                "SELECT pk FROM (SELECT k AS pk, a FROM u WHERE (a <= 83)) AS tab0_169 WHERE a > 1",
                "SELECT x.b, y.k FROM (SELECT DISTINCT b FROM t WHERE b IN (SELECT k FROM u)) AS x, u AS y",
                // uncorrelated IN subqueries in a condition
                "SELECT k FROM u WHERE a IN (SELECT b FROM t WHERE b > 2) OR NOT k IN (SELECT DISTINCT a FROM t) AND e > 1",
                "SELECT a FROM t WHERE b NOT IN (SELECT k FROM u WHERE k IN (SELECT a FROM t WHERE a BETWEEN 1 AND 7))",
                // abs, CAST of NULL
                "SELECT abs(t.a - b), ABS(k) FROM u, t WHERE abs(d) > 1.5 AND abs(- 3) < e",
                "SELECT - CAST(NULL AS INTEGER) + a, CAST(NULL AS BIGINT) FROM t WHERE b <= CAST(NULL AS INTEGER) OR CAST(NULL AS BIGINT) IS NULL", "SELECT x.c, y.k FROM t AS x, u AS y, t AS z, u AS w WHERE z.a = w.k", "SELECT DISTINCT a, b FROM t ORDER BY 2 NULLS FIRST, 1 DESC NULLS LAST")) {
            assertNotNull(TestSql.lenient(sql), sql);
            assertEquals(true, accepted(TestSql.lenient(sql)), sql);
            LiteralLifter.Shape shape = LiteralLifter.lift(TestSql.lenient(sql), CATALOG, SqlPlanner.types());
            if (sql.matches(".*\\d.*")) {
                assertEquals(true, accepted(shape.tree()), "shape of " + sql);
            }
            check(sql);
        }
    }

    @Example
    void whatTheValidatorDecidesGoesToCalcite() {
        for (String sql : List.of("SELECT c || 'x' FROM t", "SELECT a FROM t WHERE c = 'x'", "SELECT a IN (SELECT k FROM u) FROM t", "SELECT CASE WHEN a IS NOT NULL THEN a ELSE 1 END FROM t", "SELECT CASE a WHEN NULL THEN 1 END FROM t", "SELECT NULL FROM t", "SELECT a + NULL FROM t", "SELECT a FROM t WHERE a + NULL > 1", "SELECT x.a FROM t AS y", "SELECT t.a FROM t AS x",
                "SELECT a FROM nowhere", "SELECT z FROM t", "SELECT a + 1.5E2 FROM t", "SELECT DISTINCT a + 1, a + 1 FROM t",
                "SELECT a FROM t ORDER BY a", "SELECT a, a FROM t ORDER BY 2", "SELECT count(*) FROM t ORDER BY 1",
                "SELECT a FROM t, u", "SELECT b FROM t x JOIN u y ON x.a = y.k", "SELECT b FROM t, t", "SELECT a, count(*) FROM t", "SELECT a FROM t, u", "SELECT NOT a FROM t",
                "SELECT MAX(COUNT(*)) FROM t", "SELECT COUNT(*) AS n, COUNT(*) AS n FROM t", "SELECT b FROM t GROUP BY a", "SELECT a FROM t GROUP BY a + 1")) {
            assertEquals(false, accepted(TestSql.lenient(sql)), sql);
            check(sql);
        }
        assertNull(DirectConversion.tryConvert(TestSql.lenient("SELECT a FROM t UNION SELECT d FROM u"),
                SqlPlanner.readerForTests(CATALOG), new SqlPlanner(CATALOG, ConstantFolder.INSTANCE).cluster(),
                SqlPlanner.operatorsForTests(), new SqlPlanner(CATALOG, ConstantFolder.INSTANCE).validator().getTypeCoercion()));
    }
}
