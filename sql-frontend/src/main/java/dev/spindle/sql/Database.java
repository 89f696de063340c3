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

    /**
     * Opens (creating it if need be) the file-mode database in directory {@code dir}: reads and
     * checks its files (lock, manifest, snapshots, log) and returns; the catalog and rows are
     * replayed and the indexes rehydrate (as {@code CREATE INDEX} hydrates) on a thread of their
     * own, and every statement waits for that, its session's {@link Session#progress()} showing
     * how far it has got. Then every statement returns once what it committed is durable (see
     * {@link dev.spindle.sql.durable.FileDurability}).
     *
     * @throws dev.spindle.common.error.SpindleException 55006 if another process (or this one) has
     *     it open, XX001 if its files are damaged, 58030 on an I/O error
     */
    public static Database open(java.nio.file.Path dir, RuntimeMode mode, int workers,
                                dev.spindle.storage.durable.DurableStore.Options options) {
        Coordinator coord = new Coordinator(mode, workers, DEFAULT_RETAIN_MILLIS);
        try {
            dev.spindle.sql.durable.FileDurability.open(coord, dir, options);
        } catch (RuntimeException e) {
            coord.close();
            throw e;
        }
        return new Database(coord);
    }

    /**
     * Opens a file-mode database over the file seam {@code io} instead of a directory, without the
     * directory lock: for tests that make a sync block or fail.
     */
    public static Database open(dev.spindle.storage.durable.FileIO io, RuntimeMode mode, int workers,
                                dev.spindle.storage.durable.DurableStore.Options options) {
        Coordinator coord = new Coordinator(mode, workers, DEFAULT_RETAIN_MILLIS);
        try {
            dev.spindle.sql.durable.FileDurability.open(coord, io, options);
        } catch (RuntimeException e) {
            coord.close();
            throw e;
        }
        return new Database(coord);
    }

    /** What opening repaired (a torn log tail cut off); empty for an in-memory database. */
    public java.util.List<String> notices() {
        return coordinator.durability() instanceof dev.spindle.sql.durable.FileDurability f ? f.notices() : java.util.List.of();
    }

    /** Writes a checkpoint of a file-mode database now (no-op in memory); also the {@code CHECKPOINT} statement. */
    public void checkpoint() {
        coordinator.durability().checkpoint();
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
