package dev.spindle.compute.expr.func;

import dev.spindle.common.type.ColumnType;
import dev.spindle.common.type.TypeKind;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;

/**
 * The SQL order of non-null values, as PostgreSQL compares them and as {@code Row} orders them:
 * numbers by value; DOUBLE and REAL with {@code -0 = 0} and NaN equal to itself and above every
 * other value; strings by code point (the {@code C} collation), CHAR operands without their
 * trailing spaces; FALSE before TRUE; temporal values chronologically. Stateless and thread-safe.
 */
public final class Comparison {
    private Comparison() {
    }

    /**
     * Compares two non-null values of comparable types ({@link TypeRules#comparable}).
     *
     * @param aType the static type of {@code a}; only used to strip CHAR padding
     * @param bType the static type of {@code b}
     * @return negative, zero or positive
     */
    public static int compare(Object a, Object b, ColumnType aType, ColumnType bType) {
        if (a instanceof String) {
            String x = aType.kind() == TypeKind.CHAR ? StringFunctions.stripPadding((String) a) : (String) a;
            String y = bType.kind() == TypeKind.CHAR ? StringFunctions.stripPadding((String) b) : (String) b;
            return compareCodePoints(x, y);
        }
        return compare(a, b);
    }

    /** Compares two non-null values of one kind; strings compare with any padding they carry. */
    public static int compare(Object a, Object b) {
        if (a instanceof Long) {
            return Long.compare((Long) a, (Long) b);
        }
        if (a instanceof String) {
            return compareCodePoints((String) a, (String) b);
        }
        if (a instanceof Double) {
            return compareDoubles((Double) a, (Double) b);
        }
        if (a instanceof BigDecimal) {
            return ((BigDecimal) a).compareTo((BigDecimal) b);
        }
        if (a instanceof Boolean) {
            return Boolean.compare((Boolean) a, (Boolean) b);
        }
        if (a instanceof Float) {
            return compareDoubles((Float) a, (Float) b);
        }
        if (a instanceof LocalDate) {
            return ((LocalDate) a).compareTo((LocalDate) b);
        }
        if (a instanceof LocalDateTime) {
            return ((LocalDateTime) a).compareTo((LocalDateTime) b);
        }
        if (a instanceof LocalTime) {
            return ((LocalTime) a).compareTo((LocalTime) b);
        }
        throw new IllegalArgumentException("cannot compare " + a.getClass().getSimpleName()
                + " with " + b.getClass().getSimpleName());
    }

    /** PostgreSQL's float order: {@code -0 = 0}, NaN = NaN, NaN above everything. */
    static int compareDoubles(double a, double b) {
        if (a == b) {
            return 0; // also -0.0 == 0.0
        }
        return Double.compare(a, b);
    }

    /**
     * Compares strings by Unicode code point, which is also the order of their UTF-8 bytes
     * ({@code String.compareTo} compares UTF-16 units, which puts U+E000..U+FFFF above
     * supplementary characters).
     */
    static int compareCodePoints(String a, String b) {
        int n = Math.min(a.length(), b.length());
        for (int i = 0; i < n; i++) {
            char x = a.charAt(i);
            char y = b.charAt(i);
            if (x != y) {
                if (Character.isSurrogate(x) || Character.isSurrogate(y) || x >= 0xE000 || y >= 0xE000) {
                    return Integer.compare(fixup(x), fixup(y));
                }
                return x - y;
            }
        }
        return a.length() - b.length();
    }

    /** Moves surrogates above U+E000..U+FFFF, so UTF-16 units compare in code point order. */
    private static int fixup(char c) {
        if (c >= 0xE000) {
            return c - 0x800;
        }
        if (c >= 0xD800) {
            return c + 0x2000;
        }
        return c;
    }

    /**
     * SQL equality of two possibly-null values: TRUE, FALSE or NULL (unknown) if either is NULL.
     */
    static Boolean equal(Object a, Object b, ColumnType aType, ColumnType bType) {
        if (a == null || b == null) {
            return null;
        }
        return compare(a, b, aType, bType) == 0;
    }

    /** IS NOT DISTINCT FROM: NULL equals NULL, NULL differs from every value. */
    static boolean notDistinct(Object a, Object b, ColumnType aType, ColumnType bType) {
        if (a == null || b == null) {
            return a == null && b == null;
        }
        return compare(a, b, aType, bType) == 0;
    }
}
