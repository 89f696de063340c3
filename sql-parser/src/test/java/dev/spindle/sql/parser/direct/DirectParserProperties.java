package dev.spindle.sql.parser.direct;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spindle.sql.parser.SpindleParser;
import java.util.Random;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.statistics.Statistics;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.parser.SqlParser;

/**
 * The direct parser against the generated one on random query texts ({@link QueryTexts}): where
 * the direct parser reads a text, the generated parser reads it too and builds the same tree,
 * positions included; where the generated parser fails, the direct parser has left the text.
 */
class DirectParserProperties {
    @Property(tries = 3000)
    void whatItReadsIsTheGeneratedParsersTree(@ForAll long seed) {
        String sql = new QueryTexts(new Random(seed)).statement();
        Statistics.label("read").collect(check(sql));
    }

    /** Checks one text; whether the direct parser read it. */
    private static boolean check(String sql) {
        SqlNode direct = DirectParser.parse(sql);
        if (direct == null) {
            return false;
        }
        SqlNode generated;
        try {
            generated = generated(sql);
        } catch (Exception e) {
            throw new AssertionError("the direct parser read <" + sql + ">, the generated parser failed: " + e.getMessage(), e);
        }
        assertNull(SqlTrees.difference(generated, direct), () -> "<" + sql + ">");
        return true;
    }

    /** The generated parser's tree of {@code sql}, a single statement with or without ';'. */
    static SqlNode generated(String sql) throws Exception {
        org.apache.calcite.sql.SqlNodeList list = SqlParser.create(sql, SpindleParser.config()).parseStmtList();
        assertEquals(1, list.size(), sql);
        return list.get(0);
    }

    @Example
    void itReadsAGoodShareOfTheRandomTextsSoThePropertyIsNotVacuous() {
        Random random = new Random(42);
        int read = 0;
        for (int i = 0; i < 3000; i++) {
            read += check(new QueryTexts(random).statement()) ? 1 : 0;
        }
        assertTrue(read >= 300, "read " + read + " of 3000");
    }

    @Example
    void itReadsTheCommonStatements() {
        for (String sql : new String[] {
            "SELECT 1",
            "select a, -b AS x, c y FROM t1 AS z, t2 WHERE a > 1 AND NOT b IS NULL ORDER BY 1 DESC",
            "SELECT DISTINCT col0 FROM tab0 cor0 CROSS JOIN tab1 WHERE col0 BETWEEN 1 AND 2 OR col1 NOT IN (1, 2)",
            "SELECT count(*), sum(DISTINCT a) FROM t1 GROUP BY b HAVING count(*) > 1",
            "SELECT CASE WHEN a < b THEN 1 ELSE 2 END, CAST(a AS DECIMAL(5, 2)), coalesce(a, b), abs(-1)\nFROM t1",
            "SELECT (SELECT max(x.b) FROM t1 AS x WHERE x.a = t1.a), EXISTS (SELECT 1 FROM t2) FROM t1;",
            "SELECT a FROM t1 UNION ALL SELECT b FROM t2 EXCEPT SELECT c FROM t3 ORDER BY 1 LIMIT 2 OFFSET 1",
            "SELECT t1.* FROM t1 LEFT OUTER JOIN (SELECT a FROM t2) AS s ON t1.a = s.a WHERE a LIKE 'x%'",
            "INSERT INTO t1(e,c,b,d,a) VALUES(103,102,100,101,104)",
            "insert into tab0 values (0, -6, 5.6, 'jtqxx', NULL), (1, 2, 3, 'y', 4);",
            "INSERT INTO t2 SELECT * FROM t1 WHERE a > 1",
            "DELETE FROM tab0 WHERE col4 > 3 OR col0 IN (SELECT col0 FROM tab1)",
            "DELETE FROM t AS x",
            "DROP TABLE IF EXISTS t1",
            "DROP VIEW v CASCADE",
            "DROP INDEX s.i RESTRICT",
            "CREATE INDEX idx_tab0_0 ON tab0 (col0 DESC, col1)",
            "CREATE UNIQUE INDEX IF NOT EXISTS i ON t (a + 1 ASC)",
            "CREATE TABLE tab0(pk INTEGER PRIMARY KEY, col0 INTEGER, col1 FLOAT, col2 TEXT)",
            "CREATE TABLE IF NOT EXISTS t1(a INTEGER NOT NULL DEFAULT 1 UNIQUE, b DECIMAL(5, 2) NULL)",
            "CREATE VIEW view_1 AS SELECT pk, col0 FROM tab0 WHERE col0 = 49",
        }) {
            assertNotNull(DirectParser.parse(sql), sql);
            assertTrue(check(sql), sql);
        }
    }

    @Example
    void itLeavesToTheGeneratedParserWhatItDoesNotKnow() {
        for (String sql : new String[] {
            "SELECT 1 AS OF 3", // Spindle's AS OF
            "SELECT \"A\" FROM t", // quoted names
            "SELECT 1 -- a comment",
            "SELECT\t1",
            "SELECT x'01'",
            "SELECT DATE '2020-01-01'",
            "SELECT 1e5",
            "SELECT a FROM t1 JOIN t2 USING (a)",
            "SELECT (1, 2)",
            "SELECT a = ANY (SELECT b FROM t)",
            "SELECT count(*) OVER () FROM t",
            "SELECT 'a' 'b'",
            "SELECT a FROM t1 AS v (p)",
            "SELECT a year FROM t", // a reserved word as an alias
            "SELECT a FROM t ORDER BY 1 FETCH FIRST 2 ROWS ONLY",
            "VALUES 1",
            "INSERT INTO t VALUES (DEFAULT)",
            "INSERT INTO t (a INTEGER) VALUES (1)",
            "CREATE TABLE t (a INT, PRIMARY KEY (a))",
            "CREATE TABLE t (a INT NOT NULL NULL)",
            "CREATE TABLE t (a INT UNSIGNED)",
            "CREATE OR REPLACE VIEW v AS SELECT 1",
            "CREATE VIEW v (x) AS SELECT 1",
            "UPDATE t SET a = 1",
            "DELETE FROM t1 a WHERE a.x = 1", // a non-reserved keyword as the alias
            "SELECT 1; SELECT 2",
            "SELECT é",
        }) {
            assertNull(DirectParser.parse(sql), sql);
        }
    }

    @Example
    void positionsAreTheGeneratedParsersAcrossLines() {
        String sql = "SELECT a,\n  b + 1\nFROM t1\n  WHERE c IS NOT NULL";
        assertTrue(check(sql));
        assertEquals("line 4, column 9", DirectParser.parse(sql) instanceof org.apache.calcite.sql.SqlSelect s
                ? s.getWhere().getParserPosition().toString() : "");
    }
}
