package dev.spindle.sqllogictest.format;

import java.util.Objects;

/** What a {@code statement} record expects from running its SQL. */
public sealed interface StatementExpectation {

    /** {@code statement ok}: the statement succeeds. */
    record Ok() implements StatementExpectation {
    }

    /**
     * {@code statement count N}: the statement succeeds and reports {@code N} affected rows.
     *
     * @param rows the expected update count
     */
    record Count(long rows) implements StatementExpectation {
        public Count {
            if (rows < 0) {
                throw new IllegalArgumentException("row count must not be negative: " + rows);
            }
        }
    }

    /**
     * {@code statement error [...]}: the statement fails.
     *
     * @param error what the error message must look like
     */
    record Error(ErrorExpectation error) implements StatementExpectation {
        public Error {
            Objects.requireNonNull(error, "error");
        }
    }
}
