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
    void progressOfAHydratingIndexThroughTheConnection() throws Exception {
        try (Connection c = open()) {
            ProgressReporting progress = c.unwrap(ProgressReporting.class);
            assertTrue(progress.progress().isEmpty());
            try (Statement st = c.createStatement()) {
                st.execute("CREATE VIEW cubed AS SELECT a.k AS x, b.k AS y FROM big a, big b");
                CompletableFuture<Boolean> running = CompletableFuture.supplyAsync(() -> {
                    try {
                        return st.execute("CREATE INDEX cubed_x ON cubed (x)");
                    } catch (SQLException e) {
                        throw new RuntimeException(e);
                    }
                });
                java.util.List<dev.spindle.sql.Progress> seen = new java.util.ArrayList<>();
                while (!running.isDone()) {
                    progress.progress().ifPresent(seen::add);
                    Thread.sleep(2);
                }
                running.get();
                assertTrue(!seen.isEmpty(), "reported while hydrating");
                assertTrue(seen.stream().allMatch(p -> p.total() == -1 && p.statement().equals("CREATE INDEX cubed_x")),
                        "an index on a view does not know its total: " + seen.get(0));
            }
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
