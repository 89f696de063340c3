package dev.spindle.jdbc;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.apache.calcite.avatica.ColumnMetaData;
import org.apache.calcite.avatica.MetaImpl;

/**
 * One {@link java.sql.DatabaseMetaData} result before Avatica wraps it: its columns (names and
 * types as JDBC specifies for that method) and its rows, one {@code Object[]} each, already in
 * the order JDBC prescribes. {@code SpindleMeta} turns it into a result set.
 *
 * <p>Thread-safety: build on one thread, then read-only.
 */
final class MetadataTable {
    private final List<ColumnMetaData> columns = new ArrayList<>();
    private final List<Object> rows = new ArrayList<>();

    /** Adds a column: {@code type} is the Java class of its values (String, Integer, Short, Long, Boolean). */
    MetadataTable column(String name, Class<?> type, boolean nullable) {
        columns.add(MetaImpl.columnMetaData(name, columns.size(), type, nullable));
        return this;
    }

    /** Adds a row; one value per column, of the column's class or null. */
    MetadataTable row(Object... values) {
        if (values.length != columns.size()) {
            throw new IllegalArgumentException(values.length + " values for " + columns.size() + " columns");
        }
        rows.add(values);
        return this;
    }

    List<ColumnMetaData> columns() {
        return Collections.unmodifiableList(columns);
    }

    List<Object> rows() {
        return Collections.unmodifiableList(rows);
    }
}
