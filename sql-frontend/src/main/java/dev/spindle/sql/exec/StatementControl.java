package dev.spindle.sql.exec;

import dev.spindle.common.error.ErrorCode;
import dev.spindle.common.error.SpindleException;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * How one session's running statement can be stopped: {@link #cancel()} from any thread (JDBC's
 * {@code Statement.cancel()}, the shell's Ctrl-C) or its timeout ({@code setQueryTimeout}). Every
 * wait of a statement — a pending peek, a hydrating {@code CREATE INDEX} — goes through
 * {@link #await}, which gives up at once on either, undoes what it waited for (cancels the peek,
 * drops the index) and fails with SQLSTATE 57014.
 *
 * <p>Thread-safety: {@link #begin}, {@link #timeout} and {@link #await} run on the session's
 * thread; {@link #cancel} and {@link #progress()} from any thread. A cancel reaches the statement running when it is
 * called (or the next wait of it); one that arrives between statements is forgotten at the next
 * {@link #begin}.
 */
public final class StatementControl {
    /** The longest any wait lasts without a timeout (a guard against bugs, not a policy). */
    static final long MAX_WAIT_SECONDS = 300;

    private volatile CompletableFuture<Void> canceled = new CompletableFuture<>();
    private volatile java.util.function.Supplier<dev.spindle.sql.Progress> progress;
    private volatile Duration timeout;
    private volatile long deadline;

    /** The timeout of each following statement; null or zero for none. */
    public void timeout(Duration timeout) {
        this.timeout = timeout == null || timeout.isZero() || timeout.isNegative() ? null : timeout;
    }

    /** Starts a statement: a fresh cancel signal, and its deadline. */
    void begin() {
        canceled = new CompletableFuture<>();
        Duration t = timeout;
        deadline = t == null ? 0 : System.nanoTime() + t.toNanos();
    }

    /** What reports the running statement's progress while it runs, or null (session thread). */
    void progress(java.util.function.Supplier<dev.spindle.sql.Progress> source) {
        this.progress = source;
    }

    /** The running statement's progress, if it reports any (any thread). */
    public java.util.Optional<dev.spindle.sql.Progress> progress() {
        java.util.function.Supplier<dev.spindle.sql.Progress> p = progress;
        return p == null ? java.util.Optional.empty() : java.util.Optional.ofNullable(p.get());
    }

    /** Cancels the running statement. */
    public void cancel() {
        canceled.complete(null);
    }

    /**
     * Waits for {@code f}; if the statement is cancelled or times out first, runs {@code stop} and
     * fails with SQLSTATE 57014.
     *
     * @throws SpindleException what {@code f} failed with, or the cancel/timeout error
     */
    <T> T await(CompletableFuture<T> f, Runnable stop) {
        long limit = deadline == 0 ? TimeUnit.SECONDS.toNanos(MAX_WAIT_SECONDS) : deadline - System.nanoTime();
        try {
            CompletableFuture.anyOf(f, canceled).get(Math.max(0, limit), TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            stop.run();
            throw new SpindleException(ErrorCode.QUERY_CANCELED_0);
        } catch (TimeoutException e) {
            if (!f.isDone()) {
                stop.run();
                if (deadline == 0) {
                    throw new SpindleException(ErrorCode.INTERNAL_ERROR_1, "no answer in " + MAX_WAIT_SECONDS + " s");
                }
                throw new SpindleException(ErrorCode.STATEMENT_TIMEOUT_0);
            }
        } catch (ExecutionException e) {
            // f failed: reported below
        }
        if (!f.isDone()) {
            stop.run();
            throw new SpindleException(ErrorCode.QUERY_CANCELED_0);
        }
        try {
            return f.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SpindleException(ErrorCode.QUERY_CANCELED_0);
        } catch (ExecutionException e) {
            throw SpindleException.wrap(e.getCause());
        }
    }

    /** Whether the running statement was cancelled or is past its deadline (for waits that poll). */
    void check(Runnable stop) {
        if (canceled.isDone()) {
            stop.run();
            throw new SpindleException(ErrorCode.QUERY_CANCELED_0);
        }
        if (deadline != 0 && System.nanoTime() - deadline > 0) {
            stop.run();
            throw new SpindleException(ErrorCode.STATEMENT_TIMEOUT_0);
        }
    }
}
