package dev.spindle.cli.shell;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;

/**
 * A throwaway query run in the background while the user types the first statement, so that
 * loading and compiling the planner and the dataflow operators (a second or more on a cold JVM)
 * is not paid by the first real statement. It reads no table, writes nothing and prints nothing;
 * a failure is ignored.
 *
 * <p>Thread-safety: {@link #start()} once, then {@link #await()} from the shell's thread before
 * it runs a statement of its own (so the two never share the connection at once);
 * {@link #stop()} from any thread.
 */
final class WarmUp {
    /** Plans through Calcite and renders a join, a reduction and a filter, over constants only. */
    static final String QUERY = "SELECT a.x, count(*) AS n FROM (VALUES (1), (2), (3)) AS a(x) "
            + "JOIN (VALUES (1), (3)) AS b(y) ON a.x = b.y WHERE a.x > 0 GROUP BY a.x ORDER BY a.x";

    private final CompletableFuture<Connection> connection;
    private CompletableFuture<Void> done = CompletableFuture.completedFuture(null);
    private volatile Statement statement;
    private volatile boolean stopped;

    WarmUp(CompletableFuture<Connection> connection) {
        this.connection = connection;
    }

    /** Starts the query on a daemon thread, once the connection is open. */
    void start() {
        CompletableFuture<Void> f = new CompletableFuture<>();
        Thread t = new Thread(() -> {
            try (Statement st = connection.join().createStatement()) {
                statement = st;
                if (!stopped) {
                    try (ResultSet rs = st.executeQuery(QUERY)) {
                        while (rs.next()) {
                            rs.getObject(1);
                        }
                    }
                }
            } catch (SQLException | RuntimeException e) {
                // (a connection that could not be opened is reported by the shell, not here)
                // a warm-up that fails changes nothing: the first statement pays instead
            } finally {
                f.complete(null);
            }
        }, "spindle-warm-up");
        t.setDaemon(true);
        done = f;
        t.start();
    }

    /**
     * Stops the warm-up if it still runs (the shell is ending: closing the connection would
     * otherwise wait for it). Safe from any thread.
     */
    void stop() {
        stopped = true;
        Statement st = statement;
        if (st != null) {
            try {
                st.cancel();
            } catch (SQLException | RuntimeException e) {
                // finished or closed meanwhile: nothing to stop
            }
        }
    }

    /** Waits until the warm-up has finished. */
    void await() {
        try {
            done.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException e) {
            // cannot happen: the future is completed with null
        }
    }
}
