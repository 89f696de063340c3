package dev.spindle.sqllogictest.format;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * {@code query <types> [options] [label]} (or {@code query error [regex]}), its SQL and, after
 * {@code ----}, its expected result.
 *
 * @param line        the line of the {@code query} header
 * @param conditions  the conditions in front of the record
 * @param sql         the SQL text, lines joined with {@code \n}
 * @param types       one type per result column; empty for {@code query error}
 * @param sort        how the result is ordered before comparing
 * @param label       a label binding the result's hash across queries, if any
 * @param expectation what running the SQL must give
 * @param resultLine  the line of the first expected value (or of the header if there is none)
 * @param mode        how values are rendered (the {@code mode} in force where the record is)
 * @param columnNames the column names the result must have ({@code colnames}), if given
 * @param sortColumns the 1-based key columns of {@code partialsort(...)}; empty otherwise
 * @param retry       {@code retry}: run the query again, a few times, while it fails
 */
public record QueryRecord(int line, List<Condition> conditions, String sql, List<ResultType> types,
                          SortMode sort, Optional<String> label, QueryExpectation expectation,
                          int resultLine, RenderMode mode, Optional<List<String>> columnNames,
                          List<Integer> sortColumns, boolean retry) implements Record {
    public QueryRecord {
        conditions = List.copyOf(conditions);
        Objects.requireNonNull(sql, "sql");
        types = List.copyOf(types);
        Objects.requireNonNull(sort, "sort");
        Objects.requireNonNull(label, "label");
        Objects.requireNonNull(expectation, "expectation");
        Objects.requireNonNull(mode, "mode");
        columnNames = columnNames.map(List::copyOf);
        sortColumns = List.copyOf(sortColumns);
        if (types.isEmpty() && !(expectation instanceof QueryExpectation.Error)) {
            throw new IllegalArgumentException("a query needs at least one result type");
        }
        if ((sort == SortMode.PARTIALSORT) == sortColumns.isEmpty()) {
            throw new IllegalArgumentException("partialsort, and only partialsort, needs key columns");
        }
        for (int column : sortColumns) {
            if (column < 1 || column > types.size()) {
                throw new IllegalArgumentException("partialsort column " + column + " is not one of the "
                        + types.size() + " columns");
            }
        }
    }

    /** A query record in SQLite's rendering, without column names, partial sort or retry. */
    public QueryRecord(int line, List<Condition> conditions, String sql, List<ResultType> types, SortMode sort,
                       Optional<String> label, QueryExpectation expectation, int resultLine) {
        this(line, conditions, sql, types, sort, label, expectation, resultLine, RenderMode.SQLITE,
                Optional.empty(), List.of(), false);
    }

    @Override
    public <R> R accept(RecordVisitor<R> visitor) {
        return visitor.visitQuery(this);
    }
}
