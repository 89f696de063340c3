package dev.spindle.sql.exec;

import dev.spindle.common.type.ColumnType;
import dev.spindle.common.type.TypeKind;
import dev.spindle.compute.expr.Cast;
import dev.spindle.compute.expr.ScalarExpr;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;

/**
 * Values that arrive without a SQL type (rows of a query, a client's parameters): their type read
 * off the Java value, and assignment casts to a column's or parameter's type.
 *
 * <p>Thread-safety: stateless.
 */
public final class Values {
    private Values() {
    }

    /**
     * The type of a decoded value, read off its class (integers, decimals, doubles, reals, text,
     * booleans, dates and times); null for NULL.
     *
     * @throws IllegalArgumentException for a class Spindle has no type for
     */
    public static ColumnType typeOf(Object v) {
        TypeKind k;
        if (v == null) {
            return null;
        } else if (v instanceof Long || v instanceof Integer || v instanceof Short || v instanceof Byte) {
            k = TypeKind.BIGINT;
        } else if (v instanceof BigDecimal) {
            k = TypeKind.DECIMAL;
        } else if (v instanceof Double) {
            k = TypeKind.DOUBLE;
        } else if (v instanceof Float) {
            k = TypeKind.REAL;
        } else if (v instanceof String) {
            k = TypeKind.TEXT;
        } else if (v instanceof Boolean) {
            k = TypeKind.BOOLEAN;
        } else if (v instanceof LocalDate) {
            k = TypeKind.DATE;
        } else if (v instanceof LocalTime) {
            k = TypeKind.TIME;
        } else if (v instanceof LocalDateTime) {
            k = TypeKind.TIMESTAMP;
        } else {
            throw new IllegalArgumentException("no SQL type for a " + v.getClass().getName());
        }
        return ColumnType.of(k).withNullable(false);
    }

    /** {@code value} (of {@code type}) converted to {@code target} by an assignment cast. */
    public static Object assign(Object value, ColumnType type, ColumnType target) {
        if (value == null) {
            return null;
        }
        if (value instanceof Integer || value instanceof Short || value instanceof Byte) {
            value = ((Number) value).longValue();
        }
        if (type.kind() == target.kind() && target.kind() != TypeKind.CHAR && target.kind() != TypeKind.VARCHAR
                && target.kind() != TypeKind.DECIMAL) {
            return value;
        }
        return Cast.assignment(ScalarExpr.literal(value, type), target.withNullable(false)).eval(new Object[0]);
    }

    /**
     * {@code value} as Spindle represents a value of its own type (smaller integers as longs),
     * for a parameter whose type nothing fixes.
     *
     * @throws IllegalArgumentException for a class Spindle has no type for
     */
    public static Object natural(Object value) {
        typeOf(value);
        return value instanceof Integer || value instanceof Short || value instanceof Byte
                ? (Object) ((Number) value).longValue() : value;
    }

    /** {@code value}, of whatever class, converted to {@code target}. */
    public static Object assign(Object value, ColumnType target) {
        return value == null ? null : assign(value, typeOf(value), target);
    }
}
