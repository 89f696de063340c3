package dev.spindle.bench.measure;

import org.HdrHistogram.Histogram;

import java.sql.SQLException;
import java.util.concurrent.locks.LockSupport;

/**
 * Timed loops recording nanoseconds into a new {@link Histogram} (3 significant digits).
 *
 * <p>Thread-safety: stateless; each call's histogram belongs to its caller.
 */
public final class Loops {

    private Loops() {
    }

    /** A histogram of nanoseconds, auto-resizing, 3 significant digits. */
    public static Histogram histogram() {
        Histogram h = new Histogram(3);
        h.setAutoResize(true);
        return h;
    }

    /**
     * Runs {@code op} back to back (closed loop) for at least {@code seconds} and at least
     * {@code minOps} times, recording each operation's time.
     */
    public static Histogram closed(double seconds, int minOps, SqlOp op) throws SQLException {
        return closed(seconds, minOps, i -> { }, op);
    }

    /**
     * Like {@link #closed(double, int, SqlOp)}, but each iteration first runs {@code untimed}
     * (e.g. the write a timed read must see), outside the recorded time.
     */
    public static Histogram closed(double seconds, int minOps, SqlOp untimed, SqlOp op) throws SQLException {
        Histogram h = histogram();
        long deadline = System.nanoTime() + (long) (seconds * 1e9);
        for (long i = 0; i < minOps || System.nanoTime() < deadline; i++) {
            untimed.run(i);
            long start = System.nanoTime();
            op.run(i);
            h.recordValue(System.nanoTime() - start);
        }
        return h;
    }

    /**
     * Runs {@code op} at {@code rateHz} intended starts per second for {@code seconds} (open loop):
     * the {@code i}-th operation is due at {@code start + i / rate}; when it runs late (an earlier
     * one stalled) it starts at once, and its latency counts from when it was due. A stall of
     * {@code d} seconds therefore shows as the {@code d * rate} requests it held up, as a user
     * issuing requests at that rate would see it. The window closes {@code seconds} after the
     * start: requests due by then that could not be issued (the engine stalled the loop) are
     * recorded with the time they had waited when it closed, a lower bound of their latency.
     */
    public static Histogram paced(double seconds, int rateHz, SqlOp op) throws SQLException {
        Histogram h = histogram();
        long interval = 1_000_000_000L / rateHz;
        long start = System.nanoTime();
        long end = start + (long) (seconds * 1e9);
        long count = (long) (seconds * rateHz);
        for (long i = 0; i < count; i++) {
            long due = start + i * interval;
            long now;
            while ((now = System.nanoTime()) < due) {
                long wait = due - now;
                if (wait > 100_000) {
                    LockSupport.parkNanos(wait - 50_000);
                } else {
                    Thread.onSpinWait();
                }
            }
            if (now > end) {
                for (long j = i; j < count; j++) {
                    h.recordValue(Math.max(0, now - (start + j * interval)));
                }
                break;
            }
            op.run(i);
            h.recordValue(System.nanoTime() - due);
        }
        return h;
    }
}
