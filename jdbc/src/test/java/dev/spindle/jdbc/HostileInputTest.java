package dev.spindle.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Hostile statements through JDBC: each gets an {@link SQLException} with a SQLSTATE (never an
 * {@link Error}, StackOverflowError included), applies nothing, and leaves this connection and
 * another connection to the same database serving. Large but reasonable statements (a 10,000-row
 * VALUES, a 10,000-term IN list, nested subqueries) run.
 */
@Timeout(120)
class HostileInputTest {
    private static final String URL = "jdbc:spindle:mem:hostile";
    private Connection c;
    private Connection other;

    @BeforeEach
    void open() throws SQLException {
        c = DriverManager.getConnection(URL);
        other = DriverManager.getConnection(URL);
        try (Statement st = c.createStatement()) {
            st.execute("CREATE TABLE t (a INT PRIMARY KEY, b VARCHAR(10))");
            st.execute("INSERT INTO t VALUES (1, 'x'), (2, 'y'), (3, 'z')");
        }
    }

    @AfterEach
    void close() throws SQLException {
        c.close();
        other.close();
    }

    private static String repeat(String s, int n) {
        return s.repeat(n);
    }

    /**
     * Runs {@code sql} on {@code c}, expects an SQLException with {@code sqlState} (and nothing
     * else: an Error fails the test), then checks that nothing changed and both connections serve.
     */
    private void refused(String sqlState, String sql) throws SQLException {
        long before = count(c);
        try (Statement st = c.createStatement()) {
            st.execute(sql);
            fail("accepted: " + sql.substring(0, Math.min(100, sql.length())));
        } catch (SQLException e) {
            assertEquals(sqlState, e.getSQLState(), e.getMessage().substring(0, Math.min(300, e.getMessage().length())));
        }
        stillServing(before);
    }

    /** Nothing was applied, and this connection and the other one both read and write. */
    private void stillServing(long rowsBefore) throws SQLException {
        assertEquals(rowsBefore, count(c));
        assertEquals(rowsBefore, count(other));
        assertTrue(c.isValid(1));
        try (Statement st = other.createStatement()) {
            assertEquals(1, st.executeUpdate("INSERT INTO t VALUES (100, 'probe')"));
            assertEquals(1, st.executeUpdate("DELETE FROM t WHERE a = 100"));
        }
        assertEquals(rowsBefore, count(c));
    }

    private static long count(Connection conn) throws SQLException {
        try (Statement st = conn.createStatement(); ResultSet rs = st.executeQuery("SELECT count(*) FROM t")) {
            assertTrue(rs.next());
            return rs.getLong(1);
        }
    }

    @Test
    void thousandsOfNestedParentheses() throws SQLException {
        refused("54001", "SELECT " + repeat("(", 5000) + "1" + repeat(")", 5000));
        refused("54001", "INSERT INTO t VALUES (" + repeat("(", 5000) + "4" + repeat(")", 5000) + ", 'p')");
        // within the limit, they simply work
        try (Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("SELECT " + repeat("(", 150) + "41 + 1" + repeat(")", 150))) {
            assertTrue(rs.next());
            assertEquals(42, rs.getInt(1));
        }
    }

    @Test
    void aStatementOfOverOneMegabyte() throws SQLException {
        refused("54000", "INSERT INTO t VALUES (5, '" + repeat("x", 1 << 20) + "')");
        refused("54000", "SELECT 1 " + repeat("+ 1 ", 300_000));
    }

    @Test
    void aTenThousandTermExpression() throws SQLException {
        refused("54001", "SELECT " + repeat("1 + ", 9_999) + "1");
        refused("54001", "SELECT * FROM t WHERE " + repeat("a = 7 OR ", 9_999) + "a = 1");
        refused("54001", "UPDATE t SET a = " + repeat("a + ", 9_999) + "1");
    }

    /**
     * A chain the parser accepts (depth under its limit) but deep enough that Calcite's
     * recursive conversion overflows a small stack: Calcite catches the StackOverflowError and
     * rethrows it wrapped in a RuntimeException, which must still come out as 54001, not as an
     * internal error.
     */
    @Test
    void aStackOverflowWhilePlanningIsStatementTooComplex() throws Exception {
        long before = count(c);
        String sql = "SELECT * FROM t WHERE " + repeat("a > 0 AND ", 990) + "TRUE";
        AtomicReference<Throwable> thrown = new AtomicReference<>();
        Thread small = new Thread(null, () -> {
            try (Statement st = c.createStatement()) {
                st.executeQuery(sql).close();
            } catch (Throwable e) {
                thrown.set(e);
            }
        }, "small-stack", 384 * 1024);
        small.start();
        small.join();
        Throwable e = thrown.get();
        assertNotNull(e, "planned on a 384 KB stack; make the chain longer");
        assertTrue(e instanceof SQLException, e.toString());
        assertEquals("54001", ((SQLException) e).getSQLState(), e.getMessage().replaceAll("(AND `?t`?.`?a`? > 0 )+", "...").replaceAll("(a > 0 AND )+", "..."));
        stillServing(before);
    }

    @Test
    void invalidUtf16() throws SQLException {
        refused("42601", "SELECT '\uD800'");
        refused("42601", "INSERT INTO t VALUES (6, 'a\uDC00b')");
        refused("42601", "SELECT 1 -- \uDBFF");
        try (PreparedStatement ps = c.prepareStatement("INSERT INTO t VALUES (7, '\uD83D')")) {
            ps.execute();
            fail("accepted a lone surrogate");
        } catch (SQLException e) {
            assertEquals("42601", e.getSQLState());
        }
        stillServing(3);
    }

    @Test
    void deeplyNestedSubqueries() throws SQLException {
        // nested derived tables and IN subqueries plan and run
        String from = "SELECT a FROM t";
        for (int i = 0; i < 40; i++) {
            from = "SELECT a FROM (" + from + ") AS s" + i;
        }
        try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery(from)) {
            int n = 0;
            while (rs.next()) {
                n++;
            }
            assertEquals(3, n);
        }
        String in = "SELECT a FROM t";
        for (int i = 0; i < 8; i++) {
            in = "SELECT a FROM t WHERE a IN (" + in + ")";
        }
        try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery("SELECT count(*) FROM (" + in + ") AS q")) {
            assertTrue(rs.next());
            assertEquals(3, rs.getInt(1));
        }
        // nested scalar subqueries double the plan per level: refused before anything is
        // rendered (rendering 2^40 operators would exhaust the workers' memory)
        String scalar = "SELECT 1";
        for (int i = 0; i < 40; i++) {
            scalar = "SELECT (" + scalar + ")";
        }
        refused("54001", scalar);
        refused("54001", "INSERT INTO t SELECT (" + scalar + ") + 10, 'n'");
        // beyond the bracket limit they are refused by the parser
        String deep = "SELECT 1";
        for (int i = 0; i < 300; i++) {
            deep = "SELECT * FROM (" + deep + ") AS s" + i;
        }
        refused("54001", deep);
    }

    @Test
    void tenThousandRowValuesAndInList() throws SQLException {
        StringBuilder values = new StringBuilder("SELECT count(*), sum(x) FROM (VALUES ");
        StringBuilder insert = new StringBuilder("INSERT INTO t VALUES ");
        StringBuilder inList = new StringBuilder("SELECT count(*) FROM t WHERE a IN (");
        for (int i = 0; i < 10_000; i++) {
            String sep = i == 0 ? "" : ", ";
            values.append(sep).append('(').append(i).append(')');
            insert.append(sep).append('(').append(1000 + i).append(", 'v')");
            inList.append(sep).append(i * 2);
        }
        try (Statement st = c.createStatement()) {
            try (ResultSet rs = st.executeQuery(values.append(") AS v(x)").toString())) {
                assertTrue(rs.next());
                assertEquals(10_000, rs.getLong(1));
                assertEquals(49_995_000L, rs.getLong(2));
            }
            assertEquals(10_000, st.executeUpdate(insert.toString()));
            try (ResultSet rs = st.executeQuery(inList.append(')').toString())) {
                assertTrue(rs.next());
                // 2 among 1..3, and the even keys among 1000..10999 that are < 20000: 5000
                assertEquals(1 + 5_000, rs.getLong(1));
            }
        }
        assertEquals(10_003, count(other));
        // a 10,000-row INSERT whose last row breaks the primary key applies none of them
        StringBuilder dup = new StringBuilder("INSERT INTO t VALUES ");
        for (int i = 0; i < 10_000; i++) {
            dup.append(i == 0 ? "" : ", ").append('(').append(20_000 + i).append(", 'w')");
        }
        refused("23505", dup.append(", (1, 'dup')").toString());
    }

    @Test
    void errorsNeverEscapeAsErrors() {
        // every case above, once more on one statement: nothing but SQLException comes out
        String[] hostile = {
            "SELECT " + repeat("(", 100_000),
            "SELECT " + repeat("-", 20_000) + "1",
            "SELECT " + repeat("NOT ", 20_000) + "TRUE",
            "SELECT " + repeat("CASE WHEN TRUE THEN ", 3_000) + "1" + repeat(" END", 3_000),
            "SELECT " + repeat("abs(", 3_000) + "1" + repeat(")", 3_000),
            "SELECT '" + "\uDFFF".repeat(10) + "'",
            "\u0000",
            repeat(";", 10_000),
        };
        for (String sql : hostile) {
            try (Statement st = c.createStatement()) {
                st.execute(sql);
            } catch (SQLException e) {
                assertNotNull(e.getSQLState(), sql.substring(0, Math.min(40, sql.length())));
                assertFalse(e.getSQLState().startsWith("XX"), e.getMessage().substring(0, Math.min(300, e.getMessage().length())));
            }
        }
    }
}
