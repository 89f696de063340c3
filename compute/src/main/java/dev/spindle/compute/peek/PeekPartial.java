package dev.spindle.compute.peek;

import dev.spindle.common.error.SpindleException;
import dev.spindle.common.row.PackedRows;
import java.util.List;

/** One worker's answer to a peek: its partition's rows, or an error. Plain values. */
public sealed interface PeekPartial extends java.io.Serializable {
    /**
     * The worker's rows with multiplicities, packed (no object per row), in parts: one per read
     * slice, so a worker never copies a large result while growing it.
     */
    record Rows(List<PackedRows> parts) implements PeekPartial {
        public Rows {
            parts = List.copyOf(parts);
        }

        /** The rows of a single part. */
        public static Rows of(PackedRows rows) {
            return new Rows(List.of(rows));
        }
    }

    /** The worker found an error (in {@code errs}, in the mfp, or a compacted read). */
    record Error(SpindleException error) implements PeekPartial {
    }
}
