package dev.spindle.compute.controller;

import java.util.concurrent.atomic.AtomicLongArray;

/**
 * How long answered peeks took, as counts per power-of-two bucket of milliseconds: bucket
 * {@code b} counts durations in {@code [2^(b-1), 2^b)} ms (bucket 0: under 1 ms), the last one
 * everything longer.
 *
 * <p>Thread-safe: counters are atomic; a snapshot may mix counts taken a moment apart.
 */
final class PeekDurations {
    private final AtomicLongArray buckets = new AtomicLongArray(32);

    /** Counts a peek started at {@code startedNanos} ({@link System#nanoTime}) and answered now. */
    void count(long startedNanos) {
        long ms = (System.nanoTime() - startedNanos) / 1_000_000L;
        buckets.incrementAndGet(Math.min(31, 64 - Long.numberOfLeadingZeros(ms)));
    }

    /** The counts per bucket. */
    long[] snapshot() {
        long[] out = new long[buckets.length()];
        for (int b = 0; b < out.length; b++) {
            out[b] = buckets.get(b);
        }
        return out;
    }
}
