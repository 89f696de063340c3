package dev.spindle.sql.coord;

import dev.spindle.common.id.GlobalId;
import dev.spindle.common.update.Update;
import dev.spindle.planner.catalog.Catalog;
import java.util.List;
import java.util.Map;
import java.util.function.LongConsumer;
import java.util.function.Supplier;

/**
 * Where the commit path hands a database's changes to be made durable: every catalog change and
 * every commit, in commit order, under the coordinator's write lock; a statement then waits,
 * outside the lock, until what it committed is durable ({@link #run}), so commits of many
 * sessions share one sync. {@link #NONE} (in-memory databases) keeps nothing; file mode's
 * implementation is {@code dev.spindle.sql.durable.FileDurability}.
 *
 * <p>Thread-safety: implementations are shared by every session of a database;
 * {@link #catalogChanged} and {@link #committed} are called with the write lock held.
 */
public interface Durability extends AutoCloseable {

    /** Keeps nothing: an in-memory database. */
    Durability NONE = new Durability() {
        @Override
        public void catalogChanged(Catalog before, Catalog after) {
        }

        @Override
        public void committed(Map<GlobalId, List<Update>> changes) {
        }

        @Override
        public void applied(long ts, LongConsumer publish) {
            publish.accept(ts);
        }

        @Override
        public <T> T run(String sql, Supplier<T> statement) {
            return statement.get();
        }

        @Override
        public void checkpoint() {
        }

        @Override
        public void close() {
        }
    };

    /**
     * The catalog changed from {@code before} to {@code after} (write lock held), before the
     * catalog relations' rows are committed. Throws (and the change is not durable) if the
     * database can no longer write.
     */
    void catalogChanged(Catalog before, Catalog after);

    /** {@code changes} are being committed (write lock held); throws if they cannot be made durable. */
    void committed(Map<GlobalId, List<Update>> changes);

    /**
     * The commit at {@code ts} is applied (write lock held, after {@link #committed}): call
     * {@code publish} with it, on any thread, once no read of it may be lost, which is at once
     * in memory and in file mode once every log record appended so far is acknowledged. A commit
     * whose record never becomes durable (an I/O error) is never published.
     */
    void applied(long ts, LongConsumer publish);

    /**
     * Runs one statement, whose text is {@code sql}, on the caller's thread, and returns once
     * everything it committed is durable (the acknowledgement).
     */
    <T> T run(String sql, Supplier<T> statement);

    /**
     * While the database is still opening (file mode replays its log and rehydrates its indexes
     * after {@code Database.open} returned, and every statement waits for that), how far it has
     * got: a rehydrating index reports records arranged of its table's rows, as {@code CREATE
     * INDEX} does. Empty once open, and always in memory.
     */
    default java.util.Optional<dev.spindle.sql.Progress> opening() {
        return java.util.Optional.empty();
    }

    /** Waits until opening has ended, whether or not it succeeded (closing waits for it). */
    default void awaitOpened() {
    }

    /**
     * Completes once opening has ended, whether or not it succeeded (a failed open is reported by
     * {@link #run}); already complete in memory. A statement waits on it before {@link #run} so
     * that its session's cancel and statement timeout end the wait (the session does that). Each
     * call returns a new dependent future: completing it does not touch the open.
     */
    default java.util.concurrent.CompletableFuture<Void> opened() {
        return java.util.concurrent.CompletableFuture.completedFuture(null);
    }

    /** Writes a checkpoint now (the {@code CHECKPOINT} statement); nothing to do in memory. */
    void checkpoint();

    @Override
    void close();
}
