package dev.spindle.compute.peek;

import dev.spindle.common.error.SpindleException;
import dev.spindle.common.row.Row;
import java.util.List;

/** The controller's answer to a peek. Plain values. */
public sealed interface PeekResponse {
    /** The finished rows. */
    record Rows(List<Row> rows) implements PeekResponse {
        public Rows {
            rows = List.copyOf(rows);
        }
    }

    /** The peek failed. */
    record Error(SpindleException error) implements PeekResponse {
    }

    /** The peek was cancelled before it was answered. */
    record Canceled() implements PeekResponse {
    }
}
