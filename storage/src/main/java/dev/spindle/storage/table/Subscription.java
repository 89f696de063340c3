package dev.spindle.storage.table;

import dev.spindle.common.time.Frontier;
import dev.spindle.common.update.Update;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A listener's cursor over a {@link TableLog}: every batch of updates at times {@code >= from},
 * in order, each exactly once, with contiguous descriptions starting at {@code from}.
 *
 * <p>The cursor follows the log's append-only chain of batches, so reading never blocks the
 * writer and the writer never waits for a slow listener (unread batches stay reachable from the
 * cursor until it passes them or is closed).
 *
 * <p>Thread-safety: a subscription has <b>one consumer thread</b>; {@link #poll} and
 * {@link #await} must not be called concurrently. {@link #close} may be called from any thread.
 */
public final class Subscription implements AutoCloseable {
    private final TableLog log;
    private final Frontier from;
    private final java.util.ArrayDeque<TableBatch> catchUp;
    private TableLog.Node cursor;
    private volatile boolean closed;
    private volatile Runnable waker;

    Subscription(TableLog log, Frontier from, java.util.List<TableBatch> catchUp, TableLog.Node cursor) {
        this.log = log;
        this.from = from;
        this.catchUp = new java.util.ArrayDeque<>(catchUp);
        this.cursor = cursor;
    }

    /** The time this subscription started from. */
    public Frontier from() {
        return from;
    }

    /** The next batch if one is available, else {@code null}. Never blocks. */
    public TableBatch poll() {
        if (closed) {
            throw new IllegalStateException("subscription closed");
        }
        while (!catchUp.isEmpty()) {
            TableBatch b = trim(catchUp.pollFirst());
            if (b != null) {
                return b;
            }
        }
        while (true) {
            TableLog.Node next = cursor.next;
            if (next == null) {
                return null;
            }
            cursor = next;
            TableBatch b = trim(next.batch);
            if (b != null) {
                return b;
            }
        }
    }

    /** The part of {@code b} at times {@code >= from}, or null if none of it is. */
    private TableBatch trim(TableBatch b) {
        if (from.lessEqual(b.lower())) {
            return b;
        }
        if (b.upper().lessEqual(from)) {
            return null;
        }
        List<Update> kept = new ArrayList<>();
        for (Update u : b.updates()) {
            if (from.lessEqual(u.time())) {
                kept.add(u);
            }
        }
        return new TableBatch(from, b.upper(), kept);
    }

    /**
     * The next batch, waiting up to {@code timeout} for one; {@code null} on time-out.
     *
     * @throws InterruptedException if interrupted while waiting
     */
    public TableBatch await(long timeout, TimeUnit unit) throws InterruptedException {
        long deadline = System.nanoTime() + unit.toNanos(timeout);
        while (true) {
            TableBatch b = poll();
            if (b != null) {
                return b;
            }
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                return null;
            }
            log.awaitAppend(cursor, left);
        }
    }

    /**
     * Registers {@code waker} to be run by the writer after each batch it appends, so a consumer
     * that does not block in {@link #await} (a dataflow worker) can be woken. The waker runs on
     * the writer's thread and must only signal (for example unpark a thread), never block.
     */
    public void onAppend(Runnable waker) {
        if (this.waker != null) {
            log.removeWaker(this.waker);
        }
        this.waker = waker;
        log.addWaker(waker);
    }

    /**
     * Stops the subscription and its waker. Idempotent. The batches it had not read are released
     * once the subscription itself is no longer referenced.
     */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        log.subscriptionClosed();
        Runnable w = waker;
        if (w != null) {
            log.removeWaker(w);
        }
    }
}
