package dev.spindle.compute.arrangement.trace;

/**
 * Memory accounting of one arrangement, as introspection reports it.
 *
 * @param records updates {@code (key, val, time, diff)} in the published batches (both inputs of a
 *     merge in progress count; its partial output does not)
 * @param batches batches in the published chain, empty ones included
 * @param bytes heap bytes of the batches' arrays plus those already allocated by merges in progress
 */
public record ArrangementSize(long records, int batches, long bytes) {
    /** An arrangement with nothing in it. */
    public static final ArrangementSize ZERO = new ArrangementSize(0, 0, 0);

    public ArrangementSize {
        if (records < 0 || batches < 0 || bytes < 0) {
            throw new IllegalArgumentException("negative size: " + records + " records, " + batches + " batches, "
                    + bytes + " bytes");
        }
    }

    /** Average heap bytes per record (0 for an empty arrangement). */
    public double bytesPerRecord() {
        return records == 0 ? 0 : (double) bytes / records;
    }
}
