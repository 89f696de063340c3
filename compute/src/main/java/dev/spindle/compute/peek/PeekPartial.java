package dev.spindle.compute.peek;

import dev.spindle.common.error.SpindleException;
import dev.spindle.compute.operator.reduce.RowCount;
import java.util.List;

/** One worker's answer to a peek: its partition's rows, or an error. Plain values. */
public sealed interface PeekPartial {
    /** The worker's rows with multiplicities. */
    record Rows(List<RowCount> rows) implements PeekPartial {
        public Rows {
            rows = List.copyOf(rows);
        }
    }

    /** The worker found an error (in {@code errs}, in the mfp, or a compacted read). */
    record Error(SpindleException error) implements PeekPartial {
    }
}
