package dev.spindle.sqllogictest.format;

import java.util.List;

/**
 * Materialize's {@code reset-server}: go on with a pristine server. A file's database is fresh
 * until its first statement or query, so the record is a no-op there (where Materialize's files
 * put it); later in a file it is reported as unsupported.
 *
 * @param line       the line of the record
 * @param conditions the conditions in front of the record
 */
public record ResetServerRecord(int line, List<Condition> conditions) implements Record {
    public ResetServerRecord {
        conditions = List.copyOf(conditions);
    }

    @Override
    public <R> R accept(RecordVisitor<R> visitor) {
        return visitor.visitResetServer(this);
    }
}
