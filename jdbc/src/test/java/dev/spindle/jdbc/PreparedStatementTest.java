package dev.spindle.jdbc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.sql.BatchUpdateException;
import java.sql.Connection;
import java.sql.Date;
import java.sql.DriverManager;
import java.sql.ParameterMetaData;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Time;
import java.sql.Timestamp;
import java.sql.Types;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import org.junit.jupiter.api.Test;

/** PreparedStatement through the driver: parameters of every supported type, batches, metadata. */
class PreparedStatementTest {

    @Test
    void parametersOfEverySupportedTypeRoundTrip() throws SQLException {
        try (Connection c = DriverManager.getConnection("jdbc:spindle:mem:")) {
            c.createStatement().execute("CREATE TABLE t (b BOOLEAN, s SMALLINT, i INTEGER, l BIGINT, r REAL, "
                    + "d DOUBLE PRECISION, n DECIMAL(10,3), c CHAR(3), v VARCHAR(20), x TEXT, dt DATE, tm TIME, ts TIMESTAMP)");
            try (PreparedStatement ins = c.prepareStatement("INSERT INTO t VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
                ParameterMetaData md = ins.getParameterMetaData();
                assertEquals(13, md.getParameterCount());
                assertEquals(Types.BOOLEAN, md.getParameterType(1));
                assertEquals(Types.BIGINT, md.getParameterType(4));
                assertEquals(Types.DECIMAL, md.getParameterType(7));
                assertEquals(Types.DATE, md.getParameterType(11));
                ins.setBoolean(1, true);
                ins.setShort(2, (short) 2);
                ins.setInt(3, 3);
                ins.setLong(4, 4_000_000_000L);
                ins.setFloat(5, 5.5f);
                ins.setDouble(6, 6.25);
                ins.setBigDecimal(7, new BigDecimal("7.125"));
                ins.setString(8, "ab");
                ins.setString(9, "varchar");
                ins.setString(10, "it's text");
                ins.setDate(11, Date.valueOf(LocalDate.of(2026, 12, 1)));
                ins.setTime(12, Time.valueOf(LocalTime.of(12, 34, 56)));
                ins.setTimestamp(13, Timestamp.valueOf(LocalDateTime.of(2026, 12, 1, 17, 30, 1)));
                assertEquals(1, ins.executeUpdate());
                for (int i = 1; i <= 13; i++) {
                    ins.setNull(i, Types.NULL);
                }
                assertEquals(1, ins.executeUpdate());
            }
            try (PreparedStatement q = c.prepareStatement("SELECT i, v, dt, ts, n FROM t WHERE b = ? AND l = ? AND x = ? "
                    + "AND dt = ? AND ts = ? AND n = ? AND d > ? AND tm = ? AND c = ?")) {
                q.setBoolean(1, true);
                q.setLong(2, 4_000_000_000L);
                q.setString(3, "it's text");
                q.setDate(4, Date.valueOf(LocalDate.of(2026, 12, 1)));
                q.setTimestamp(5, Timestamp.valueOf(LocalDateTime.of(2026, 12, 1, 17, 30, 1)));
                q.setBigDecimal(6, new BigDecimal("7.125"));
                q.setDouble(7, 6.0);
                q.setTime(8, Time.valueOf(LocalTime.of(12, 34, 56)));
                q.setString(9, "ab");
                try (ResultSet rs = q.executeQuery()) {
                    assertTrue(rs.next());
                    assertEquals(3, rs.getInt(1));
                    assertEquals("varchar", rs.getString(2));
                    assertEquals(Date.valueOf(LocalDate.of(2026, 12, 1)), rs.getDate(3));
                    assertEquals(Timestamp.valueOf(LocalDateTime.of(2026, 12, 1, 17, 30, 1)), rs.getTimestamp(4));
                    assertEquals(new BigDecimal("7.125"), rs.getBigDecimal(5));
                    assertFalse(rs.next());
                }
            }
            try (PreparedStatement q = c.prepareStatement("SELECT count(*) FROM t WHERE i IS NOT DISTINCT FROM ?")) {
                q.setObject(1, null);
                assertEquals(1, count(q));
                q.setObject(1, 3);
                assertEquals(1, count(q));
                q.setInt(1, 4);
                assertEquals(0, count(q));
            }
        }
    }

    @Test
    void aPreparedPointLookupRunsManyTimesWithNewValues() throws SQLException {
        try (Connection c = DriverManager.getConnection("jdbc:spindle:mem:")) {
            Statement st = c.createStatement();
            st.execute("CREATE TABLE kv (k INT, v INT)");
            st.execute("CREATE INDEX kv_k ON kv (k)");
            try (PreparedStatement ins = c.prepareStatement("INSERT INTO kv VALUES (?, ?)")) {
                for (int i = 0; i < 500; i++) {
                    ins.setInt(1, i);
                    ins.setInt(2, i * i);
                    ins.addBatch();
                }
                int[] counts = ins.executeBatch();
                assertEquals(500, counts.length);
                assertEquals(1, counts[499]);
            }
            try (PreparedStatement q = c.prepareStatement("SELECT v FROM kv WHERE k = ?")) {
                for (int i = 0; i < 500; i += 7) {
                    q.setInt(1, i);
                    try (ResultSet rs = q.executeQuery()) {
                        assertTrue(rs.next());
                        assertEquals(i * i, rs.getInt(1));
                        assertFalse(rs.next());
                    }
                }
            }
            try (ResultSet rs = st.executeQuery("EXPLAIN SELECT v FROM kv WHERE k = 7")) {
                StringBuilder plan = new StringBuilder();
                while (rs.next()) {
                    plan.append(rs.getString(1)).append('\n');
                }
                assertTrue(plan.toString().contains("kv_k"), plan.toString());
            }
        }
    }

    @Test
    void updateDeleteAndTheirBatches() throws SQLException {
        try (Connection c = DriverManager.getConnection("jdbc:spindle:mem:")) {
            c.createStatement().execute("CREATE TABLE t (k INT PRIMARY KEY, v TEXT)");
            c.createStatement().execute("INSERT INTO t VALUES (1, 'a'), (2, 'b'), (3, 'c')");
            try (PreparedStatement up = c.prepareStatement("UPDATE t SET v = ? WHERE k = ?")) {
                up.setString(1, "x");
                up.setInt(2, 1);
                up.addBatch();
                up.setObject(1, "y");
                up.setObject(2, 2);
                up.addBatch();
                assertArrayEquals(new int[] {1, 1}, up.executeBatch());
            }
            try (PreparedStatement del = c.prepareStatement("DELETE FROM t WHERE v = ?")) {
                del.setString(1, "y");
                assertEquals(1, del.executeUpdate());
            }
            try (PreparedStatement ins = c.prepareStatement("INSERT INTO t VALUES (?, ?)")) {
                ins.setInt(1, 10);
                ins.setString(2, "ten");
                ins.addBatch();
                ins.setInt(1, 1);
                ins.setString(2, "dup");
                ins.addBatch();
                BatchUpdateException e = assertThrows(BatchUpdateException.class, ins::executeBatch);
                assertEquals("23505", e.getSQLState());
            }
            try (PreparedStatement q = c.prepareStatement("SELECT count(*) FROM t WHERE k >= ?")) {
                q.setInt(1, 0);
                assertEquals(2, count(q), "the failed batch wrote nothing");
            }
        }
    }

    @Test
    void badParametersAreSqlExceptionsWithSqlStates() throws SQLException {
        try (Connection c = DriverManager.getConnection("jdbc:spindle:mem:")) {
            c.createStatement().execute("CREATE TABLE t (k INT, v VARCHAR(3))");
            SQLException untyped = assertThrows(SQLException.class, () -> c.prepareStatement("SELECT ?"));
            assertEquals("42601", untyped.getSQLState());
            SQLException unknown = assertThrows(SQLException.class, () -> c.prepareStatement("SELECT * FROM nope WHERE k = ?"));
            assertEquals("42P01", unknown.getSQLState());
            try (PreparedStatement ins = c.prepareStatement("INSERT INTO t VALUES (?, ?)")) {
                ins.setString(1, "not a number");
                ins.setString(2, "ok");
                assertEquals("22P02", assertThrows(SQLException.class, ins::executeUpdate).getSQLState());
                ins.setInt(1, 1);
                ins.setString(2, "too long");
                assertEquals("22001", assertThrows(SQLException.class, ins::executeUpdate).getSQLState());
                ins.setInt(1, 1);
                ins.setString(2, "ok");
                assertEquals(1, ins.executeUpdate(), "the statement still runs after errors");
            }
        }
    }

    private static long count(PreparedStatement q) throws SQLException {
        try (ResultSet rs = q.executeQuery()) {
            assertTrue(rs.next());
            return rs.getLong(1);
        }
    }
}
