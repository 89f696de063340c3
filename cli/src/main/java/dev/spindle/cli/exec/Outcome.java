package dev.spindle.cli.exec;

import dev.spindle.cli.format.ResultData;

/** One result of a statement: rows, or a count of rows changed. */
public sealed interface Outcome permits Outcome.Rows, Outcome.Count {
    /**
     * A result set, read in full.
     *
     * @param data its columns and rows
     */
    record Rows(ResultData data) implements Outcome {
        public Rows {
            java.util.Objects.requireNonNull(data, "data");
        }
    }

    /**
     * An update count: rows inserted, updated or deleted (0 for DDL).
     *
     * @param count the count
     */
    record Count(long count) implements Outcome {
    }
}
