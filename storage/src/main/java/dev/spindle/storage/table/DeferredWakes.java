package dev.spindle.storage.table;

import java.util.LinkedHashSet;
import java.util.Set;
import java.util.function.Supplier;

/**
 * Defers the wakers that table writes run ({@link Subscription#onAppend}) until a group of writes
 * is done, then runs each distinct waker once. A commit appends to the tables it changed and
 * then advances every table's upper: without deferral each of those publishes runs its
 * listeners' wakers one after the other, and a worker that woke for the first table, ran a pass
 * and parked again is woken once more by the next, each wake of a parked thread a system call
 * (tens of microseconds on a virtual machine). Deferred, a worker that listens to many tables
 * (through one waker, see {@code compute.dataflow.Waker}) is woken once, after the commit's
 * last publish, and finds all of them.
 *
 * <p>A reader never waits for a waker: a deferred wake only comes a little later, after writes
 * that the same thread makes anyway before it returns.
 *
 * <p>Thread-safety: the deferral is per thread (the writer's); {@link #during} may nest, the
 * outermost runs the wakers.
 */
public final class DeferredWakes {
    private static final ThreadLocal<Set<Runnable>> PENDING = new ThreadLocal<>();

    private DeferredWakes() {
    }

    /**
     * Runs {@code writes}, deferring the wakers of every publish it makes on this thread; then
     * runs each distinct deferred waker once (also when {@code writes} throws).
     */
    public static <T> T during(Supplier<T> writes) {
        if (PENDING.get() != null) {
            return writes.get();
        }
        Set<Runnable> pending = new LinkedHashSet<>();
        PENDING.set(pending);
        try {
            return writes.get();
        } finally {
            PENDING.remove();
            for (Runnable w : pending) {
                w.run();
            }
        }
    }

    /** Runs {@code waker} now, or once at the end of this thread's deferral if one is open. */
    static void wake(Runnable waker) {
        Set<Runnable> pending = PENDING.get();
        if (pending == null) {
            waker.run();
        } else {
            pending.add(waker);
        }
    }
}
