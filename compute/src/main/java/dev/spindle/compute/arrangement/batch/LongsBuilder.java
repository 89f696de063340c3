package dev.spindle.compute.arrangement.batch;

import java.util.Arrays;

/**
 * Builds a {@code long} column that stays a single constant while every value is equal (one time
 * per batch, or every diff {@code +1}); the array is materialized, at the capacity hint, at the
 * first differing value. Writer-confined.
 */
final class LongsBuilder {
    private final int capacityHint;
    private int count;
    private long first;
    private long[] values; // null while constant

    LongsBuilder(int capacityHint) {
        this.capacityHint = Math.max(capacityHint, 1);
    }

    void add(long v) {
        if (values == null) {
            if (count == 0) {
                first = v;
            }
            if (v == first) {
                count++;
                return;
            }
            values = new long[Math.max(capacityHint, count + 1)];
            Arrays.fill(values, 0, count, first);
        }
        if (count == values.length) {
            values = Arrays.copyOf(values, Math.max(values.length * 2, count + 1));
        }
        values[count++] = v;
    }

    /** The value every entry has, when {@link #finish()} returns null (0 when empty). */
    long constant() {
        return first;
    }

    /** The values trimmed to their count, or null if they are all {@link #constant()}. */
    long[] finish() {
        if (values == null) {
            return null;
        }
        return values.length == count ? values : Arrays.copyOf(values, count);
    }

    long allocatedBytes() {
        return HeapSize.of(values);
    }
}
