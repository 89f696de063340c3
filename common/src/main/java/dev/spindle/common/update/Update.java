package dev.spindle.common.update;

import dev.spindle.common.row.Row;
import dev.spindle.common.time.Timestamp;
import java.util.Comparator;
import java.util.Objects;

/**
 * A change to a collection: {@code row} gained {@code diff} copies at {@code time} (lost them if
 * {@code diff < 0}). Immutable.
 *
 * @param row the row
 * @param time a valid {@link Timestamp} value
 * @param diff the change in multiplicity; zero is allowed here and dropped by consolidation
 */
public record Update(Row row, long time, long diff) implements java.io.Serializable {
    /** Orders updates by row, then time; diffs are ignored. */
    public static final Comparator<Update> BY_ROW_THEN_TIME = (a, b) -> {
        int c = a.row.compareTo(b.row);
        return c != 0 ? c : Long.compare(a.time, b.time);
    };

    public Update {
        Objects.requireNonNull(row, "row");
        Timestamp.check(time);
    }

    /** An insertion of one copy of {@code row} at {@code time}. */
    public static Update insert(Row row, long time) {
        return new Update(row, time, 1);
    }

    /** A deletion of one copy of {@code row} at {@code time}. */
    public static Update delete(Row row, long time) {
        return new Update(row, time, -1);
    }

    /** This update at another time. */
    public Update withTime(long newTime) {
        return newTime == time ? this : new Update(row, newTime, diff);
    }

    /** This update with the opposite diff. */
    public Update negate() {
        return new Update(row, time, Math.negateExact(diff));
    }
}
