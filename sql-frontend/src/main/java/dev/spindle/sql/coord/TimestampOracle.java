package dev.spindle.sql.coord;

/**
 * Hands out timestamps (DESIGN §4): each write gets {@code max(now_ms, last + 1)}. A write is
 * first <em>applied</em> (in storage, sealed everywhere) and then <em>published</em>: in memory at
 * once, in file mode once its log record, and every record before it, is acknowledged (synced),
 * so a read never sees a commit that a crash could lose.
 *
 * <p>Reads use the latest published write's timestamp, so a read that starts after a write was
 * acknowledged sees it, and a read never waits for a write still in progress or being synced. The
 * writer is the exception: a thread holding the coordinator's write lock reads at the latest
 * applied write (an UPDATE, a DELETE, an INSERT ... SELECT, the rows a new index or a checkpoint
 * starts from), since what it writes lands on that state. Its writes are logged after the ones it
 * read, so a crash that loses those loses its writes too.
 *
 * <p>Thread-safety: all methods may be called from any thread. The coordinator serializes writes
 * between {@link #nextWrite} and {@link #applied}; {@link #published} may come from any thread.
 */
public final class TimestampOracle {
    private final Object writeLock;
    private long assigned;
    private volatile long applied;
    private volatile long published;

    /** An oracle whose writer is whoever holds {@code writeLock}. */
    public TimestampOracle(Object writeLock) {
        this.writeLock = java.util.Objects.requireNonNull(writeLock, "writeLock");
    }

    /** A timestamp for a new write, after every one handed out before. */
    public synchronized long nextWrite() {
        assigned = Math.max(System.currentTimeMillis(), assigned + 1);
        return assigned;
    }

    /** Records that the write at {@code ts} is in storage and sealed everywhere (not yet readable). */
    public synchronized void applied(long ts) {
        if (ts > applied) {
            applied = ts;
        }
    }

    /** Makes every applied write through {@code ts} readable; never moves back. */
    public synchronized void published(long ts) {
        if (ts > applied) {
            throw new IllegalStateException("publishing " + ts + " beyond the applied write " + applied);
        }
        if (ts > published) {
            published = ts;
        }
    }

    /**
     * The time a read starting now reads at: the latest published write's, or, on the thread
     * holding the write lock, the latest applied one's.
     */
    public long readTimestamp() {
        return Thread.holdsLock(writeLock) ? applied : published;
    }

    /** The latest published write's timestamp. */
    public long publishedTimestamp() {
        return published;
    }

    /** The latest applied write's timestamp (at or after the published one). */
    public long appliedTimestamp() {
        return applied;
    }
}
