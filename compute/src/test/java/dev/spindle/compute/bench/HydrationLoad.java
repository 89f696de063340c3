package dev.spindle.compute.bench;

import dev.spindle.common.id.GlobalId;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;

/**
 * The hydration load of the read-isolation benchmark: one thread that, until stopped or until its
 * deadline, creates an index over the big table (a fresh index id and dataflow id each cycle),
 * waits until a point peek on it answers (it is hydrated), and drops it. On a split runtime the
 * index dataflow runs on the maintenance workers; on solo, on the workers that also answer peeks.
 *
 * <p>Thread-safety: started and stopped by the benchmark thread; counters are read by it between
 * iterations (a snapshot is consistent enough for reporting).
 */
final class HydrationLoad implements AutoCloseable {
    private static final long FIRST_ID = 1000;

    private final PeekFixture fx;
    private final long deadlineNanos;
    private final Thread thread;
    private final Histogram cycleMillis = new Histogram(600_000, 3);
    private volatile boolean stop;
    private volatile long cycles;
    private volatile Throwable failure;

    /** Starts the load; it stops by itself after {@code maxSeconds}. */
    HydrationLoad(PeekFixture fx, long maxSeconds) {
        this.fx = fx;
        this.deadlineNanos = System.nanoTime() + TimeUnit.SECONDS.toNanos(maxSeconds);
        this.thread = new Thread(this::loop, "hydration-load");
        this.thread.setDaemon(true);
        this.thread.start();
    }

    private void loop() {
        try {
            for (long i = 0; !stop && System.nanoTime() < deadlineNanos; i++) {
                long id = FIRST_ID + i;
                GlobalId index = GlobalId.user(id);
                long start = System.nanoTime();
                fx.createIndex(id, fx.big, index);
                fx.awaitHydrated(index, 120);
                long ms = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
                fx.ctl.dropDataflow(id);
                synchronized (cycleMillis) {
                    cycleMillis.recordValue(Math.min(ms, 600_000));
                }
                cycles++;
            }
        } catch (Throwable t) {
            failure = t;
        }
    }

    /** Completed create-hydrate-drop cycles so far. */
    long cycles() {
        return cycles;
    }

    /** {@code hydrations=… create→readable p50=… max=… ms}, over the whole run; resets nothing. */
    String summary() {
        synchronized (cycleMillis) {
            return String.format(Locale.ROOT, "hydrations=%d create->readable p50=%dms max=%dms", cycleMillis.getTotalCount(),
                    cycleMillis.getValueAtPercentile(50), cycleMillis.getMaxValue());
        }
    }

    /** Stops after the current cycle and waits for it; rethrows a failure of the load. */
    @Override
    public void close() throws Exception {
        stop = true;
        thread.join(TimeUnit.MINUTES.toMillis(3));
        if (thread.isAlive()) {
            throw new IllegalStateException("hydration load did not stop");
        }
        if (failure != null) {
            throw new IllegalStateException("hydration load failed", failure);
        }
    }
}
