package dev.spindle.sqllogictest.format;

import java.util.List;
import java.util.Objects;

/**
 * A record the parser could not understand. It is kept (rather than failing the whole file) so
 * that a runner can report it as a failure at its line and go on with the rest of the file.
 *
 * @param line       the line of the record
 * @param conditions the conditions in front of the record
 * @param problem    what is wrong, for the failure report
 */
public record MalformedRecord(int line, List<Condition> conditions, String problem) implements Record {
    public MalformedRecord {
        conditions = List.copyOf(conditions);
        Objects.requireNonNull(problem, "problem");
    }

    @Override
    public <R> R accept(RecordVisitor<R> visitor) {
        return visitor.visitMalformed(this);
    }
}
