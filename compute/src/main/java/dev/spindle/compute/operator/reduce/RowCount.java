package dev.spindle.compute.operator.reduce;

import dev.spindle.common.row.Row;
import java.util.Objects;

/**
 * A row with a multiplicity.
 *
 * @param row the row
 * @param count how many copies
 */
public record RowCount(Row row, long count) {
    public RowCount {
        Objects.requireNonNull(row, "row");
    }
}
