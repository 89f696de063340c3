package dev.spindle.compute.bench;

import java.util.Locale;
import java.util.concurrent.locks.LockSupport;
import org.HdrHistogram.Histogram;

/**
 * A paced client loop and the histograms of its latencies.
 *
 * <p>{@link #run} issues one operation per {@code interval} (the next one at once when an
 * operation took longer) and records each operation's own duration ({@code raw}) and, in
 * {@code corrected}, the same value with HdrHistogram's coordinated-omission correction for the
 * expected interval: the peeks a client arriving every interval would have issued during a stall,
 * and how long each would have waited. Both in nanoseconds, 3 significant digits, up to 2 minutes.
 *
 * <p>Thread-safety: one client thread records; {@link #summary} after the loop ended.
 */
final class LatencyRecorder {
    /** One measured operation. */
    @FunctionalInterface
    interface Op {
        /**
         * Runs operation {@code seq}; returns the nanoseconds to record (the part being measured),
         * or a negative value for a wrong answer (recorded as its absolute value).
         */
        long run(long seq) throws Exception;
    }

    private static final long MAX_NANOS = 120_000_000_000L;
    /**
     * Diagnostics: with {@code -Dspindle.bench.slowMs=N} every operation slower than N ms is
     * printed with the wall-clock time it ended, to line it up with a JFR recording.
     */
    private static final long SLOW_NANOS = slowNanos(Long.getLong("spindle.bench.slowMs", -1));

    final Histogram raw = new Histogram(MAX_NANOS, 3);
    final Histogram corrected = new Histogram(MAX_NANOS, 3);
    long wrong;

    void reset() {
        raw.reset();
        corrected.reset();
        wrong = 0;
    }

    void add(LatencyRecorder other) {
        raw.add(other.raw);
        corrected.add(other.corrected);
        wrong += other.wrong;
    }

    /** Runs {@code op} every {@code intervalNanos} for {@code durationNanos}; returns the count run. */
    long run(long durationNanos, long intervalNanos, Op op) throws Exception {
        long start = System.nanoTime();
        long end = start + durationNanos;
        long next = start;
        long seq = 0;
        while (true) {
            long now = System.nanoTime();
            if (now >= end) {
                return seq;
            }
            if (next > now) {
                LockSupport.parkNanos(Math.min(next, end) - now);
                continue;
            }
            long nanos = op.run(seq++);
            if (nanos < 0) {
                wrong++;
                nanos = -nanos;
            }
            nanos = Math.min(Math.max(nanos, 1), MAX_NANOS);
            if (nanos >= SLOW_NANOS) {
                System.out.printf(Locale.ROOT, "slow op %d: %.3f ms, ended at %s%n", seq - 1, ms(nanos), java.time.Instant.now());
            }
            raw.recordValue(nanos);
            corrected.recordValueWithExpectedInterval(nanos, intervalNanos);
            next = Math.max(next + intervalNanos, System.nanoTime()); // no catch-up bursts
        }
    }

    private static long slowNanos(long ms) {
        return ms < 0 ? Long.MAX_VALUE : ms * 1_000_000L;
    }

    static double ms(long nanos) {
        return nanos / 1e6;
    }

    /** {@code n=… p50=… p99=… p99.9=… max=… (ms) | corrected p99=…}. */
    String summary() {
        return String.format(Locale.ROOT,
                "n=%d p50=%.3f p99=%.3f p99.9=%.3f max=%.3f ms | CO-corrected p50=%.3f p99=%.3f ms | wrong=%d",
                raw.getTotalCount(), ms(raw.getValueAtPercentile(50)), ms(raw.getValueAtPercentile(99)),
                ms(raw.getValueAtPercentile(99.9)), ms(raw.getMaxValue()),
                ms(corrected.getValueAtPercentile(50)), ms(corrected.getValueAtPercentile(99)), wrong);
    }
}
