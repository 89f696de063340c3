package dev.spindle.sqllogictest.format;

import java.util.List;

/**
 * {@code halt}: stop running the file here (usually behind a condition).
 *
 * @param line       the line of the record
 * @param conditions the conditions in front of the record
 */
public record HaltRecord(int line, List<Condition> conditions) implements Record {
    public HaltRecord {
        conditions = List.copyOf(conditions);
    }

    @Override
    public <R> R accept(RecordVisitor<R> visitor) {
        return visitor.visitHalt(this);
    }
}
