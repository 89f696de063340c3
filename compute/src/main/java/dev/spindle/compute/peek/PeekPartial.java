package dev.spindle.compute.peek;

import dev.spindle.common.error.SpindleException;
import dev.spindle.common.row.PackedRows;

/** One worker's answer to a peek: its partition's rows, or an error. Plain values. */
public sealed interface PeekPartial {
    /** The worker's rows with multiplicities, packed (no object per row). */
    record Rows(PackedRows rows) implements PeekPartial {
        public Rows {
            java.util.Objects.requireNonNull(rows, "rows");
        }
    }

    /** The worker found an error (in {@code errs}, in the mfp, or a compacted read). */
    record Error(SpindleException error) implements PeekPartial {
    }
}
