package dev.spindle.sql.coord;

/**
 * Hands out timestamps (DESIGN §4): each write gets {@code max(now_ms, last + 1)}; reads use the
 * latest <em>committed</em> write's timestamp, so a read that starts after a write committed sees
 * it, and a read never waits for a write still in progress.
 *
 * <p>Thread-safety: all methods may be called from any thread. The coordinator serializes writes
 * between {@link #nextWrite} and {@link #committed}.
 */
public final class TimestampOracle {
    private long assigned;
    private volatile long committed;

    /** A timestamp for a new write, after every one handed out before. */
    public synchronized long nextWrite() {
        assigned = Math.max(System.currentTimeMillis(), assigned + 1);
        return assigned;
    }

    /** Records that the write at {@code ts} is in storage and sealed everywhere. */
    public synchronized void committed(long ts) {
        if (ts > committed) {
            committed = ts;
        }
    }

    /** The time a read starting now reads at: the latest committed write's. */
    public long readTimestamp() {
        return committed;
    }
}
