package dev.spindle.sqllogictest.format;

import java.util.List;
import java.util.Objects;

/**
 * {@code statement ok | error [regex] | count N} followed by SQL.
 *
 * @param line        the line of the {@code statement} header
 * @param conditions  the conditions in front of the record
 * @param sql         the SQL text, lines joined with {@code \n}
 * @param expectation what running the SQL must give
 */
public record StatementRecord(int line, List<Condition> conditions, String sql,
                              StatementExpectation expectation) implements Record {
    public StatementRecord {
        conditions = List.copyOf(conditions);
        Objects.requireNonNull(sql, "sql");
        Objects.requireNonNull(expectation, "expectation");
    }

    @Override
    public <R> R accept(RecordVisitor<R> visitor) {
        return visitor.visitStatement(this);
    }
}
