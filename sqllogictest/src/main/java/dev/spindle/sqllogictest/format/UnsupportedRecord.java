package dev.spindle.sqllogictest.format;

import java.util.List;
import java.util.Objects;

/**
 * A record that needs something no JDBC engine offers: Materialize's {@code simple} blocks (the
 * wire protocol's simple queries), {@code copy} ({@code COPY FROM STDIN}), or a query option such
 * as CockroachDB's {@code kvtrace}. The runner reports it as {@code skipped: needs <feature>},
 * counted apart from failures and from records excluded by {@code skipif}/{@code onlyif}.
 *
 * @param line       the line of the record
 * @param conditions the conditions in front of the record
 * @param feature    what the record needs, for reports
 */
public record UnsupportedRecord(int line, List<Condition> conditions, String feature) implements Record {
    public UnsupportedRecord {
        conditions = List.copyOf(conditions);
        Objects.requireNonNull(feature, "feature");
    }

    @Override
    public <R> R accept(RecordVisitor<R> visitor) {
        return visitor.visitUnsupported(this);
    }
}
