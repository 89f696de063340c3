package dev.spindle.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.spindle.common.row.Row;
import dev.spindle.common.type.Column;
import dev.spindle.compute.controller.RuntimeMode;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Result columns are named as PostgreSQL names them (checked against PostgreSQL 15): an
 * unaliased aggregate or function by its name, a cast by its operand or its type, a CASE as
 * {@code case}, a scalar subquery by its column, anything else {@code ?column?} (a name given
 * twice in one list with a suffix, where PostgreSQL repeats it); and a query reads those names
 * from a subquery or a view.
 */
class ColumnNamesTest {
    private static Database db;
    private static Session s;

    @BeforeAll
    static void open() {
        db = Database.open(RuntimeMode.SPLIT, 1);
        s = db.session();
        s.executeScript("CREATE TABLE t (k INT, v INT); INSERT INTO t VALUES (1, 10), (2, 20)");
    }

    @AfterAll
    static void close() {
        db.close();
    }

    private static List<String> names(String sql) {
        return ((StatementResult.Rows) s.execute(sql)).columns().stream().map(Column::name).toList();
    }

    @Test
    void unaliasedExpressionsAreNamedAsPostgresNamesThem() {
        assertEquals(List.of("count", "sum", "max", "avg"), names("SELECT count(*), sum(v), max(k), avg(v) FROM t"));
        assertEquals(List.of("?column?", "k", "int4", "case", "coalesce", "abs", "v"),
                names("SELECT k + 1, CAST(k AS BIGINT), CAST(1 AS INTEGER), CASE WHEN k > 1 THEN 1 END, "
                        + "coalesce(v, 0), abs(k), (v) FROM t"));
        // PostgreSQL repeats a name; here a name given twice takes a suffix (see the next test)
        assertEquals(List.of("k", "?column?", "k0", "?column?0"), names("SELECT t.k, k + 1, CAST(k AS BIGINT), 'x' FROM t"));
        assertEquals(List.of("max", "exists"), names("SELECT (SELECT max(v) FROM t), EXISTS (SELECT 1 FROM t)"));
        assertEquals(List.of("top", "?column?"), names("SELECT (SELECT max(v) AS top FROM t), (SELECT min(v) + 1 FROM t)"));
        assertEquals(List.of("n", "?column?"), names("SELECT count(*) AS n, 1 + 1 FROM t"));
    }

    @Test
    void aNameGivenTwiceInOneListTakesASuffixSoThatAStarOverItIsNotAmbiguous() {
        assertEquals(List.of("?column?", "?column?0"), names("SELECT 1, 2"));
        assertEquals(List.of("count", "count0", "count1"), names("SELECT count(*), count(v), count(k) FROM t"));
        assertEquals(List.of("sum0", "sum"), names("SELECT sum(v), k AS sum FROM t GROUP BY k ORDER BY k LIMIT 1"));
        assertEquals(List.of("?column?", "?column?0"), names("SELECT * FROM (SELECT 1, 2) s"));
        assertEquals(List.of(Row.of(11L, 2L)), ((StatementResult.Rows) s.execute(
                "SELECT * FROM (SELECT k + 10, k * 2 FROM t) s WHERE s.\"?column?\" = 11")).rows());
    }

    @Test
    void aSubqueryOrViewIsReadByThoseNames() {
        assertEquals(List.of(Row.of(2L)), ((StatementResult.Rows) s.execute(
                "SELECT x.count FROM (SELECT count(*) FROM t) x")).rows());
        s.execute("CREATE VIEW totals AS SELECT k, sum(v) FROM t GROUP BY k");
        assertEquals(List.of("k", "sum"), names("SELECT * FROM totals"));
        assertEquals(List.of(Row.of(20L)), ((StatementResult.Rows) s.execute("SELECT sum FROM totals WHERE k = 2")).rows());
        s.execute("DROP VIEW totals");
    }
}
