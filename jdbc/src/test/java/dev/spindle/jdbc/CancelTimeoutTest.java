package dev.spindle.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** {@code Statement.cancel()} from another thread and {@code setQueryTimeout} stop a pending read. */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class CancelTimeoutTest {
    private static final String SLOW = "SELECT count(*) FROM big a, big b, big c WHERE a.k + b.k + c.k >= 0";

    private static Connection open() throws SQLException {
        Connection c = DriverManager.getConnection("jdbc:spindle:mem:");
        try (Statement st = c.createStatement()) {
            st.execute("CREATE TABLE big (k INT)");
            try (PreparedStatement ins = c.prepareStatement("INSERT INTO big VALUES (?)")) {
                for (int i = 0; i < 500; i++) {
                    ins.setInt(1, i);
                    ins.addBatch();
                }
                ins.executeBatch();
            }
        }
        return c;
    }

    private static long count(Statement st) throws SQLException {
        try (ResultSet rs = st.executeQuery("SELECT count(*) FROM big")) {
            assertTrue(rs.next());
            return rs.getLong(1);
        }
    }

    @Test
    void cancelFromAnotherThread() throws Exception {
        try (Connection c = open(); Statement st = c.createStatement()) {
            CompletableFuture<SQLException> running = CompletableFuture.supplyAsync(() -> {
                try {
                    st.executeQuery(SLOW);
                    return null;
                } catch (SQLException e) {
                    return e;
                }
            });
            Thread.sleep(300);
            st.cancel();
            SQLException e = running.get(60, TimeUnit.SECONDS);
            assertEquals("57014", e == null ? "no error" : e.getSQLState());
            assertEquals(500, count(c.createStatement()), "the connection serves the next statement");
        }
    }

    @Test
    void queryTimeout() throws Exception {
        try (Connection c = open(); Statement st = c.createStatement()) {
            st.setQueryTimeout(1);
            assertEquals(1, st.getQueryTimeout());
            SQLException e = assertThrows(SQLException.class, () -> st.executeQuery(SLOW));
            assertEquals("57014", e.getSQLState());
            assertEquals("canceling statement due to statement timeout", e.getMessage().replaceFirst("^.*: ", ""));
            assertEquals(500, count(st), "a fast statement within the timeout runs");
            try (PreparedStatement ps = c.prepareStatement(SLOW)) {
                ps.setQueryTimeout(1);
                assertEquals("57014", assertThrows(SQLException.class, ps::executeQuery).getSQLState());
            }
        }
    }
}
