package dev.spindle.compute.expr.func;

import dev.spindle.common.type.ColumnType;
import dev.spindle.common.type.TypeKind;
import java.math.BigDecimal;
import java.time.LocalDate;

/**
 * The arithmetic operators {@code + - * / %} and unary minus over non-null operands, dispatched
 * on the operands' classes (the types were checked when the call was built).
 *
 * <p>Integers: exact, then checked against the result kind's range ({@code smallint out of range},
 * {@code integer out of range}, {@code bigint out of range}); {@code /} truncates toward zero and
 * {@code %} takes the sign of the dividend, both failing with {@code division by zero}. DECIMAL:
 * {@link DecimalMath}. DOUBLE and REAL: {@link FloatMath}. Dates: {@code date + integer},
 * {@code integer + date}, {@code date - integer} (dates) and {@code date - date} (days).
 * Stateless and thread-safe.
 */
final class Arithmetic {
    private Arithmetic() {
    }

    static Object add(Object a, Object b, ColumnType out) {
        if (a instanceof Long) {
            if (b instanceof LocalDate) {
                return DateTimeFunctions.addDays((LocalDate) b, (Long) a);
            }
            return add((Long) a, (Long) b, out.kind());
        }
        if (a instanceof Double) {
            return FloatMath.add((Double) a, (Double) b);
        }
        if (a instanceof BigDecimal) {
            return DecimalMath.add((BigDecimal) a, (BigDecimal) b);
        }
        if (a instanceof Float) {
            return FloatMath.add((Float) a, (Float) b);
        }
        if (a instanceof LocalDate) {
            return DateTimeFunctions.addDays((LocalDate) a, (Long) b);
        }
        throw unexpected("+", a, b);
    }

    static Object subtract(Object a, Object b, ColumnType out) {
        if (a instanceof Long) {
            return subtract((Long) a, (Long) b, out.kind());
        }
        if (a instanceof Double) {
            return FloatMath.subtract((Double) a, (Double) b);
        }
        if (a instanceof BigDecimal) {
            return DecimalMath.subtract((BigDecimal) a, (BigDecimal) b);
        }
        if (a instanceof Float) {
            return FloatMath.subtract((Float) a, (Float) b);
        }
        if (a instanceof LocalDate) {
            if (b instanceof LocalDate) {
                return DateTimeFunctions.daysBetween((LocalDate) b, (LocalDate) a);
            }
            return DateTimeFunctions.subtractDays((LocalDate) a, (Long) b);
        }
        throw unexpected("-", a, b);
    }

    static Object multiply(Object a, Object b, ColumnType out) {
        if (a instanceof Long) {
            return multiply((Long) a, (Long) b, out.kind());
        }
        if (a instanceof Double) {
            return FloatMath.multiply((Double) a, (Double) b);
        }
        if (a instanceof BigDecimal) {
            return DecimalMath.multiply((BigDecimal) a, (BigDecimal) b);
        }
        if (a instanceof Float) {
            return FloatMath.multiply((Float) a, (Float) b);
        }
        throw unexpected("*", a, b);
    }

    static Object divide(Object a, Object b, ColumnType aType, ColumnType bType, ColumnType out) {
        if (a instanceof Long) {
            return divide((Long) a, (Long) b, out.kind());
        }
        if (a instanceof Double) {
            return FloatMath.divide((Double) a, (Double) b);
        }
        if (a instanceof BigDecimal) {
            return DecimalMath.divide((BigDecimal) a, (BigDecimal) b, aType, bType);
        }
        if (a instanceof Float) {
            return FloatMath.divide((Float) a, (Float) b);
        }
        throw unexpected("/", a, b);
    }

    static Object remainder(Object a, Object b) {
        if (a instanceof Long) {
            return remainder((long) (Long) a, (long) (Long) b);
        }
        if (a instanceof Double) {
            return FloatMath.remainder((Double) a, (Double) b);
        }
        if (a instanceof BigDecimal) {
            return DecimalMath.remainder((BigDecimal) a, (BigDecimal) b);
        }
        if (a instanceof Float) {
            return FloatMath.remainder((Float) a, (Float) b);
        }
        throw unexpected("%", a, b);
    }

    static Object negate(Object a, ColumnType out) {
        if (a instanceof Long) {
            return negate((long) (Long) a, out.kind());
        }
        if (a instanceof Double) {
            return -(Double) a;
        }
        if (a instanceof BigDecimal) {
            return ((BigDecimal) a).negate();
        }
        if (a instanceof Float) {
            return -(Float) a;
        }
        throw unexpected("-", a, null);
    }

    static Object abs(Object a, ColumnType out) {
        if (a instanceof Long) {
            long v = (Long) a;
            return v < 0 ? negate(v, out.kind()) : v;
        }
        if (a instanceof Double) {
            return Math.abs((Double) a);
        }
        if (a instanceof BigDecimal) {
            return ((BigDecimal) a).abs();
        }
        if (a instanceof Float) {
            return Math.abs((Float) a);
        }
        throw unexpected("abs", a, null);
    }

    // ------------------------------------------------------------ checked integer arithmetic

    /** {@code v} if it lies in {@code kind}'s range; otherwise {@code <kind> out of range}. */
    static long checkRange(long v, TypeKind kind) {
        if (kind != TypeKind.BIGINT && (v < kind.minValue() || v > kind.maxValue())) {
            throw Errors.outOfRange(kind);
        }
        return v;
    }

    static long add(long a, long b, TypeKind kind) {
        long r = a + b;
        if (((a ^ r) & (b ^ r)) < 0) {
            throw Errors.outOfRange(kind);
        }
        return checkRange(r, kind);
    }

    static long subtract(long a, long b, TypeKind kind) {
        long r = a - b;
        if (((a ^ b) & (a ^ r)) < 0) {
            throw Errors.outOfRange(kind);
        }
        return checkRange(r, kind);
    }

    static long multiply(long a, long b, TypeKind kind) {
        long r = a * b;
        if (Math.multiplyHigh(a, b) != (r >> 63)) {
            throw Errors.outOfRange(kind);
        }
        return checkRange(r, kind);
    }

    static long divide(long a, long b, TypeKind kind) {
        if (b == 0) {
            throw Errors.divisionByZero();
        }
        if (b == -1) {
            return negate(a, kind);
        }
        return checkRange(a / b, kind);
    }

    static long remainder(long a, long b) {
        if (b == 0) {
            throw Errors.divisionByZero();
        }
        return b == -1 ? 0 : a % b;
    }

    static long negate(long a, TypeKind kind) {
        if (a == Long.MIN_VALUE) {
            throw Errors.outOfRange(kind);
        }
        return checkRange(-a, kind);
    }

    private static IllegalArgumentException unexpected(String op, Object a, Object b) {
        return new IllegalArgumentException("operator " + op + " got values of types "
                + (a == null ? "null" : a.getClass().getSimpleName()) + " and "
                + (b == null ? "null" : b.getClass().getSimpleName()));
    }
}
