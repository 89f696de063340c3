package dev.spindle.compute.dataflow;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;

/**
 * Wakes one worker thread: whoever hands the worker something to do (data on a channel, a table
 * batch, a command, a seal) calls {@link #wake()} after making it visible; the worker calls
 * {@link #park(long)} only when a pass found nothing to do. No wake-up is lost: a wake that
 * arrives while the worker is busy makes its next park return at once.
 *
 * <p>Thread-safety: {@code wake} from any thread; {@code clear} and {@code park} only from the
 * owning worker thread.
 */
public final class Waker {
    private final AtomicBoolean notified = new AtomicBoolean();
    private volatile Thread owner;
    /** {@link #wake} as one object, so that wakes of one worker registered in many places are recognized as one. */
    private final Runnable runnable = this::wake;

    /** Binds the waker to the calling thread, which will park on it. */
    public void bindToCurrentThread() {
        owner = Thread.currentThread();
    }

    /** Signals the worker that something may be ready. Never blocks. */
    public void wake() {
        if (!notified.getAndSet(true)) {
            Thread t = owner;
            if (t != null) {
                LockSupport.unpark(t);
            }
        }
    }

    /**
     * {@link #wake} as a {@code Runnable}, the same object every time: a table's writer that
     * defers the wakes of several tables runs it once (see
     * {@code storage.table.DeferredWakes}).
     */
    public Runnable asRunnable() {
        return runnable;
    }

    /** Forgets earlier wakes; call before a pass over the worker's work. */
    public void clear() {
        notified.set(false);
    }

    /** True if a wake arrived since the last {@link #clear}: the next {@link #park} returns at once. */
    public boolean isNotified() {
        return notified.get();
    }

    /** Parks up to {@code nanos} unless woken since the last {@link #clear}. */
    public void park(long nanos) {
        if (!notified.get()) {
            LockSupport.parkNanos(this, nanos);
        }
    }

    /** Parks up to {@code millis} milliseconds unless woken. */
    public void parkMillis(long millis) {
        park(TimeUnit.MILLISECONDS.toNanos(millis));
    }
}
