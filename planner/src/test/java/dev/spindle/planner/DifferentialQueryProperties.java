package dev.spindle.planner;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.spindle.common.id.GlobalId;
import dev.spindle.common.row.Row;

import dev.spindle.common.type.Column;
import dev.spindle.common.type.ColumnType;
import dev.spindle.common.type.RelationDesc;
import dev.spindle.common.type.TypeKind;
import dev.spindle.common.update.Update;
import dev.spindle.compute.controller.ComputeController;
import dev.spindle.compute.controller.RuntimeMode;

import dev.spindle.compute.peek.PeekResponse;

import dev.spindle.planner.catalog.Catalog;
import dev.spindle.planner.catalog.CatalogItem;
import dev.spindle.planner.peek.PeekPlan;
import dev.spindle.storage.TableStore;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;


import java.util.concurrent.atomic.AtomicLong;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;

/**
 * Random data and random queries (projections, filters, joins, aggregates, set operations, built
 * from a small grammar) planned by Spindle and run on a solo runtime, against H2 in PostgreSQL
 * mode on the same rows. Values stay small and queries avoid what H2's PostgreSQL mode answers
 * differently from PostgreSQL (division, outer joins on H2's side are rewritten).
 */
class DifferentialQueryProperties {
    static final ColumnType INT = ColumnType.of(TypeKind.INTEGER);
    private static ComputeController ctl;
    private static Connection h2;
    private static final TableStore STORE = new TableStore();
    private static final AtomicLong IDS = new AtomicLong(1);

    @BeforeContainer
    static void start() throws Exception {
        ctl = ComputeController.start(RuntimeMode.SOLO, 2, STORE::get);
        h2 = DriverManager.getConnection("jdbc:h2:mem:diff;MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE;DEFAULT_NULL_ORDERING=HIGH");
    }

    @AfterContainer
    static void stop() throws Exception {
        ctl.close();
        h2.close();
    }

    @Provide
    Arbitrary<List<Row>> rows() {
        Arbitrary<Long> v = Arbitraries.longs().between(0, 4);
        Arbitrary<Long> maybeNull = Arbitraries.frequencyOf(net.jqwik.api.Tuple.of(5, v),
                net.jqwik.api.Tuple.of(1, Arbitraries.just((Long) null)));
        return Combinators.combine(maybeNull, maybeNull).as((a, b) -> Row.of(a, b)).list().ofMaxSize(8);
    }

    @Provide
    Arbitrary<String> queries() {
        Arbitrary<String> col = Arbitraries.of("x.a", "x.b");
        Arbitrary<String> expr = Arbitraries.oneOf(col,
                Combinators.combine(col, Arbitraries.of("+", "-", "*"), col).as((l, op, r) -> l + " " + op + " " + r),
                col.map(c -> "COALESCE(" + c + ", 7)"),
                Combinators.combine(col, Arbitraries.integers().between(0, 4)).as((c, k) -> "CASE WHEN " + c + " > " + k
                        + " THEN 1 ELSE 0 END"));
        Arbitrary<String> pred = Arbitraries.oneOf(
                Combinators.combine(col, Arbitraries.of("=", "<>", "<", ">="), Arbitraries.integers().between(0, 4))
                        .as((c, op, k) -> c + " " + op + " " + k),
                col.map(c -> c + " IS NULL"),
                Combinators.combine(col, col).as((l, r) -> l + " = " + r),
                col.map(c -> c + " IN (1, 3)"));
        Arbitrary<String> where = Arbitraries.oneOf(Arbitraries.just(""), pred.map(p -> " WHERE " + p),
                Combinators.combine(pred, pred, Arbitraries.of("AND", "OR")).as((p, q, op) -> " WHERE " + p + " " + op + " " + q));
        Arbitrary<String> from = Arbitraries.of("t1 x", "t2 x", "t1 x JOIN t2 y ON x.a = y.a",
                "t1 x JOIN t2 y ON x.b = y.a AND x.a < y.b", "t1 x LEFT JOIN t2 y ON x.a = y.b",
                // the joins' sides narrowed to the columns used (calcite.Narrowing): outer, cross, three-way
                "t1 x RIGHT JOIN t2 y ON x.a = y.b", "t1 x CROSS JOIN t2 y", "t2 y, t1 x",
                "t1 x JOIN t2 y ON x.a = y.a JOIN t1 z ON y.b = z.a AND z.b > x.b");
        Arbitrary<String> select = Combinators.combine(expr, expr, from, where).as((e1, e2, f, w) -> "SELECT " + e1 + ", " + e2
                + " FROM " + f + w);
        Arbitrary<String> grouped = Combinators.combine(col, Arbitraries.of("count(*)", "count(x.b)", "sum(x.b)", "min(x.b)",
                        "max(x.a)", "count(DISTINCT x.b)"), from, where)
                .as((g, agg, f, w) -> "SELECT " + g + ", " + agg + " FROM " + f + w + " GROUP BY " + g);
        Arbitrary<String> global = Combinators.combine(Arbitraries.of("count(*)", "sum(x.a)", "max(x.b)"), from, where)
                .as((agg, f, w) -> "SELECT " + agg + " FROM " + f + w);
        Arbitrary<String> setop = Combinators.combine(Arbitraries.of("UNION", "UNION ALL", "EXCEPT", "INTERSECT"), where, where)
                .as((op, w1, w2) -> "SELECT x.a FROM t1 x" + w1 + " " + op + " SELECT x.b FROM t2 x" + w2);
        Arbitrary<String> subquery = Combinators.combine(Arbitraries.of("IN", "NOT IN"), where)
                .as((op, w) -> "SELECT x.a, x.b FROM t1 x WHERE x.a " + op + " (SELECT x.b FROM t2 x WHERE x.b IS NOT NULL)"
                        + (w.isEmpty() ? "" : " AND " + w.substring(7)));
        Arbitrary<String> correlated = Combinators.combine(Arbitraries.of("EXISTS", "NOT EXISTS"), Arbitraries.of("=", "<"), where)
                .as((op, cmp, w) -> "SELECT x.a, x.b FROM t1 x WHERE " + op + " (SELECT 1 FROM t2 y WHERE y.a " + cmp + " x.b)"
                        + (w.isEmpty() ? "" : " AND " + w.substring(7)));
        // scalar aggregate subqueries and EXISTS, correlated through their WHERE or not (calcite.JoinedSubqueries)
        Arbitrary<String> inner = Arbitraries.of("y.a < x.b", "y.a = x.b", "y.a < x.b AND y.b > x.a", "y.a >= x.a AND y.a <= x.b",
                "y.a = x.b OR y.b IS NULL", "x.b IS NULL", "y.a <> x.a AND y.b IS NOT NULL", "y.b > 2");
        Arbitrary<String> scalar = Combinators.combine(Arbitraries.of("count(*)", "count(y.b)", "sum(y.b)", "min(y.a)", "max(y.b)"),
                inner).as((agg, w) -> "(SELECT " + agg + " FROM t2 y WHERE " + w + ")");
        Arbitrary<String> uncorrelated = Arbitraries.of("(SELECT max(y.b) FROM t2 y)", "(SELECT count(*) FROM t2 y)",
                "(SELECT sum(y.a) FROM t2 y WHERE y.b > 1)");
        Arbitrary<String> exists = Combinators.combine(Arbitraries.of("EXISTS", "NOT EXISTS"), inner)
                .as((op, w) -> op + " (SELECT 1 FROM t2 y WHERE " + w + ")");
        Arbitrary<String> value = Arbitraries.oneOf(scalar, uncorrelated,
                exists.map(e -> "CASE WHEN " + e + " THEN 1 ELSE 0 END"));
        Arbitrary<String> scalars = Arbitraries.oneOf(
                Combinators.combine(value, value, where).as((v1, v2, w) -> "SELECT x.a, " + v1 + ", " + v2 + " FROM t1 x" + w),
                Combinators.combine(scalar, Arbitraries.of(">", "<", "="), Arbitraries.integers().between(0, 3), where)
                        .as((v, cmp, k, w) -> "SELECT x.a, x.b FROM t1 x WHERE " + v + " " + cmp + " " + k
                                + (w.isEmpty() ? "" : " AND " + w.substring(7))),
                Combinators.combine(exists, value).as((e, v) -> "SELECT x.b, " + v + " FROM t1 x WHERE " + e),
                Combinators.combine(uncorrelated, Arbitraries.of("x.a", "x.b"))
                        .as((v, c) -> "SELECT x.a FROM t1 x WHERE " + c + " < " + v));
        // IN as a filter's condition, alone or under AND and OR (taken by calcite.JoinedSubqueries), or not
        Arbitrary<String> in = Combinators.combine(Arbitraries.of("x.a", "x.b", "x.a + 1"), Arbitraries.of("", " WHERE y.a > 1",
                " WHERE y.b IS NOT NULL", " WHERE y.a < 3 OR y.b IS NULL")).as((c, w) -> c + " IN (SELECT y.b FROM t2 y" + w + ")");
        Arbitrary<String> ins = Combinators.combine(in, pred, Arbitraries.of("%s", "%s OR %s", "(%s AND %s) OR x.a = 4",
                "NOT (%s) OR %s", "(%s) IS NULL AND %s")).as((i, p, form) -> "SELECT x.a, x.b FROM t1 x WHERE "
                        + String.format(form, i, p));
        return Arbitraries.oneOf(select, grouped, global, setop, subquery, correlated, scalars, scalars, ins);
    }

    /**
     * An uncorrelated {@code EXISTS} over no rows beside a correlated subquery is false: Calcite's
     * decorrelator made it true (see {@code calcite.ConstantGroups}).
     */
    @Example
    void anUncorrelatedExistsBesideACorrelatedSubqueryIsFalseOverNoRows() throws Exception {
        spindleAgreesWithH2(List.of(Row.of(0L, 0L)), List.of(), "SELECT x.a, (SELECT count(*) FROM t2 y WHERE y.a < x.b), "
                + "CASE WHEN EXISTS (SELECT 1 FROM t2 y WHERE y.b > 2) THEN 1 ELSE 0 END FROM t1 x");
        spindleAgreesWithH2(List.of(Row.of(0L, 0L), Row.of(1L, null)), List.of(Row.of(1L, 1L)),
                "SELECT x.a FROM t1 x WHERE x.a IN (SELECT 1 FROM t2 y WHERE y.b > 2) OR (SELECT count(*) FROM t2 y WHERE y.a < x.b) > 5");
    }

    @Property(tries = 300)
    void spindleAgreesWithH2(@ForAll("rows") List<Row> t1, @ForAll("rows") List<Row> t2, @ForAll("queries") String sql)
            throws Exception {
        Catalog catalog = Catalog.empty();
        RelationDesc desc = new RelationDesc(List.of(new Column("a", INT), new Column("b", INT)));
        long time = 1;
        try (Statement s = h2.createStatement()) {
            for (String name : List.of("t1", "t2")) {
                s.execute("DROP TABLE IF EXISTS " + name);
                s.execute("CREATE TABLE " + name + " (a INTEGER, b INTEGER)");
                GlobalId id = GlobalId.user(IDS.getAndIncrement());
                List<Update> ups = new ArrayList<>();
                for (Row r : name.equals("t1") ? t1 : t2) {
                    ups.add(Update.insert(r, time));
                    s.execute("INSERT INTO " + name + " VALUES (" + r.get(0) + ", " + r.get(1) + ")");
                }
                STORE.create(id, desc).append(ups, time);
                catalog = catalog.with(CatalogItem.Table.of(id, name, desc));
            }
        }
        PeekPlan p = new QueryPlanner(catalog, PlannedQueryTest::parse, IDS::getAndIncrement)
                .planQuery(PlannedQueryTest.parse(sql), sql);
        PeekResponse r = PlannedQueryTest.runSlow(ctl, p, time, IDS.getAndIncrement());
        if (r instanceof PeekResponse.Error) {
            throw new AssertionError(sql + " failed: " + ((PeekResponse.Error) r).error().getMessage(),
                    ((PeekResponse.Error) r).error());
        }
        List<String> got = new ArrayList<>();
        for (Row row : ((PeekResponse.Rows) r).rows()) {
            List<String> vals = new ArrayList<>();
            for (int i = 0; i < row.arity(); i++) {
                vals.add(PlannedQueryTest.normalize(row.get(i)));
            }
            got.add(String.join("|", vals));
        }
        List<String> expected = new ArrayList<>();
        try (Statement s = h2.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            int n = rs.getMetaData().getColumnCount();
            while (rs.next()) {
                List<String> vals = new ArrayList<>();
                for (int i = 1; i <= n; i++) {
                    vals.add(PlannedQueryTest.normalize(rs.getObject(i)));
                }
                expected.add(String.join("|", vals));
            }
        }
        got.sort(null);
        expected.sort(null);
        assertEquals(expected, got, sql + " over t1 " + t1 + " and t2 " + t2);
    }
}
