package dev.spindle.sqllogictest.format;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * {@code query <types> [sort] [label]} (or {@code query error [regex]}), its SQL and, after
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
 */
public record QueryRecord(int line, List<Condition> conditions, String sql, List<ResultType> types,
                          SortMode sort, Optional<String> label, QueryExpectation expectation,
                          int resultLine) implements Record {
    public QueryRecord {
        conditions = List.copyOf(conditions);
        Objects.requireNonNull(sql, "sql");
        types = List.copyOf(types);
        Objects.requireNonNull(sort, "sort");
        Objects.requireNonNull(label, "label");
        Objects.requireNonNull(expectation, "expectation");
        if (types.isEmpty() && !(expectation instanceof QueryExpectation.Error)) {
            throw new IllegalArgumentException("a query needs at least one result type");
        }
    }

    @Override
    public <R> R accept(RecordVisitor<R> visitor) {
        return visitor.visitQuery(this);
    }
}
