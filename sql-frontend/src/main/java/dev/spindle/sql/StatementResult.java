package dev.spindle.sql;

import dev.spindle.common.row.Row;
import dev.spindle.common.type.Column;
import java.util.List;
import java.util.Objects;

/** What a statement returns: rows, an update count, or just done (DDL). Plain immutable values. */
public sealed interface StatementResult {
    /** Notices for the client, such as a duplicate index's re-export (JDBC: an {@code SQLWarning}). */
    List<String> warnings();

    /** A query's rows, one element per copy, in the query's order. */
    record Rows(List<Column> columns, List<Row> rows, List<String> warnings) implements StatementResult {
        public Rows {
            columns = List.copyOf(columns);
            rows = List.copyOf(rows);
            warnings = List.copyOf(warnings);
        }
    }

    /** The number of rows a DML statement inserted, updated or deleted. */
    record UpdateCount(long count, List<String> warnings) implements StatementResult {
        public UpdateCount {
            warnings = List.copyOf(warnings);
        }
    }

    /** A statement without rows or count, e.g. {@code CREATE TABLE}; {@code tag} names it. */
    record Done(String tag, List<String> warnings) implements StatementResult {
        public Done {
            Objects.requireNonNull(tag, "tag");
            warnings = List.copyOf(warnings);
        }
    }
}
