package dev.spindle.sqllogictest.format;

import java.util.List;
import java.util.Objects;

/**
 * {@code require FEATURE}: the rest of the file needs a feature; a runner whose engine lacks it
 * skips the file from here on.
 *
 * @param line       the line of the record
 * @param conditions the conditions in front of the record
 * @param feature    the feature's name
 */
public record RequireRecord(int line, List<Condition> conditions, String feature) implements Record {
    public RequireRecord {
        conditions = List.copyOf(conditions);
        Objects.requireNonNull(feature, "feature");
        if (feature.isEmpty()) {
            throw new IllegalArgumentException("require needs a feature name");
        }
    }

    @Override
    public <R> R accept(RecordVisitor<R> visitor) {
        return visitor.visitRequire(this);
    }
}
