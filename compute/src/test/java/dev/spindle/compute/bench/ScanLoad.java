package dev.spindle.compute.bench;

import dev.spindle.compute.peek.PeekResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;

/**
 * The load of the peek-behind-peek benchmark: {@code threads} threads, each issuing full-scan
 * peeks of the big index at time 1 back to back (and checking the row count) until stopped or
 * until the deadline.
 *
 * <p>Thread-safety: started and stopped by the benchmark thread.
 */
final class ScanLoad implements AutoCloseable {
    private final PeekFixture fx;
    private final int rows;
    private final long deadlineNanos;
    private final List<Thread> threads = new ArrayList<>();
    private final Histogram scanMillis = new Histogram(600_000, 3);
    private volatile boolean stop;
    private volatile Throwable failure;

    ScanLoad(PeekFixture fx, int rows, int threadCount, long maxSeconds) {
        this.fx = fx;
        this.rows = rows;
        this.deadlineNanos = System.nanoTime() + TimeUnit.SECONDS.toNanos(maxSeconds);
        for (int i = 0; i < threadCount; i++) {
            Thread t = new Thread(this::loop, "scan-load-" + i);
            t.setDaemon(true);
            threads.add(t);
        }
        threads.forEach(Thread::start);
    }

    private void loop() {
        try {
            while (!stop && System.nanoTime() < deadlineNanos) {
                long start = System.nanoTime();
                PeekResponse r = fx.peek(PeekFixture.scan(PeekFixture.BIG_INDEX, 1), 120);
                if (!(r instanceof PeekResponse.Rows rs) || rs.rows().size() != rows) {
                    throw new IllegalStateException("scan answered " + (r instanceof PeekResponse.Rows rs2
                            ? rs2.rows().size() + " rows" : r));
                }
                long ms = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
                synchronized (scanMillis) {
                    scanMillis.recordValue(Math.min(ms, 600_000));
                }
            }
        } catch (Throwable t) {
            failure = t;
        }
    }

    String summary() {
        synchronized (scanMillis) {
            return String.format(Locale.ROOT, "scans=%d scan p50=%dms max=%dms", scanMillis.getTotalCount(),
                    scanMillis.getValueAtPercentile(50), scanMillis.getMaxValue());
        }
    }

    @Override
    public void close() throws Exception {
        stop = true;
        for (Thread t : threads) {
            t.join(TimeUnit.MINUTES.toMillis(3));
            if (t.isAlive()) {
                throw new IllegalStateException(t.getName() + " did not stop");
            }
        }
        if (failure != null) {
            throw new IllegalStateException("scan load failed", failure);
        }
    }
}
