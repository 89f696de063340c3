package dev.spindle.compute.operator;

import dev.spindle.common.time.Frontier;
import dev.spindle.common.update.Consolidation;
import dev.spindle.common.update.Update;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * What {@link Capture} sinks of one dataflow collected on every worker: the updates and each
 * worker's frontier. Used by tests and by transient dataflows whose result is read directly.
 *
 * <p>Thread-safe: workers append under the buffer's monitor; readers wait on it.
 */
public final class CaptureBuffer {
    private final List<Update> updates = new ArrayList<>();
    private final long[] frontiers;

    public CaptureBuffer(int workers) {
        frontiers = new long[workers];
        Arrays.fill(frontiers, Frontier.MIN.bound());
    }

    synchronized void add(List<Update> batch, int worker, Frontier frontier) {
        updates.addAll(batch);
        frontiers[worker] = Math.max(frontiers[worker], frontier.bound());
        notifyAll();
    }

    /** The meet of the workers' frontiers. */
    public synchronized Frontier frontier() {
        long min = Arrays.stream(frontiers).min().orElse(Long.MAX_VALUE);
        return min == Long.MAX_VALUE ? Frontier.EMPTY : Frontier.at(min);
    }

    /** Every update captured so far, consolidated. */
    public synchronized List<Update> updates() {
        return Consolidation.consolidate(updates);
    }

    /**
     * Waits until every worker's frontier is past {@code t}, then returns the collection at
     * {@code t}; {@code null} on time-out.
     */
    public synchronized Map<dev.spindle.common.row.Row, Long> awaitAt(long t, long timeout, TimeUnit unit)
            throws InterruptedException {
        long deadline = System.nanoTime() + unit.toNanos(timeout);
        while (!frontier().isSealed(t)) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                return null;
            }
            TimeUnit.NANOSECONDS.timedWait(this, left);
        }
        return Consolidation.accumulate(updates, t);
    }
}
