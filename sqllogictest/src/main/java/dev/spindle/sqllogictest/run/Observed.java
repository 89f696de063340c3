package dev.spindle.sqllogictest.run;

import java.util.List;
import java.util.Objects;

/** What an engine did with one SQL text. */
public sealed interface Observed {

    /**
     * The SQL ran and produced no result set (or, for a statement, its rows were discarded).
     *
     * @param updateCount the driver's update count, -1 if it reported none
     */
    record Done(long updateCount) implements Observed {
    }

    /**
     * The SQL produced a result set.
     *
     * @param columns     the number of columns of the result set
     * @param values      every value rendered by the type letter of its column, row-major
     * @param columnNames the result's column labels, as the driver reports them
     */
    record Rows(int columns, List<String> values, List<String> columnNames) implements Observed {
        public Rows {
            values = List.copyOf(values);
            columnNames = List.copyOf(columnNames);
            if (columns < 0) {
                throw new IllegalArgumentException("columns must not be negative: " + columns);
            }
        }

        /** Rows whose column names are not known. */
        public Rows(int columns, List<String> values) {
            this(columns, values, List.of());
        }

        /** Rows are equal when their values are; names are compared only when a record asks. */
        @Override
        public boolean equals(Object other) {
            return other instanceof Rows rows && rows.columns == columns && rows.values.equals(values);
        }

        @Override
        public int hashCode() {
            return Objects.hash(columns, values);
        }
    }

    /**
     * The engine reported an error.
     *
     * @param message  the error message
     * @param sqlState the SQLSTATE the driver reported, empty if none
     */
    record Failed(String message, String sqlState) implements Observed {
        public Failed {
            Objects.requireNonNull(message, "message");
            Objects.requireNonNull(sqlState, "sqlState");
        }

        /** An error without a SQLSTATE. */
        public Failed(String message) {
            this(message, "");
        }
    }
}
