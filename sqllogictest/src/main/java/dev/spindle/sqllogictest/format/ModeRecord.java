package dev.spindle.sqllogictest.format;

import java.util.List;

/**
 * {@code mode skip} / {@code mode unskip}: skip every following record until {@code mode unskip}.
 *
 * @param line       the line of the record
 * @param conditions the conditions in front of the record
 * @param skip       {@code true} for {@code skip}, {@code false} for {@code unskip}
 */
public record ModeRecord(int line, List<Condition> conditions, boolean skip) implements Record {
    public ModeRecord {
        conditions = List.copyOf(conditions);
    }

    @Override
    public <R> R accept(RecordVisitor<R> visitor) {
        return visitor.visitMode(this);
    }
}
