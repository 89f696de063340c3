package dev.spindle.compute.expr.func;

import dev.spindle.common.type.ColumnType;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;

/**
 * Values as PostgreSQL's output functions print them: {@code true}/{@code false}, integers in
 * decimal, DOUBLE and REAL by {@link FloatFormat}, DECIMAL in plain notation with at least its
 * type's scale ({@code 1.50} for a DECIMAL(5,2) holding 1.5), temporal values by
 * {@link DateTimeText}, strings as they are (CHAR values with their padding). Stateless and thread-safe.
 */
public final class TextFormat {
    private TextFormat() {
    }

    /** The text of a non-null {@code v} of type {@code type}. */
    public static String format(Object v, ColumnType type) {
        if (v instanceof String) {
            return (String) v;
        }
        if (v instanceof Long) {
            return v.toString();
        }
        if (v instanceof BigDecimal) {
            return formatDecimal((BigDecimal) v, type);
        }
        if (v instanceof Double) {
            return FloatFormat.formatDouble((Double) v);
        }
        if (v instanceof Float) {
            return FloatFormat.formatReal((Float) v);
        }
        if (v instanceof Boolean) {
            return (Boolean) v ? "true" : "false";
        }
        if (v instanceof LocalDate) {
            return DateTimeText.formatDate((LocalDate) v);
        }
        if (v instanceof LocalDateTime) {
            return DateTimeText.formatTimestamp((LocalDateTime) v);
        }
        if (v instanceof LocalTime) {
            return DateTimeText.formatTime((LocalTime) v);
        }
        throw new IllegalArgumentException("not a SQL value: " + v.getClass().getName());
    }

    private static String formatDecimal(BigDecimal v, ColumnType type) {
        int scale = DecimalMath.displayScale(v, type);
        return (v.scale() == scale ? v : v.setScale(scale)).toPlainString();
    }
}
