package dev.spindle.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The driver under a connection pool: many connections used from many threads, validated with
 * {@code isValid}, closed and replaced; {@code close()} is idempotent and closes the connection's
 * statements and result sets; a named in-memory database lives exactly as long as some connection
 * to it is open.
 */
@Timeout(180)
class ConnectionPoolTest {
    private static final int THREADS = 10;

    private static long count(Connection c, String table) throws SQLException {
        try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery("SELECT count(*) FROM " + table)) {
            assertTrue(rs.next());
            return rs.getLong(1);
        }
    }

    /**
     * A minimal pool (as HikariCP or DBCP behave): {@code THREADS} threads borrow from 4
     * connections, validate with isValid, write and read, and return them; now and then a thread
     * retires the connection it holds and opens a fresh one in its place.
     */
    @Test
    void tenThreadsShareAPoolOfConnections() throws Exception {
        String url = "jdbc:spindle:mem:pool_shared";
        try (Connection keeper = DriverManager.getConnection(url)) {
            try (Statement st = keeper.createStatement()) {
                st.execute("CREATE TABLE hits (thread INT, i INT, PRIMARY KEY (thread, i))");
            }
            BlockingQueue<Connection> pool = new ArrayBlockingQueue<>(4);
            for (int i = 0; i < 4; i++) {
                pool.add(DriverManager.getConnection(url));
            }
            int perThread = 25;
            ExecutorService threads = Executors.newFixedThreadPool(THREADS);
            CyclicBarrier start = new CyclicBarrier(THREADS);
            List<Future<Integer>> results = new ArrayList<>();
            for (int t = 0; t < THREADS; t++) {
                int thread = t;
                results.add(threads.submit(() -> {
                    start.await();
                    int reopened = 0;
                    for (int i = 0; i < perThread; i++) {
                        Connection c = pool.poll(30, TimeUnit.SECONDS);
                        assertTrue(c != null && c.isValid(1), "a valid connection from the pool");
                        try (Statement st = c.createStatement()) {
                            assertEquals(1, st.executeUpdate("INSERT INTO hits VALUES (" + thread + ", " + i + ")"));
                            try (ResultSet rs = st.executeQuery("SELECT count(*) FROM hits WHERE thread = " + thread)) {
                                assertTrue(rs.next());
                                assertEquals(i + 1, rs.getInt(1), "reads its own writes");
                            }
                        }
                        if (i % 7 == 6) {
                            c.close(); // retire it; the pool replaces it
                            assertFalse(c.isValid(1));
                            c = DriverManager.getConnection(url);
                            reopened++;
                        }
                        pool.put(c);
                    }
                    return reopened;
                }));
            }
            int reopened = 0;
            for (Future<Integer> f : results) {
                reopened += f.get(150, TimeUnit.SECONDS);
            }
            threads.shutdown();
            assertEquals(THREADS * 3, reopened);
            assertEquals(THREADS * perThread, count(keeper, "hits"));
            for (Connection c : pool) {
                assertEquals(THREADS * perThread, count(c, "hits"));
                c.close();
            }
        }
    }

    /** Each thread its own connections, opened and closed repeatedly, private and named. */
    @Test
    void connectionsOpenAndCloseOnManyThreads() throws Exception {
        ExecutorService threads = Executors.newFixedThreadPool(THREADS);
        List<Future<?>> results = new ArrayList<>();
        for (int t = 0; t < THREADS; t++) {
            int thread = t;
            results.add(threads.submit(() -> {
                for (int round = 0; round < 3; round++) {
                    String url = thread % 2 == 0 ? "jdbc:spindle:mem:" : "jdbc:spindle:mem:pool_t" + thread;
                    try (Connection c = DriverManager.getConnection(url); Statement st = c.createStatement()) {
                        // a named database whose last connection closed is gone: the table is new each round
                        st.execute("CREATE TABLE r (x INT)");
                        st.execute("INSERT INTO r VALUES (" + round + ")");
                        assertEquals(1, count(c, "r"));
                    }
                }
                return null;
            }));
        }
        for (Future<?> f : results) {
            f.get(150, TimeUnit.SECONDS);
        }
        threads.shutdown();
    }

    @Test
    void closeIsIdempotentAndClosesStatementsAndResultSets() throws SQLException {
        Connection c = DriverManager.getConnection("jdbc:spindle:mem:");
        Statement st = c.createStatement();
        st.execute("CREATE TABLE t (x INT)");
        st.execute("INSERT INTO t VALUES (1), (2)");
        ResultSet rs = st.executeQuery("SELECT x FROM t");
        PreparedStatement ps = c.prepareStatement("SELECT x FROM t");
        assertTrue(c.isValid(0));
        c.close();
        c.close();
        assertTrue(c.isClosed());
        assertFalse(c.isValid(0));
        assertTrue(st.isClosed());
        assertTrue(ps.isClosed());
        assertTrue(rs.isClosed());
        assertThrows(SQLException.class, c::createStatement);
        assertThrows(SQLException.class, () -> st.executeQuery("SELECT 1"));
        assertThrows(SQLException.class, () -> c.getMetaData().getTables(null, null, null, null));
        st.close(); // closing again after the connection closed it is harmless
        assertThrows(SQLException.class, () -> c.isValid(-1));
    }

    @Test
    void aNamedDatabaseLivesWhileAnyConnectionToItIsOpen() throws SQLException {
        String url = "jdbc:spindle:mem:pool_refcount";
        Connection first = DriverManager.getConnection(url);
        try (Statement st = first.createStatement()) {
            st.execute("CREATE TABLE kept (x INT)");
            st.execute("INSERT INTO kept VALUES (1)");
        }
        Connection second = DriverManager.getConnection(url);
        first.close();
        first.close(); // a second close must not release the database's count twice
        assertEquals(1, count(second, "kept"));
        Connection third = DriverManager.getConnection(url);
        second.close();
        assertEquals(1, count(third, "kept"));
        // the metadata of a connection shows the shared catalog
        try (ResultSet rs = third.getMetaData().getTables(null, null, "kept", null)) {
            assertTrue(rs.next());
        }
        third.close();
        try (Connection fresh = DriverManager.getConnection(url)) {
            SQLException e = assertThrows(SQLException.class, () -> count(fresh, "kept"));
            assertEquals("42P01", e.getSQLState());
        }
    }

    /** A statement that fails on one connection leaves the pool's other connections serving. */
    @Test
    void aFailingConnectionDoesNotDisturbTheOthers() throws Exception {
        String url = "jdbc:spindle:mem:pool_failing";
        try (Connection a = DriverManager.getConnection(url); Connection b = DriverManager.getConnection(url)) {
            try (Statement st = a.createStatement()) {
                st.execute("CREATE TABLE t (x INT PRIMARY KEY)");
            }
            ExecutorService threads = Executors.newFixedThreadPool(2);
            Future<?> bad = threads.submit(() -> {
                for (int i = 0; i < 20; i++) {
                    try (Statement st = a.createStatement()) {
                        st.execute("SELECT " + "(".repeat(1000) + "1" + ")".repeat(1000));
                    } catch (SQLException e) {
                        assertEquals("54001", e.getSQLState());
                    }
                }
                return null;
            });
            Future<?> good = threads.submit(() -> {
                for (int i = 0; i < 20; i++) {
                    try (Statement st = b.createStatement()) {
                        assertEquals(1, st.executeUpdate("INSERT INTO t VALUES (" + i + ")"));
                    }
                }
                return null;
            });
            bad.get(60, TimeUnit.SECONDS);
            good.get(60, TimeUnit.SECONDS);
            threads.shutdown();
            assertTrue(a.isValid(1));
            assertEquals(20, count(a, "t"));
        }
    }
}
