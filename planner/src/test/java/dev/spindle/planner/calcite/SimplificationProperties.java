package dev.spindle.planner.calcite;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.spindle.common.id.GlobalId;
import dev.spindle.common.type.Column;
import dev.spindle.common.type.ColumnType;
import dev.spindle.common.type.RelationDesc;
import dev.spindle.common.type.TypeKind;
import dev.spindle.planner.catalog.Catalog;
import dev.spindle.planner.catalog.CatalogItem;
import dev.spindle.planner.lower.ConstantFolder;
import dev.spindle.planner.TestSql;
import java.util.List;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.sql.SqlNode;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;

/**
 * Running only the part of the Hep program {@link Simplification#program} gives (none where no
 * rule can match) changes no plan: random queries (projections, filters, nested selects, joins,
 * aggregations, unions) planned so and with the whole program always run come out the same.
 */
class SimplificationProperties {
    private static final Catalog CATALOG = Catalog.empty()
            .with(CatalogItem.Table.of(GlobalId.user(1), "t", desc()))
            .with(CatalogItem.Table.of(GlobalId.user(2), "u", desc()));

    private static RelationDesc desc() {
        return new RelationDesc(List.of(new Column("a", ColumnType.of(TypeKind.INTEGER)),
                new Column("b", ColumnType.of(TypeKind.INTEGER)), new Column("c", ColumnType.of(TypeKind.TEXT))));
    }

    private static SqlNode parse(String sql) {
        return TestSql.lenient(sql);
    }

    private static String plan(String sql, boolean always) {
        SqlPlanner planner = new SqlPlanner(CATALOG, ConstantFolder.INSTANCE).statementText(sql);
        if (always) {
            planner.alwaysSimplifying();
        }
        return RelOptUtil.toString(planner.plan(parse(sql)).rel);
    }

    @Provide
    Arbitrary<String> queries() {
        Arbitrary<String> col = Arbitraries.of("a", "b");
        Arbitrary<String> expr = Arbitraries.oneOf(col, Combinators.combine(col, Arbitraries.of("+", "*"), col)
                .as((l, op, r) -> l + " " + op + " " + r), Arbitraries.of("1", "a + 1", "-b"));
        Arbitrary<String> pred = Arbitraries.oneOf(
                Combinators.combine(col, Arbitraries.of("=", "<", ">="), Arbitraries.integers().between(0, 9))
                        .as((c, op, k) -> c + " " + op + " " + k),
                col.map(c -> c + " IS NULL"), col.map(c -> c + " IN (1, 3)"));
        Arbitrary<String> where = Arbitraries.oneOf(Arbitraries.just(""), pred.map(p -> " WHERE " + p));
        Arbitrary<String> list = Arbitraries.oneOf(Arbitraries.of("*", "a, b", "b, a", "a, b, c"),
                Combinators.combine(expr, expr).as((x, y) -> x + " AS a, " + y + " AS b"));
        Arbitrary<String> table = Arbitraries.of("t", "u");
        Arbitrary<String> simple = Combinators.combine(list, table, where).as((l, t, w) -> "SELECT " + l + " FROM " + t + w);
        Arbitrary<String> outer = Arbitraries.oneOf(Arbitraries.of("*", "a, b", "b, a"),
                Combinators.combine(expr, expr).as((x, y) -> x + " AS a, " + y + " AS b"));
        Arbitrary<String> nested = Combinators.combine(outer, simple, where)
                .as((l, s, w) -> "SELECT " + l + " FROM (" + s + ") s" + w);
        Arbitrary<String> source = Arbitraries.oneOf(simple, nested);
        Arbitrary<String> grouped = Combinators.combine(col, Arbitraries.of("count(*)", "sum(b)", "max(a)"), source)
                .as((g, agg, s) -> "SELECT " + g + ", " + agg + " AS agg FROM (" + s + ") g GROUP BY " + g);
        Arbitrary<String> joined = Combinators.combine(table, table, where)
                .as((l, r, w) -> "SELECT x.a, y.b FROM " + l + " x JOIN " + r + " y ON x.a = y.b"
                        + w.replace("WHERE a", "WHERE x.a").replace("WHERE b", "WHERE y.b"));
        Arbitrary<String> pair = Arbitraries.oneOf(simple.map(s -> s.replace("SELECT * ", "SELECT a, b ")
                .replace("SELECT a, b, c ", "SELECT a, b ")), grouped);
        Arbitrary<String> union = Combinators.combine(pair, Arbitraries.of("UNION", "UNION ALL"), pair,
                        Arbitraries.of("UNION", "UNION ALL"), pair)
                .as((p, op, q, op2, r) -> p + " " + op + " " + q + " " + op2 + " " + r);
        Arbitrary<String> nestedTwice = Combinators.combine(outer, nested, where)
                .as((l, s, w) -> "SELECT " + l + " FROM (" + s + ") s2" + w);
        Arbitrary<String> groupedNested = Combinators.combine(grouped, Arbitraries.of("SELECT * FROM (%s) h",
                        "SELECT * FROM (SELECT * FROM (%s) h) h2", "SELECT h.* FROM (%s) h WHERE h.agg > 0"))
                .as((g, f) -> String.format(f, g));
        return Arbitraries.oneOf(source, grouped, joined, union, nestedTwice, groupedNested);
    }

    @Property(tries = 400)
    void skippingTheProgramWhereNothingCanMatchChangesNoPlan(@ForAll("queries") String sql) {
        org.apache.calcite.plan.hep.HepProgram program = Simplification.program(convertedOnly(sql));
        Statistics.collect(program == null ? "skipped" : program == Simplification.PROGRAM ? "whole" : "part");
        assertEquals(plan(sql, true), plan(sql, false), sql);
    }

    @Example
    void aProjectionOverAFilterOverATableIsLeftAlone() {
        assertEquals(false, Simplification.mayApply(convertedOnly("SELECT a + 1, c FROM t WHERE b > 2")));
        assertEquals(true, Simplification.mayApply(convertedOnly("SELECT a, count(*) FROM t GROUP BY a")));
        assertEquals(true, Simplification.mayApply(convertedOnly("SELECT a FROM t UNION SELECT b FROM t UNION SELECT a FROM u")));
        assertEquals(true, Simplification.mayApply(convertedOnly("SELECT x.a FROM t x, u y WHERE x.a = y.b")));
        // an aggregation over a projection needs one rule; a join the whole program
        org.junit.jupiter.api.Assertions.assertNotSame(Simplification.PROGRAM,
                Simplification.program(convertedOnly("SELECT a, count(*) FROM t GROUP BY a")));
        org.junit.jupiter.api.Assertions.assertSame(Simplification.PROGRAM,
                Simplification.program(convertedOnly("SELECT x.a FROM t x, u y WHERE x.a = y.b")));
    }

    /** The query as conversion leaves it, before any rule. */
    private static org.apache.calcite.rel.RelNode convertedOnly(String sql) {
        SqlPlanner planner = new SqlPlanner(CATALOG, ConstantFolder.INSTANCE).statementText(sql);
        return planner.convertForTests(parse(sql));
    }
}
