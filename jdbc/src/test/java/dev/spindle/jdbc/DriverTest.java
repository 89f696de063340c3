package dev.spindle.jdbc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

class DriverTest {
    private static final String TYPES = "CREATE TABLE t (b BOOLEAN, s SMALLINT, i INTEGER NOT NULL, l BIGINT,"
            + " r REAL, d DOUBLE PRECISION, n DECIMAL(10,2), c CHAR(3), v VARCHAR(20), x TEXT,"
            + " dt DATE, tm TIME, ts TIMESTAMP)";

    private static SQLException fails(Statement st, String sql) {
        return assertThrows(SQLException.class, () -> st.execute(sql), sql);
    }

    @Test
    void decimalsKeepTheScalePostgreSqlShows() throws SQLException {
        try (Connection c = DriverManager.getConnection("jdbc:spindle:mem:");
             Statement st = c.createStatement()) {
            st.executeUpdate("CREATE TABLE m (n DECIMAL(10,2))");
            st.executeUpdate("INSERT INTO m VALUES (1.5)");
            try (ResultSet rs = st.executeQuery("SELECT n, n * n, 1.50 + 1.50, CAST(3 AS DECIMAL(5,1)) FROM m")) {
                assertTrue(rs.next());
                assertEquals("1.50", rs.getString(1));
                assertEquals(new BigDecimal("1.50"), rs.getBigDecimal(1));
                assertEquals("2.2500", rs.getString(2));
                assertEquals("3.00", rs.getString(3));
                assertEquals("3.0", rs.getString(4));
            }
        }
    }

    @Test
    void ddlInsertSelectEveryTypeAndNulls() throws SQLException {
        try (Connection c = DriverManager.getConnection("jdbc:spindle:mem:");
             Statement st = c.createStatement()) {
            assertEquals(0, st.executeUpdate(TYPES));
            assertEquals(2, st.executeUpdate("INSERT INTO t VALUES"
                    + " (TRUE, 12, 345, 6789012345, 1.5, 2.25, 12.34, 'ab', 'hello', 'text',"
                    + "  DATE '2024-02-29', TIME '13:14:15', TIMESTAMP '2024-02-29 13:14:15.123'),"
                    + " (NULL, NULL, 7, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL)"));
            try (ResultSet rs = st.executeQuery("SELECT * FROM t ORDER BY i DESC")) {
                assertTrue(rs.next());
                assertTrue(rs.getBoolean("b"));
                assertEquals(12, rs.getShort("s"));
                assertEquals(345, rs.getInt("i"));
                assertEquals(345L, rs.getLong("i"));
                assertEquals(6789012345L, rs.getLong("l"));
                assertEquals(1.5f, rs.getFloat("r"));
                assertEquals(2.25, rs.getDouble("d"));
                assertEquals(new BigDecimal("12.34"), rs.getBigDecimal("n"));
                assertEquals("ab ", rs.getString("c"));
                assertEquals("hello", rs.getString("v"));
                assertEquals("text", rs.getString("x"));
                assertEquals(LocalDate.of(2024, 2, 29), rs.getDate("dt").toLocalDate());
                assertEquals(LocalTime.of(13, 14, 15), rs.getTime("tm").toLocalTime());
                assertEquals(LocalDateTime.of(2024, 2, 29, 13, 14, 15, 123_000_000),
                        rs.getTimestamp("ts").toLocalDateTime());
                assertEquals("2024-02-29 13:14:15.123", rs.getString("ts"), "milliseconds, not 23 digits");
                assertEquals(345, rs.getObject("i"));
                assertFalse(rs.wasNull());

                assertTrue(rs.next());
                assertEquals(7, rs.getInt("i"));
                assertFalse(rs.getBoolean("b"));
                assertTrue(rs.wasNull());
                assertEquals(0, rs.getShort("s"));
                assertTrue(rs.wasNull());
                assertEquals(0L, rs.getLong("l"));
                assertTrue(rs.wasNull());
                assertEquals(0.0, rs.getDouble("d"));
                assertTrue(rs.wasNull());
                assertNull(rs.getBigDecimal("n"));
                assertNull(rs.getString("v"));
                assertNull(rs.getDate("dt"));
                assertNull(rs.getTime("tm"));
                assertNull(rs.getTimestamp("ts"));
                assertNull(rs.getObject("x"));
                assertTrue(rs.wasNull());
                assertFalse(rs.next());
            }
        }
    }

    /** The module's tests run in America/Los_Angeles (see the pom), away from UTC. */
    @Test
    void datesAndTimesAreLocalValuesOutsideUtc() throws SQLException {
        assertEquals("America/Los_Angeles", java.util.TimeZone.getDefault().getID());
        try (Connection c = DriverManager.getConnection("jdbc:spindle:mem:");
             Statement st = c.createStatement()) {
            st.execute("CREATE TABLE t (dt DATE, tm TIME, ts TIMESTAMP)");
            st.execute("INSERT INTO t VALUES (DATE '1969-12-31', TIME '23:59:58', TIMESTAMP '2024-03-10 02:30:00'),"
                    + " (DATE '2000-01-01', TIME '00:00:00', TIMESTAMP '1970-01-01 00:00:00')");
            try (ResultSet rs = st.executeQuery("SELECT * FROM t ORDER BY dt")) {
                assertTrue(rs.next());
                assertEquals(LocalDate.of(1969, 12, 31), rs.getDate(1).toLocalDate());
                assertEquals("1969-12-31", rs.getString(1));
                assertEquals(LocalTime.of(23, 59, 58), rs.getTime(2).toLocalTime());
                assertTrue(rs.getString(2).startsWith("23:59:58"), rs.getString(2));
                // a wall-clock time that Los Angeles skipped (DST) is still itself as a string
                assertTrue(rs.getString(3).startsWith("2024-03-10 02:30:00"), rs.getString(3));
                assertTrue(rs.next());
                assertEquals(LocalDate.of(2000, 1, 1), rs.getDate(1).toLocalDate());
                assertEquals(LocalTime.MIDNIGHT, rs.getTime(2).toLocalTime());
                assertEquals(LocalDateTime.of(1970, 1, 1, 0, 0), rs.getTimestamp(3).toLocalDateTime());
            }
        }
    }

    @Test
    void resultSetMetaDataHasTypesNamesAndNullability() throws SQLException {
        try (Connection c = DriverManager.getConnection("jdbc:spindle:mem:");
             Statement st = c.createStatement()) {
            st.execute(TYPES);
            try (ResultSet rs = st.executeQuery("SELECT * FROM t")) {
                ResultSetMetaData md = rs.getMetaData();
                assertEquals(13, md.getColumnCount());
                int[] expected = {Types.BOOLEAN, Types.SMALLINT, Types.INTEGER, Types.BIGINT, Types.REAL,
                    Types.DOUBLE, Types.DECIMAL, Types.CHAR, Types.VARCHAR, Types.VARCHAR, Types.DATE,
                    Types.TIME, Types.TIMESTAMP};
                int[] actual = new int[expected.length];
                for (int i = 0; i < expected.length; i++) {
                    actual[i] = md.getColumnType(i + 1);
                }
                assertArrayEquals(expected, actual);
                assertEquals("b", md.getColumnName(1).toLowerCase());
                assertEquals("i", md.getColumnLabel(3).toLowerCase());
                assertEquals(ResultSetMetaData.columnNoNulls, md.isNullable(3));
                assertEquals(ResultSetMetaData.columnNullable, md.isNullable(4));
                assertEquals(10, md.getPrecision(7));
                assertEquals(2, md.getScale(7));
                assertEquals("java.math.BigDecimal", md.getColumnClassName(7));
            }
            assertEquals("Spindle", c.getMetaData().getDatabaseProductName());
        }
    }

    @Test
    void executeUpdateReturnsCounts() throws SQLException {
        try (Connection c = DriverManager.getConnection("jdbc:spindle:mem:");
             Statement st = c.createStatement()) {
            assertFalse(st.execute("CREATE TABLE t (k INT PRIMARY KEY, v INT)"));
            assertEquals(3, st.executeUpdate("INSERT INTO t VALUES (1, 10), (2, 20), (3, 30)"));
            assertEquals(2, st.executeUpdate("UPDATE t SET v = v + 1 WHERE k >= 2"));
            assertEquals(0, st.executeUpdate("DELETE FROM t WHERE k > 100"));
            assertEquals(1, st.executeUpdate("DELETE FROM t WHERE k = 1"));
            assertTrue(st.execute("SELECT SUM(v) FROM t"));
            try (ResultSet rs = st.getResultSet()) {
                assertTrue(rs.next());
                assertEquals(52, rs.getLong(1));
            }
            st.addBatch("INSERT INTO t VALUES (4, 40)");
            st.addBatch("INSERT INTO t VALUES (5, 50), (6, 60)");
            assertArrayEquals(new int[] {1, 2}, st.executeBatch());
            try (PreparedStatement ps = c.prepareStatement("SELECT COUNT(*) FROM t");
                 ResultSet rs = ps.executeQuery()) {
                assertTrue(rs.next());
                assertEquals(5, rs.getLong(1));
            }
        }
    }

    @Test
    void namedDatabaseIsSharedByConnections() throws SQLException {
        try (Connection a = DriverManager.getConnection("jdbc:spindle:mem:shared1;workers=2");
             Connection b = DriverManager.getConnection("jdbc:spindle:mem:shared1");
             Connection other = DriverManager.getConnection("jdbc:spindle:mem:shared2");
             Connection anon = DriverManager.getConnection("jdbc:spindle:mem:")) {
            a.createStatement().execute("CREATE TABLE t (k INT)");
            a.createStatement().executeUpdate("INSERT INTO t VALUES (41), (1)");
            try (ResultSet rs = b.createStatement().executeQuery("SELECT SUM(k) FROM t")) {
                assertTrue(rs.next());
                assertEquals(42, rs.getInt(1));
            }
            assertEquals("42P01", fails(other.createStatement(), "SELECT * FROM t").getSQLState());
            assertEquals("42P01", fails(anon.createStatement(), "SELECT * FROM t").getSQLState());
        }
        // the last connection closed the database: the name starts afresh
        try (Connection again = DriverManager.getConnection("jdbc:spindle:mem:shared1")) {
            assertEquals("42P01", fails(again.createStatement(), "SELECT * FROM t").getSQLState());
        }
    }

    @Test
    void errorsKeepTheirSqlState() throws SQLException {
        try (Connection c = DriverManager.getConnection("jdbc:spindle:mem:");
             Statement st = c.createStatement()) {
            SQLException syntax = fails(st, "SELEC 1");
            assertEquals("42601", syntax.getSQLState());
            assertTrue(syntax.getErrorCode() != 0, "vendor code kept");
            // Spindle's own words, not Avatica's rewording ("Error 4201 (42601) : Error while executing SQL ...")
            assertEquals("syntax error at or near \"SELEC\" at line 1, column 1 (at position 1)", syntax.getMessage());
            SQLException missing = fails(st, "SELECT x FROM nope");
            assertEquals("relation \"nope\" does not exist (at position 15)", missing.getMessage());
            assertEquals(15, assertInstanceOf(SpindleSQLException.class, missing).position(), "for tools that point at it");
            SQLException unprepared = assertThrows(SQLException.class, () -> c.prepareStatement("SELECT x FROM nope"));
            assertEquals("42P01", unprepared.getSQLState());
            assertEquals(15, assertInstanceOf(SpindleSQLException.class, unprepared).position());
            st.execute("CREATE TABLE t (k INT PRIMARY KEY)");
            st.execute("INSERT INTO t VALUES (0)");
            assertEquals("23505", fails(st, "INSERT INTO t VALUES (0)").getSQLState());
            assertEquals("22012", fails(st, "SELECT 1 / k FROM t").getSQLState());
            assertEquals("23505", assertThrows(SQLException.class,
                    () -> st.executeUpdate("INSERT INTO t VALUES (0)")).getSQLState());
            assertEquals("22012", assertThrows(SQLException.class,
                    () -> st.executeQuery("SELECT 1 / k FROM t")).getSQLState());
            try (PreparedStatement ps = c.prepareStatement("SELECT 1 / k FROM t")) {
                SQLException e = assertThrows(SQLException.class, ps::executeQuery);
                assertEquals("22012", e.getSQLState());
                assertEquals("division by zero", e.getMessage());
                assertEquals(-1, assertInstanceOf(SpindleSQLException.class, e).position());
            }
            st.addBatch("INSERT INTO t VALUES (1)");
            st.addBatch("INSERT INTO t VALUES (0)");
            java.sql.BatchUpdateException batch = assertThrows(java.sql.BatchUpdateException.class, st::executeBatch);
            assertEquals("23505", batch.getSQLState());
            assertTrue(batch.getMessage().contains("batch statement 2 of 2"), batch.getMessage());
            st.clearBatch();
            st.executeUpdate("DELETE FROM t WHERE k = 1");
            try (ResultSet rs = st.executeQuery("SELECT COUNT(*) FROM t")) {
                assertTrue(rs.next());
                assertEquals(1, rs.getInt(1), "the failed statements changed nothing");
            }
        }
    }

    @Test
    void errorsInAWritesConditionPointIntoTheStatement() throws SQLException {
        try (Connection c = DriverManager.getConnection("jdbc:spindle:mem:");
             Statement st = c.createStatement()) {
            st.execute("CREATE TABLE t (k INT PRIMARY KEY, v INT)");
            st.execute("INSERT INTO t VALUES (1, 10), (2, 20)");
            // the read of a DELETE, UPDATE or INSERT ... SELECT is planned from the statement's
            // own nodes, so an error's position is where the user wrote the name
            SQLException delete = fails(st, "DELETE FROM t WHERE nosuch = 1");
            assertEquals("42703", delete.getSQLState());
            assertEquals(21, assertInstanceOf(SpindleSQLException.class, delete).position(), delete.getMessage());
            SQLException update = fails(st, "UPDATE t SET v = nosuch WHERE k = 1");
            assertEquals(18, assertInstanceOf(SpindleSQLException.class, update).position(), update.getMessage());
            SQLException aliased = fails(st, "DELETE FROM t AS x WHERE t.k = 1");
            assertEquals("42P01", aliased.getSQLState(), aliased.getMessage());
            assertEquals("missing FROM-clause entry for table \"t\" (at position 26)", aliased.getMessage());
            SQLException insert = fails(st, "INSERT INTO t SELECT k, nosuch FROM t");
            assertEquals(25, assertInstanceOf(SpindleSQLException.class, insert).position(), insert.getMessage());
            assertEquals(1, st.executeUpdate("UPDATE t AS x SET v = x.v + k WHERE x.k = 2"));
            assertEquals(1, st.executeUpdate("DELETE FROM t AS x WHERE x.v = 10"));
            try (ResultSet rs = st.executeQuery("SELECT k, v FROM t")) {
                assertTrue(rs.next());
                assertEquals(2, rs.getInt(1));
                assertEquals(22, rs.getInt(2), "the update read its own row through the alias");
                assertTrue(!rs.next(), "the delete took the other row");
            }
        }
    }

    @Test
    void statementWarningsAreSqlWarnings() throws SQLException {
        try (Connection c = DriverManager.getConnection("jdbc:spindle:mem:");
             Statement st = c.createStatement()) {
            st.execute("CREATE TABLE t (k INT)");
            st.execute("CREATE INDEX i1 ON t (k)");
            assertNull(st.getWarnings());
            st.execute("CREATE INDEX i2 ON t (k)");
            java.sql.SQLWarning w = st.getWarnings();
            assertTrue(w != null && w.getMessage().contains("identical to i1"), String.valueOf(w));
            assertNull(w.getNextWarning());
            st.clearWarnings();
            assertNull(st.getWarnings());
            st.execute("SELECT k FROM t");
            assertNull(st.getWarnings(), "a new execution has its own warnings");
        }
    }

    @Test
    void transactionsWithAutoCommitOff() throws SQLException {
        try (Connection a = DriverManager.getConnection("jdbc:spindle:mem:tx");
             Connection b = DriverManager.getConnection("jdbc:spindle:mem:tx")) {
            assertTrue(a.getAutoCommit());
            a.createStatement().execute("CREATE TABLE t (k INT PRIMARY KEY)");
            a.setAutoCommit(false);
            assertFalse(a.getAutoCommit());
            Statement sa = a.createStatement();
            sa.executeUpdate("INSERT INTO t VALUES (1), (2)");
            assertEquals(2, count(sa, "SELECT count(*) FROM t"), "reads its own writes");
            assertEquals(0, count(b.createStatement(), "SELECT count(*) FROM t"), "others do not see them yet");
            a.commit();
            assertEquals(2, count(b.createStatement(), "SELECT count(*) FROM t"));
            sa.executeUpdate("DELETE FROM t");
            a.rollback();
            assertEquals(2, count(b.createStatement(), "SELECT count(*) FROM t"), "rolled back");
            // a failed statement fails the transaction; commit then reports it and rolls back
            sa.executeUpdate("INSERT INTO t VALUES (3)");
            assertEquals("23505", fails(sa, "INSERT INTO t VALUES (1)").getSQLState());
            assertEquals("25P02", fails(sa, "SELECT 1").getSQLState());
            assertEquals("25P02", assertThrows(SQLException.class, a::commit).getSQLState());
            assertEquals(2, count(b.createStatement(), "SELECT count(*) FROM t"));
            // a conflicting commit: 40001, nothing written
            sa.executeUpdate("DELETE FROM t WHERE k = 1");
            b.createStatement().executeUpdate("DELETE FROM t WHERE k = 2");
            assertEquals("40001", assertThrows(SQLException.class, a::commit).getSQLState());
            assertEquals(1, count(b.createStatement(), "SELECT count(*) FROM t"));
            // turning auto-commit back on commits what is open
            sa.executeUpdate("INSERT INTO t VALUES (7)");
            a.setAutoCommit(true);
            assertEquals(2, count(b.createStatement(), "SELECT count(*) FROM t"));
            // DDL runs at the start of a transaction (tools create schemas with auto-commit off), not after writes
            a.setAutoCommit(false);
            sa.execute("CREATE TABLE u (x INT)");
            sa.executeUpdate("INSERT INTO u VALUES (1)");
            assertEquals("25001", fails(sa, "CREATE TABLE v (x INT)").getSQLState());
            a.rollback();
            assertEquals(0, count(b.createStatement(), "SELECT count(*) FROM u"));
        }
    }

    private static long count(Statement st, String sql) throws SQLException {
        try (ResultSet rs = st.executeQuery(sql)) {
            assertTrue(rs.next());
            return rs.getLong(1);
        }
    }

    @Test
    void maxRowsAndPreparedStatementsWithoutParameters() throws SQLException {
        try (Connection c = DriverManager.getConnection("jdbc:spindle:mem:");
             Statement st = c.createStatement()) {
            st.execute("CREATE TABLE t (k INT)");
            st.execute("INSERT INTO t VALUES (1), (2), (3)");
            st.setMaxRows(2);
            int n = 0;
            try (ResultSet rs = st.executeQuery("SELECT k FROM t ORDER BY k")) {
                while (rs.next()) {
                    n++;
                }
            }
            assertEquals(2, n);
            try (PreparedStatement ps = c.prepareStatement("INSERT INTO t VALUES (4)")) {
                assertEquals(1, ps.executeUpdate());
                assertEquals(1, ps.executeUpdate(), "a prepared statement runs again");
                assertThrows(SQLException.class, () -> ps.setInt(1, 5), "the statement has no parameter 1");
            }
            try (ResultSet rs = st.executeQuery("SELECT COUNT(*) FROM t WHERE k = 4")) {
                assertTrue(rs.next());
                assertEquals(2, rs.getInt(1));
            }
        }
    }

    @Test
    void fileModeKeepsDataAcrossConnectionsAndReopens() throws Exception {
        java.nio.file.Path dir = java.nio.file.Path.of("target", "driver-file-mode-" + System.nanoTime());
        String url = "jdbc:spindle:file:" + dir + ";sync_delay_ms=0;checkpoint_mb=1";
        try (Connection a = DriverManager.getConnection(url); Statement s = a.createStatement()) {
            s.execute("CREATE TABLE t (k INT PRIMARY KEY, v TEXT)");
            assertEquals(2, s.executeUpdate("INSERT INTO t VALUES (1, 'one'), (2, 'two')"));
            try (Connection b = DriverManager.getConnection(url); Statement s2 = b.createStatement()) {
                assertEquals(1, s2.executeUpdate("DELETE FROM t WHERE k = 1")); // the same database, shared
            }
            s.execute("CHECKPOINT");
            s.executeUpdate("INSERT INTO t VALUES (3, 'three')");
        }
        try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT k, v FROM t ORDER BY k")) {
            assertTrue(rs.next());
            assertEquals("2 two", rs.getInt(1) + " " + rs.getString(2));
            assertTrue(rs.next());
            assertEquals("3 three", rs.getInt(1) + " " + rs.getString(2));
            assertTrue(!rs.next());
        }
        SQLException e = assertThrows(SQLException.class, () -> DriverManager.getConnection("jdbc:spindle:file:"));
        assertEquals("22023", e.getSQLState());
        e = assertThrows(SQLException.class, () -> DriverManager.getConnection(url + ";sync_delay_ms=-1"));
        assertEquals("22023", e.getSQLState());
    }

    @Test
    void badPropertiesAreRefused() throws SQLException {
        for (String url : List.of("jdbc:spindle:mem:;workers=0", "jdbc:spindle:mem:;workers=many",
                "jdbc:spindle:mem:x;runtime=both", "jdbc:spindle:nope")) {
            assertEquals("22023", assertThrows(SQLException.class, () -> DriverManager.getConnection(url), url)
                    .getSQLState(), url);
        }
        Properties p = new Properties();
        p.setProperty("workers", "-3");
        assertEquals("22023", assertThrows(SQLException.class,
                () -> DriverManager.getConnection("jdbc:spindle:mem:", p)).getSQLState());
        p.setProperty("workers", "2");
        p.setProperty("runtime", "solo");
        try (Connection c = DriverManager.getConnection("jdbc:spindle:mem:", p)) {
            assertTrue(c.createStatement().execute("SELECT 1"));
        }
    }

    @Test
    void everyStatementTakesTheConnectionsFetchSize() throws SQLException {
        Properties p = new Properties();
        p.setProperty("fetch_size", "7"); // Avatica's connection property
        try (Connection c = DriverManager.getConnection("jdbc:spindle:mem:", p)) {
            for (int i = 0; i < 2; i++) { // the configuration is made once per connection
                try (Statement st = c.createStatement()) {
                    assertEquals(7, st.getFetchSize());
                }
            }
        }
        try (Connection c = DriverManager.getConnection("jdbc:spindle:mem:");
             Statement st = c.createStatement()) {
            assertEquals(org.apache.calcite.avatica.AvaticaStatement.DEFAULT_FETCH_SIZE, st.getFetchSize());
        }
    }

    @Test
    void fourConnectionsOnFourThreadsWriteAndRead() throws Exception {
        String url = "jdbc:spindle:mem:concurrent;runtime=split;workers=1";
        try (Connection setup = DriverManager.getConnection(url)) {
            setup.createStatement().execute("CREATE TABLE t (w INT, i INT)");
            ExecutorService pool = Executors.newFixedThreadPool(4);
            try {
                List<Future<?>> done = new ArrayList<>();
                for (int w = 0; w < 4; w++) {
                    int worker = w;
                    done.add(pool.submit(() -> {
                        try (Connection c = DriverManager.getConnection(url); Statement st = c.createStatement()) {
                            for (int i = 0; i < 20; i++) {
                                assertEquals(1, st.executeUpdate("INSERT INTO t VALUES (" + worker + ", " + i + ")"));
                                try (ResultSet rs = st.executeQuery("SELECT COUNT(*) FROM t WHERE w = " + worker)) {
                                    assertTrue(rs.next());
                                    assertEquals(i + 1, rs.getLong(1), "reads its own committed writes");
                                }
                            }
                        }
                        return null;
                    }));
                }
                for (Future<?> f : done) {
                    f.get();
                }
            } finally {
                pool.shutdown();
            }
            try (ResultSet rs = setup.createStatement().executeQuery("SELECT COUNT(*), SUM(i) FROM t")) {
                assertTrue(rs.next());
                assertEquals(80, rs.getLong(1));
                assertEquals(4 * 190, rs.getLong(2));
            }
        }
    }
}
