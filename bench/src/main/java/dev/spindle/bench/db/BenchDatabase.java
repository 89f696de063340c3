package dev.spindle.bench.db;

import dev.spindle.bench.measure.Heap;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One fresh in-memory database of an engine, with the connections opened on it. Every connection
 * is set up the same way on both engines: auto-commit, serializable isolation (Spindle's only
 * level; H2's default would be READ COMMITTED). {@link #close()} closes them all and drops the
 * database (H2: {@code SHUTDOWN}; Spindle: closing the last connection closes it), so nothing of a
 * workload stays in the heap for the next one.
 *
 * <p>Thread-safety: {@link #connect()} and {@link #close()} are synchronized; each returned
 * {@code Connection} is used by one thread at a time, as JDBC asks.
 */
public final class BenchDatabase implements AutoCloseable {

    private static final AtomicInteger NEXT = new AtomicInteger();

    private final Engine engine;
    private final String url;
    private final List<Connection> connections = new ArrayList<>();
    private final Connection main;

    private BenchDatabase(Engine engine, String name) throws SQLException {
        this.engine = engine;
        this.url = engine.url(name);
        this.main = connect();
    }

    /**
     * Opens a fresh database; its first connection is {@link #main()}. First the heap is collected
     * ({@link Heap#usedAfterGc}), so that each engine's measurement starts from a collected heap,
     * whatever the workload or engine before it left behind: the corpus run (P7) leaves more than
     * a gigabyte of garbage, whose collection otherwise lands in the middle of the next
     * workload's latency windows (young pauses of 0.2 to 0.4 s in P8 after P7).
     */
    public static BenchDatabase open(Engine engine, String purpose) throws SQLException {
        Heap.usedAfterGc();
        return new BenchDatabase(engine, "bench_" + purpose + "_" + NEXT.incrementAndGet());
    }

    public Engine engine() {
        return engine;
    }

    /** The connection opened with the database. */
    public Connection main() {
        return main;
    }

    /** Another connection to the same database, set up like the first. */
    public synchronized Connection connect() throws SQLException {
        Connection c = DriverManager.getConnection(url);
        c.setAutoCommit(true);
        if (c.getTransactionIsolation() != Connection.TRANSACTION_SERIALIZABLE) {
            c.setTransactionIsolation(Connection.TRANSACTION_SERIALIZABLE);
        }
        connections.add(c);
        return c;
    }

    /** Runs one statement on {@link #main()}. */
    public void execute(String sql) throws SQLException {
        try (Statement st = main.createStatement()) {
            st.execute(sql);
        }
    }

    @Override
    public synchronized void close() throws SQLException {
        SQLException first = null;
        if (engine == Engine.H2 && !main.isClosed()) {
            try (Statement st = main.createStatement()) {
                st.execute("SHUTDOWN");
            } catch (SQLException e) {
                first = e;
            }
        }
        for (Connection c : connections) {
            try {
                c.close();
            } catch (SQLException e) {
                if (first == null) {
                    first = e;
                }
            }
        }
        connections.clear();
        if (first != null) {
            throw first;
        }
    }
}
