package dev.spindle.sql;

import dev.spindle.compute.controller.RuntimeMode;
import dev.spindle.sql.coord.Coordinator;

/**
 * One Spindle database in memory: its tables, catalog and compute, shared by the
 * {@link Session}s opened on it. Closing it stops its compute runtimes.
 *
 * <p>Thread-safety: any thread may open sessions; sessions run concurrently (see
 * {@link Coordinator}).
 */
public final class Database implements AutoCloseable {
    private final Coordinator coordinator;

    private Database(Coordinator coordinator) {
        this.coordinator = coordinator;
    }

    /** History an index keeps by default (DESIGN §4's read policy): one second. */
    public static final long DEFAULT_RETAIN_MILLIS = 1000;

    /** A new in-memory database with {@code workers} workers per runtime in {@code mode}. */
    public static Database open(RuntimeMode mode, int workers) {
        return open(mode, workers, DEFAULT_RETAIN_MILLIS);
    }

    /** The same, with indexes keeping {@code retainMillis} of history. */
    public static Database open(RuntimeMode mode, int workers, long retainMillis) {
        return new Database(new Coordinator(mode, workers, retainMillis));
    }

    /** A new in-memory database with the defaults for this machine: split runtimes, one worker each. */
    public static Database open() {
        return open(RuntimeMode.SPLIT, 1);
    }

    /** A new session (a connection's state). */
    public Session session() {
        return new Session(coordinator);
    }

    /** The coordinator, for tests and introspection. */
    public Coordinator coordinator() {
        return coordinator;
    }

    @Override
    public void close() {
        coordinator.close();
    }
}
