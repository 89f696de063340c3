package dev.spindle.cli.format;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * A result read in full: its columns and its rows, each value a string as the driver gave it or
 * {@code null} for SQL NULL.
 *
 * @param columns the columns
 * @param rows    the rows, each as long as {@code columns}
 */
public record ResultData(List<ResultColumn> columns, List<List<String>> rows) {
    public ResultData {
        columns = List.copyOf(columns);
        List<List<String>> copy = new ArrayList<>(rows.size());
        for (List<String> row : rows) {
            if (row.size() != columns.size()) {
                throw new IllegalArgumentException("a row of " + row.size() + " values for " + columns.size() + " columns");
            }
            // values may be null (SQL NULL), which List.copyOf refuses
            copy.add(Collections.unmodifiableList(new ArrayList<>(row)));
        }
        rows = Collections.unmodifiableList(copy);
    }
}
