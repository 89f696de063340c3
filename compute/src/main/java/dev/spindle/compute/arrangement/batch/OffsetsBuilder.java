package dev.spindle.compute.arrangement.batch;

import java.util.Arrays;

/**
 * Builds a non-decreasing offsets column {@code v[0] = 0, v[1], ..., v[n]} that stays implicit
 * while it is arithmetic ({@code v[i] = i * stride}): fixed-width slabs, or one value per key, or
 * one update per value. The array is materialized, at the capacity hint, the first time the
 * sequence breaks the pattern, so the common cases cost no memory at all. Writer-confined.
 */
final class OffsetsBuilder {
    private final int capacityHint;
    private int count;
    private int stride;
    private int[] values; // null while arithmetic; else values[0..count]

    /** A column that will hold about {@code capacityHint} entries after the leading zero. */
    OffsetsBuilder(int capacityHint) {
        this.capacityHint = Math.max(capacityHint, 1);
    }

    /** Appends the next offset, which must be at least the last one. */
    void add(int end) {
        if (values == null) {
            if (count == 0) {
                stride = end;
                count = 1;
                return;
            }
            if (end == (long) (count + 1) * stride) {
                count++;
                return;
            }
            materialize();
        }
        if (count + 1 >= values.length) {
            values = Arrays.copyOf(values, Math.max(values.length * 2, count + 2));
        }
        values[++count] = end;
    }

    private void materialize() {
        values = new int[Math.max(capacityHint, count + 1) + 1];
        for (int i = 0; i <= count; i++) {
            values[i] = i * stride;
        }
    }

    /** The stride of the implicit column (meaningful only when {@link #finish()} returns null). */
    int stride() {
        return stride;
    }

    /** The offsets, trimmed to {@code count + 1} entries, or null if the column is arithmetic. */
    int[] finish() {
        if (values == null) {
            return null;
        }
        return values.length == count + 1 ? values : Arrays.copyOf(values, count + 1);
    }

    long allocatedBytes() {
        return HeapSize.of(values);
    }
}
