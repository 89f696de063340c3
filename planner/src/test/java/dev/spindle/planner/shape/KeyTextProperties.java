package dev.spindle.planner.shape;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import org.apache.calcite.avatica.util.Casing;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.dialect.CalciteSqlDialect;
import org.apache.calcite.sql.parser.SqlParser;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;

/**
 * A key's text tells two trees apart exactly when Calcite's unparsing of them does (the key's
 * text was that unparsing before): pairs of queries from a small grammar, so that many pairs are
 * the same tree, with literals of every kind, casts, CASE, joins, DISTINCT and ordering.
 */
class KeyTextProperties {
    private static SqlNode parse(String sql) {
        try {
            return SqlParser.create(sql, SqlParser.config().withUnquotedCasing(Casing.TO_LOWER)).parseQuery();
        } catch (Exception e) {
            throw new AssertionError(sql, e);
        }
    }

    private static String unparsed(SqlNode n) {
        return n.toSqlString(CalciteSqlDialect.DEFAULT).getSql();
    }

    @Provide
    Arbitrary<String> queries() {
        Arbitrary<String> item = Arbitraries.of("a", "b", "t.a", "a + 1", "a + 1.0", "-a", "- 1", "1e1", "'x'", "'x' || b",
                "TRUE", "NULL", "CAST(a AS INTEGER)", "CAST(a AS DECIMAL(5, 2))", "CAST(a AS VARCHAR(3))",
                "CASE WHEN a > 1 THEN 'x' ELSE 'y' END", "CASE a WHEN 1 THEN 2 END", "count(*)", "count(DISTINCT a)",
                "count(ALL a)", "a BETWEEN 1 AND 2", "a NOT BETWEEN 1 AND 2", "a IN (1, 2)", "a NOT IN (1, 2)",
                "a IS NULL", "DATE '2020-01-01'", "x'ab'", "NULLIF(a, 2)", "COALESCE(a, b)");
        Arbitrary<String> from = Arbitraries.of("t", "t x", "t JOIN u ON t.a = u.a", "t LEFT JOIN u ON t.a = u.a",
                "t, u", "(SELECT a, b FROM u) s");
        Arbitrary<String> where = Arbitraries.of("", " WHERE a > 1", " WHERE a >= 1", " WHERE NOT a > 1", " WHERE a > 1 OR b < 2");
        Arbitrary<String> tail = Arbitraries.of("", " ORDER BY 1", " ORDER BY 1 DESC", " ORDER BY a NULLS FIRST", " LIMIT 2",
                " GROUP BY a", " UNION SELECT 1", " UNION ALL SELECT 1", " EXCEPT SELECT 1");
        return Combinators.combine(Arbitraries.of("", "DISTINCT "), item, from, where, tail)
                .as((d, i, f, w, t) -> "SELECT " + d + i + " FROM " + f + w + t);
    }

    @Property(tries = 1000)
    void keysAreEqualExactlyWhenTheirUnparsingIs(@ForAll("queries") String a, @ForAll("queries") String b) {
        SqlNode x = parse(a);
        SqlNode y = parse(b);
        boolean same = unparsed(x).equals(unparsed(y));
        Statistics.collect(same ? "same tree" : "different trees");
        assertEquals(same, KeyText.of(x).equals(KeyText.of(y)), a + " / " + b);
    }

    @Example
    void namesAndValuesCannotRunTogether() {
        assertNotEquals(KeyText.of(parse("SELECT ab FROM t")), KeyText.of(parse("SELECT a.b FROM t")));
        assertNotEquals(KeyText.of(parse("SELECT 'a', 'bc' FROM t")), KeyText.of(parse("SELECT 'ab', 'c' FROM t")));
        assertNotEquals(KeyText.of(parse("SELECT 1.0 FROM t")), KeyText.of(parse("SELECT 1.00 FROM t")));
        assertNotEquals(KeyText.of(parse("SELECT 1 FROM t")), KeyText.of(parse("SELECT '1' FROM t")));
        assertNotEquals(KeyText.of(parse("SELECT count(a) FROM t")), KeyText.of(parse("SELECT count(DISTINCT a) FROM t")));
        assertNotEquals(KeyText.of(parse("SELECT -a FROM t")), KeyText.of(parse("SELECT 0 - a FROM t")));
    }
}
