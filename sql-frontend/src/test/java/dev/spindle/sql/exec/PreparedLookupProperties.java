package dev.spindle.sql.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.spindle.common.error.SpindleException;
import dev.spindle.common.id.GlobalId;
import dev.spindle.common.row.Row;
import dev.spindle.compute.controller.RuntimeMode;
import dev.spindle.sql.Database;
import dev.spindle.sql.Prepared;
import dev.spindle.sql.Session;
import dev.spindle.sql.StatementResult;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;

/**
 * Prepared point lookups with symbolic parameters ({@code PreparedLookup}) give the rows the same
 * query gives unprepared with the values written as literals, for random values of many Java
 * classes (coerced to the parameter's type as an assignment would), NULL, and values out of the
 * type's range or not of it (with the SQLSTATE a bound literal always had); and the lookup is
 * lowered again after DROP INDEX and CREATE INDEX (without planning through Calcite again).
 */
class PreparedLookupProperties {
    private static Database db;
    private static Session s;
    private static final List<Prepared> QUERIES = new ArrayList<>();

    /** The table: k INT (index), b BIGINT, s VARCHAR(5) (index), v TEXT; duplicates and NULLs in k and s. */
    private static synchronized Session session() {
        if (db == null) {
            db = Database.open(RuntimeMode.SPLIT, 1);
            s = db.session();
            s.executeScript("CREATE TABLE t (k INT, b BIGINT, s VARCHAR(5), v TEXT);"
                    + "CREATE INDEX t_k ON t (k); CREATE INDEX t_s ON t (s); CREATE INDEX t_kb ON t (k, b)");
            String[] strs = {"NULL", "'a'", "'ab'", "'b''a'", "'aab'", "'ba'", "''"};
            StringBuilder ins = new StringBuilder("INSERT INTO t VALUES ");
            for (int i = 0; i < 120; i++) {
                String k = i % 17 == 0 ? "NULL" : Integer.toString(i % 41 - 20);
                ins.append(i == 0 ? "" : ", ").append("(").append(k).append(", ").append(i % 5).append(", ")
                        .append(strs[i % strs.length]).append(", 'v").append(i).append("')");
            }
            s.execute(ins.toString());
            s.execute("INSERT INTO t VALUES (2147483647, 1, 'max', 'top'), (-2147483648, 2, 'min', 'bottom')");
            for (String q : SQL) {
                QUERIES.add(s.prepare(q));
            }
        }
        return s;
    }

    /** The queries, each with {@code %s} where its parameter stands in the unprepared text. */
    private static final List<String> SQL = List.of(
            "SELECT v FROM t WHERE k = ? ORDER BY v",
            "SELECT k, v FROM t WHERE s = ? ORDER BY v",
            "SELECT b + ?, v FROM t WHERE k = ? AND v <> ? ORDER BY v",
            "SELECT v, b FROM t WHERE k = ? AND b = ? ORDER BY v",
            "SELECT count(*) FROM t WHERE k = ? GROUP BY k");

    @AfterContainer
    static synchronized void closeDatabase() {
        if (db != null) {
            db.close();
            db = null;
            QUERIES.clear();
        }
    }

    /** An integer parameter value: what is passed, and the integer it means (null: NULL or not an integer). */
    record IntValue(Object passed, BigDecimal meant) {
        String literal() {
            return meant == null ? "NULL" : meant.toPlainString();
        }

        boolean inIntRange() {
            return meant == null || meant.compareTo(BigDecimal.valueOf(Integer.MAX_VALUE)) <= 0
                    && meant.compareTo(BigDecimal.valueOf(Integer.MIN_VALUE)) >= 0;
        }
    }

    @Provide
    Arbitrary<IntValue> ints() {
        Arbitrary<Long> n = Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(8, Arbitraries.longs().between(-22, 22)),
                net.jqwik.api.Tuple.of(1, Arbitraries.of(2147483647L, -2147483648L, 2147483648L, -2147483649L,
                        Long.MAX_VALUE, Long.MIN_VALUE)));
        Arbitrary<IntValue> asNumbers = Combinators.combine(n, Arbitraries.integers().between(0, 4)).as((x, how) -> {
            BigDecimal meant = BigDecimal.valueOf(x);
            switch (how) {
                case 0:
                    return new IntValue(x, meant);
                case 1:
                    return x == x.intValue() ? new IntValue(x.intValue(), meant) : new IntValue(x, meant);
                case 2:
                    return x == x.shortValue() ? new IntValue(x.shortValue(), meant) : new IntValue(x, meant);
                case 3:
                    return new IntValue(Long.toString(x), meant);
                default: // NUMERIC to INT rounds half away from zero, as in PostgreSQL
                    BigDecimal d = meant.add(new BigDecimal("0.5").multiply(BigDecimal.valueOf(Long.signum(x))));
                    return new IntValue(d, d.setScale(0, RoundingMode.HALF_UP));
            }
        });
        return Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(12, asNumbers),
                net.jqwik.api.Tuple.of(1, Arbitraries.just(new IntValue(null, null))),
                net.jqwik.api.Tuple.of(1, Arbitraries.of("x", "1.5e", "").map(t -> new IntValue(t, null))));
    }

    @Provide
    Arbitrary<String> strings() {
        return Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(10, Arbitraries.strings().withChars("ab'").ofMaxLength(7)),
                net.jqwik.api.Tuple.of(1, Arbitraries.just((String) null)));
    }

    private static List<Row> prepared(int query, Object... values) {
        return assertInstanceOf(StatementResult.Rows.class, session().execute(QUERIES.get(query), Arrays.asList(values))).rows();
    }

    private static List<Row> unprepared(String sql) {
        return assertInstanceOf(StatementResult.Rows.class, session().execute(sql)).rows();
    }

    private static String quote(String text) {
        return text == null ? "NULL" : "'" + text.replace("'", "''") + "'";
    }

    /** The SQLSTATE of a value an INT parameter cannot take: out of range, or not a number. */
    private static String badIntState(IntValue v) {
        return v.meant() == null ? "22P02" : "22003";
    }

    @Property(tries = 150)
    void aLookupOnAnIntegerKeyIsTheUnpreparedQuery(@ForAll("ints") IntValue key) {
        session();
        assertNotNull(Prepare.lookupIndex(QUERIES.get(0)), "planned as a point lookup with symbolic parameters");
        boolean bad = !key.inIntRange() || key.passed() != null && key.meant() == null;
        if (bad) {
            SpindleException e = assertThrows(SpindleException.class, () -> prepared(0, key.passed()));
            assertEquals(badIntState(key), e.sqlState(), e.getMessage());
            return;
        }
        assertEquals(unprepared("SELECT v FROM t WHERE k = " + key.literal() + " ORDER BY v"), prepared(0, key.passed()));
        assertEquals(unprepared("SELECT count(*) FROM t WHERE k = " + key.literal() + " GROUP BY k"), prepared(4, key.passed()));
    }

    @Property(tries = 150)
    void aLookupOnAVarcharKeyIsTheUnpreparedQuery(@ForAll("strings") String key, @ForAll("strings") String suffix) {
        session();
        assertNotNull(Prepare.lookupIndex(QUERIES.get(1)));
        assertNotNull(Prepare.lookupIndex(QUERIES.get(2)));
        if (key != null && key.length() > 5) {
            assertEquals("22001", assertThrows(SpindleException.class, () -> prepared(1, key)).sqlState());
            return;
        }
        assertEquals(unprepared("SELECT k, v FROM t WHERE s = " + quote(key) + " ORDER BY v"), prepared(1, key));
        // parameters in the result's expressions and the filter too, bound per execution
        List<Row> keyed = unprepared("SELECT k, v FROM t WHERE s = " + quote(key) + " AND k IS NOT NULL ORDER BY v LIMIT 1");
        Object k = keyed.isEmpty() ? 3 : keyed.get(0).get(0);
        String other = keyed.isEmpty() || suffix == null || suffix.length() % 2 == 0 ? suffix : (String) keyed.get(0).get(1);
        long offset = suffix == null ? -1 : suffix.length();
        assertEquals(unprepared("SELECT b + " + offset + ", v FROM t WHERE k = " + k + " AND v <> " + quote(other)
                + " ORDER BY v"), prepared(2, offset, k, other));
    }

    @Property(tries = 100)
    void aLookupWithAFurtherParameterInTheFilterIsTheUnpreparedQuery(@ForAll("ints") IntValue key,
                                                                     @ForAll("ints") IntValue b) {
        session();
        assertNotNull(Prepare.lookupIndex(QUERIES.get(3)));
        if (!key.inIntRange() || key.passed() != null && key.meant() == null) {
            assertEquals(badIntState(key), assertThrows(SpindleException.class, () -> prepared(3, key.passed(), 1)).sqlState());
            return;
        }
        if (b.passed() != null && b.meant() == null) {
            assertEquals("22P02", assertThrows(SpindleException.class, () -> prepared(3, key.passed(), b.passed())).sqlState());
            return;
        }
        if (b.meant() != null && (b.meant().compareTo(BigDecimal.valueOf(Long.MAX_VALUE)) > 0
                || b.meant().compareTo(BigDecimal.valueOf(Long.MIN_VALUE)) < 0)) {
            assertEquals("22003", assertThrows(SpindleException.class, () -> prepared(3, key.passed(), b.passed())).sqlState());
            return;
        }
        assertEquals(unprepared("SELECT v, b FROM t WHERE k = " + key.literal() + " AND b = " + b.literal() + " ORDER BY v"),
                prepared(3, key.passed(), b.passed()));
    }

    @Example
    void aLookupIsPlannedAgainAfterDropIndexAndCreateIndex() {
        Session x = session();
        x.executeScript("CREATE TABLE u (k INT, v INT); CREATE INDEX u_k ON u (k); INSERT INTO u VALUES (1, 10), (2, 20), (2, 21)");
        Prepared p = x.prepare("SELECT v FROM u WHERE k = ? ORDER BY v");
        GlobalId first = db.coordinator().catalog().byName("u_k").orElseThrow().id();
        assertEquals(List.of(Row.of(20L), Row.of(21L)), rows(x, p, 2));
        assertEquals(first, Prepare.lookupIndex(p));
        Object calcite = Prepare.calcitePlan(p);
        x.execute("DROP INDEX u_k");
        assertEquals(List.of(Row.of(10L)), rows(x, p, 1), "read without the index");
        assertNull(Prepare.lookupIndex(p), "no index, no lookup");
        x.execute("CREATE INDEX u_k2 ON u (k)");
        assertEquals(List.of(Row.of(20L), Row.of(21L)), rows(x, p, 2));
        assertEquals(db.coordinator().catalog().byName("u_k2").orElseThrow().id(), Prepare.lookupIndex(p));
        x.execute("CREATE INDEX u_v ON u (v)");
        assertEquals(List.of(Row.of(20L), Row.of(21L)), rows(x, p, 2));
        assertEquals(db.coordinator().catalog().byName("u_k2").orElseThrow().id(), Prepare.lookupIndex(p),
                "an index on another key leaves the lookup on u_k2");
        assertSame(calcite, Prepare.calcitePlan(p), "index DDL changes the lowering, not Calcite's plan");
        x.execute("CREATE TABLE unrelated (a INT)");
        assertEquals(List.of(Row.of(10L)), rows(x, p, 1));
        assertNotSame(calcite, Prepare.calcitePlan(p), "other DDL plans again");
        assertEquals(db.coordinator().catalog().byName("u_k2").orElseThrow().id(), Prepare.lookupIndex(p));
        x.execute("DROP TABLE unrelated");
        int dataflows = db.coordinator().compute().dataflows().size();
        x.execute("INSERT INTO u VALUES (3, 30)");
        assertEquals(List.of(Row.of(30L)), rows(x, p, 3));
        assertEquals(List.of(), rows(x, p, (Object) null));
        assertEquals(dataflows, db.coordinator().compute().dataflows().size(), "answered from the index");
        x.execute("DROP TABLE u");
        assertEquals("42P01", assertThrows(SpindleException.class, () -> rows(x, p, 1)).sqlState());
    }

    @Example
    void aPreparedQueryOnAViewFollowsTheViewsIndexesWithoutPlanningAgain() {
        Session x = session();
        x.executeScript("CREATE TABLE vt (k INT, v INT); INSERT INTO vt VALUES (1, 10), (2, 20), (2, 21);"
                + "CREATE VIEW vv AS SELECT k, sum(v) AS s FROM vt GROUP BY k");
        Prepared p = x.prepare("SELECT s FROM vv WHERE k = ?");
        Object calcite = Prepare.calcitePlan(p);
        assertNull(Prepare.lookupIndex(p), "no index on the view yet");
        assertEquals(List.of(Row.of(41L)), rows(x, p, 2));
        x.execute("CREATE INDEX vv_k ON vv (k)");
        assertEquals(List.of(Row.of(41L)), rows(x, p, 2));
        assertEquals(db.coordinator().catalog().byName("vv_k").orElseThrow().id(), Prepare.lookupIndex(p),
                "the lookup reads the view's new index");
        x.execute("INSERT INTO vt VALUES (2, 1)");
        assertEquals(List.of(Row.of(42L)), rows(x, p, 2));
        x.execute("DROP INDEX vv_k");
        assertEquals(List.of(Row.of(10L)), rows(x, p, 1), "the view recomputed without its index");
        assertNull(Prepare.lookupIndex(p));
        assertSame(calcite, Prepare.calcitePlan(p));
        x.execute("DROP VIEW vv");
        assertEquals("42P01", assertThrows(SpindleException.class, () -> rows(x, p, 1)).sqlState());
        x.execute("DROP TABLE vt");
    }

    @Example
    void lookupsOnDecimalDateAndBooleanKeys() {
        Session x = session();
        x.executeScript("CREATE TABLE w (d DECIMAL(6,2), dt DATE, z BOOLEAN, v INT); CREATE INDEX w_d ON w (d);"
                + "CREATE INDEX w_dt ON w (dt); CREATE INDEX w_z ON w (z);"
                + "INSERT INTO w VALUES (1.50, DATE '2026-12-01', true, 1), (2, DATE '2026-12-02', false, 2), (NULL, NULL, NULL, 3)");
        Prepared byD = x.prepare("SELECT v FROM w WHERE d = ?");
        Prepared byDt = x.prepare("SELECT v FROM w WHERE dt = ?");
        Prepared byZ = x.prepare("SELECT v FROM w WHERE z = ?");
        assertNotNull(Prepare.lookupIndex(byD));
        assertNotNull(Prepare.lookupIndex(byDt));
        assertNotNull(Prepare.lookupIndex(byZ));
        assertEquals(List.of(Row.of(1L)), rows(x, byD, new BigDecimal("1.5")), "1.5 = 1.50");
        assertEquals(List.of(Row.of(2L)), rows(x, byD, 2));
        assertEquals(List.of(Row.of(2L)), rows(x, byD, "2.00"));
        assertEquals(List.of(), rows(x, byD, (Object) null));
        assertEquals("22003", assertThrows(SpindleException.class, () -> rows(x, byD, 12345)).sqlState());
        assertEquals(List.of(Row.of(2L)), rows(x, byDt, java.time.LocalDate.of(2026, 12, 2)));
        assertEquals(List.of(Row.of(1L)), rows(x, byDt, "2026-12-01"));
        assertEquals(List.of(Row.of(1L)), rows(x, byZ, true));
        assertEquals(List.of(Row.of(2L)), rows(x, byZ, false));
        assertEquals(List.of(), rows(x, byZ, (Object) null));
        x.execute("DROP TABLE w");
    }

    @Example
    void queriesThatAreNotPointLookupsBindAndLowerPerExecution() {
        Session x = session();
        for (String sql : List.of("SELECT v FROM t WHERE k >= ? ORDER BY v LIMIT 3", "SELECT v FROM t WHERE k = ? + 1",
                "SELECT v FROM t ORDER BY v LIMIT ?")) {
            Prepared p = x.prepare(sql);
            assertNull(Prepare.lookupIndex(p), sql);
            assertEquals(unprepared(sql.replace("?", "3")), rows(x, p, 3), sql);
        }
    }

    private static List<Row> rows(Session x, Prepared p, Object... values) {
        return assertInstanceOf(StatementResult.Rows.class, x.execute(p, Arrays.asList(values))).rows();
    }
}
