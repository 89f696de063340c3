package dev.spindle.sqllogictest.render;

import java.math.BigDecimal;
import java.math.BigInteger;

/**
 * SQLite's conversions of text to numbers, used when a text value lands in an {@code I} or
 * {@code R} column: the longest numeric prefix counts, anything else gives 0 (SQLite's
 * {@code sqlite3Atoi64} and {@code sqlite3AtoF}). Thread-safe: static functions only.
 */
public final class SqliteTextNumbers {

    private static final BigInteger LONG_MIN = BigInteger.valueOf(Long.MIN_VALUE);
    private static final BigInteger LONG_MAX = BigInteger.valueOf(Long.MAX_VALUE);
    /** SQLite's {@code (LARGEST_UINT64-9)/10}: the significand stops growing past it. */
    private static final long SIGNIFICAND_LIMIT = Long.divideUnsigned(-1L - 9, 10);
    /** SQLite caps exponents here; the value is infinite or zero long before. */
    private static final int MAX_EXPONENT = 10000;

    private SqliteTextNumbers() {
    }

    /**
     * The integer at the start of {@code text}: leading white space, an optional sign, digits;
     * 0 if there are none; clamped to the 64-bit range.
     */
    public static long leadingInteger(String text) {
        int i = skipSpace(text, 0);
        boolean negative = false;
        if (i < text.length() && (text.charAt(i) == '-' || text.charAt(i) == '+')) {
            negative = text.charAt(i) == '-';
            i++;
        }
        int digits = i;
        while (digits < text.length() && isDigit(text.charAt(digits))) {
            digits++;
        }
        if (digits == i) {
            return 0;
        }
        BigInteger value = new BigInteger(text.substring(i, digits));
        if (negative) {
            value = value.negate();
        }
        return value.max(LONG_MIN).min(LONG_MAX).longValue();
    }

    /**
     * The real at the start of {@code text}: leading white space, an optional sign, digits with an
     * optional fraction, an optional exponent; 0.0 if there is no digit. Like SQLite, only the
     * leading digits that fit an unsigned 64-bit significand count (about 19); later digits only
     * shift the decimal point.
     */
    public static double leadingReal(String text) {
        int i = skipSpace(text, 0);
        boolean negative = false;
        if (i < text.length() && (text.charAt(i) == '-' || text.charAt(i) == '+')) {
            negative = text.charAt(i) == '-';
            i++;
        }
        long significand = 0; // unsigned
        int shift = 0;
        int digits = 0;
        while (i < text.length() && isDigit(text.charAt(i))) {
            significand = significand * 10 + (text.charAt(i++) - '0');
            digits++;
            if (Long.compareUnsigned(significand, SIGNIFICAND_LIMIT) >= 0) {
                while (i < text.length() && isDigit(text.charAt(i))) {
                    i++;
                    shift++;
                }
            }
        }
        if (i < text.length() && text.charAt(i) == '.') {
            i++;
            while (i < text.length() && isDigit(text.charAt(i))) {
                if (Long.compareUnsigned(significand, SIGNIFICAND_LIMIT) < 0) {
                    significand = significand * 10 + (text.charAt(i) - '0');
                    shift--;
                    digits++;
                }
                i++;
            }
        }
        if (digits == 0) {
            return negative ? -0.0 : 0.0;
        }
        int exponent = 0;
        if (i < text.length() && (text.charAt(i) == 'e' || text.charAt(i) == 'E')) {
            i++;
            int sign = 1;
            if (i < text.length() && (text.charAt(i) == '-' || text.charAt(i) == '+')) {
                sign = text.charAt(i) == '-' ? -1 : 1;
                i++;
            }
            while (i < text.length() && isDigit(text.charAt(i))) {
                exponent = exponent < MAX_EXPONENT ? exponent * 10 + (text.charAt(i) - '0') : MAX_EXPONENT;
                i++;
            }
            exponent *= sign;
        }
        BigInteger unsigned = new BigInteger(Long.toUnsignedString(significand));
        double magnitude = new BigDecimal(unsigned, -(exponent + shift)).doubleValue();
        return negative ? -magnitude : magnitude;
    }

    private static int skipSpace(String text, int i) {
        while (i < text.length() && isSpace(text.charAt(i))) {
            i++;
        }
        return i;
    }

    /** SQLite's {@code sqlite3Isspace}: space, tab, newline, vertical tab, form feed, return. */
    private static boolean isSpace(char c) {
        return c == ' ' || (c >= '\t' && c <= '\r');
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }
}
