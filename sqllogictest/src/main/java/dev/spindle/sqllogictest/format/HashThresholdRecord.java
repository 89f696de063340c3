package dev.spindle.sqllogictest.format;

import java.util.List;

/**
 * {@code hash-threshold N}: results with more than {@code N} values are shown as a hash; 0 means
 * never.
 *
 * @param line       the line of the record
 * @param conditions the conditions in front of the record
 * @param threshold  the new threshold
 */
public record HashThresholdRecord(int line, List<Condition> conditions, int threshold) implements Record {
    public HashThresholdRecord {
        conditions = List.copyOf(conditions);
        if (threshold < 0) {
            throw new IllegalArgumentException("hash threshold must not be negative: " + threshold);
        }
    }

    @Override
    public <R> R accept(RecordVisitor<R> visitor) {
        return visitor.visitHashThreshold(this);
    }
}
