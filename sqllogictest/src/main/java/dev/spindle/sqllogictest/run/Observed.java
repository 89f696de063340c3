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
     * @param columns the number of columns of the result set
     * @param values  every value rendered by the type letter of its column, row-major
     */
    record Rows(int columns, List<String> values) implements Observed {
        public Rows {
            values = List.copyOf(values);
            if (columns < 0) {
                throw new IllegalArgumentException("columns must not be negative: " + columns);
            }
        }
    }

    /**
     * The engine reported an error.
     *
     * @param message the error message
     */
    record Failed(String message) implements Observed {
        public Failed {
            Objects.requireNonNull(message, "message");
        }
    }
}
