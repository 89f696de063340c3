package dev.spindle.compute.expr.func;

import dev.spindle.common.type.TypeKind;
import java.math.BigDecimal;

/**
 * Text to BOOLEAN, integers, DECIMAL, DOUBLE and REAL, as PostgreSQL's input functions read them:
 * surrounding whitespace (space, tab, newline, carriage return, vertical tab, form feed) is
 * ignored; numbers are decimal ({@code [+-]digits[.digits][e[+-]digits]}; integers without
 * fraction or exponent). Bad syntax is {@code invalid input syntax for type integer: "x"}
 * (22P02); a number outside the type is {@code value "x" is out of range for type integer}
 * (22003), also for DOUBLE/REAL inputs that overflow to infinity or underflow to zero.
 * PostgreSQL 16's underscores and hexadecimal integers are not accepted. Stateless and thread-safe.
 */
final class TextParse {
    private TextParse() {
    }

    /** {@code s} without leading and trailing C {@code isspace} characters. */
    static String trimSpace(String s) {
        int b = 0;
        int e = s.length();
        while (b < e && isSpace(s.charAt(b))) {
            b++;
        }
        while (e > b && isSpace(s.charAt(e - 1))) {
            e--;
        }
        return b == 0 && e == s.length() ? s : s.substring(b, e);
    }

    private static boolean isSpace(char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\u000B' || c == '\f';
    }

    /**
     * PostgreSQL's {@code boolin}: any prefix of {@code true}, {@code false}, {@code yes},
     * {@code no}; {@code on}, {@code off} (at least {@code of}); {@code 1}, {@code 0}; case-blind.
     */
    static boolean parseBoolean(String input) {
        String s = trimSpace(input);
        int n = s.length();
        if (n > 0) {
            switch (Character.toLowerCase(s.charAt(0))) {
                case 't':
                    if (isPrefixOf(s, "true")) {
                        return true;
                    }
                    break;
                case 'f':
                    if (isPrefixOf(s, "false")) {
                        return false;
                    }
                    break;
                case 'y':
                    if (isPrefixOf(s, "yes")) {
                        return true;
                    }
                    break;
                case 'n':
                    if (isPrefixOf(s, "no")) {
                        return false;
                    }
                    break;
                case 'o':
                    // 'o' alone is ambiguous
                    if (n >= 2 && isPrefixOf(s, "on")) {
                        return true;
                    }
                    if (n >= 2 && isPrefixOf(s, "off")) {
                        return false;
                    }
                    break;
                case '1':
                    if (n == 1) {
                        return true;
                    }
                    break;
                case '0':
                    if (n == 1) {
                        return false;
                    }
                    break;
                default:
                    break;
            }
        }
        throw Errors.invalidInput(TypeKind.BOOLEAN, input);
    }

    private static boolean isPrefixOf(String s, String word) {
        return s.length() <= word.length() && word.regionMatches(true, 0, s, 0, s.length());
    }

    /** An integer of {@code kind}. */
    static long parseInteger(String input, TypeKind kind) {
        String s = trimSpace(input);
        int i = s.length() > 0 && (s.charAt(0) == '+' || s.charAt(0) == '-') ? 1 : 0;
        if (i == s.length()) {
            throw Errors.invalidInput(kind, input);
        }
        for (int j = i; j < s.length(); j++) {
            if (!isDigit(s.charAt(j))) {
                throw Errors.invalidInput(kind, input);
            }
        }
        long v;
        try {
            v = Long.parseLong(s);
        } catch (NumberFormatException e) {
            throw Errors.valueOutOfRange(kind, input); // the syntax was checked: too many digits
        }
        if (v < kind.minValue() || v > kind.maxValue()) {
            throw Errors.valueOutOfRange(kind, input);
        }
        return v;
    }

    /** An unconstrained DECIMAL, keeping the scale written ({@code '1.50'} has scale 2). */
    static BigDecimal parseDecimal(String input) {
        String s = trimSpace(input);
        if (!isDecimalSyntax(s)) {
            throw Errors.invalidInput(TypeKind.DECIMAL, input);
        }
        BigDecimal v;
        try {
            v = new BigDecimal(s);
        } catch (NumberFormatException e) {
            throw Errors.numericOverflow(); // the syntax was checked: the exponent overflows
        }
        return DecimalMath.check(v);
    }

    static double parseDouble(String input) {
        String s = trimSpace(input);
        Double special = special(s);
        if (special != null) {
            return special;
        }
        if (!isDecimalSyntax(s)) {
            throw Errors.invalidInput(TypeKind.DOUBLE, input);
        }
        double v = Double.parseDouble(s);
        if (Double.isInfinite(v) || (v == 0.0 && hasNonZeroDigit(s))) {
            throw Errors.valueOutOfRange(TypeKind.DOUBLE, input);
        }
        return v;
    }

    static float parseReal(String input) {
        String s = trimSpace(input);
        Double special = special(s);
        if (special != null) {
            return special.floatValue();
        }
        if (!isDecimalSyntax(s)) {
            throw Errors.invalidInput(TypeKind.REAL, input);
        }
        float v = Float.parseFloat(s);
        if (Float.isInfinite(v) || (v == 0.0f && hasNonZeroDigit(s))) {
            throw Errors.valueOutOfRange(TypeKind.REAL, input);
        }
        return v;
    }

    /** NaN, Infinity, inf with optional sign (NaN without), case-blind; else null. */
    private static Double special(String s) {
        if (s.equalsIgnoreCase("nan")) {
            return Double.NaN;
        }
        String body = s;
        boolean negative = false;
        if (!s.isEmpty() && (s.charAt(0) == '+' || s.charAt(0) == '-')) {
            negative = s.charAt(0) == '-';
            body = s.substring(1);
        }
        if (body.equalsIgnoreCase("infinity") || body.equalsIgnoreCase("inf")) {
            return negative ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY;
        }
        return null;
    }

    /** {@code [+-](digits[.digits]|.digits)([eE][+-]digits)?} with ASCII digits. */
    static boolean isDecimalSyntax(String s) {
        int n = s.length();
        int i = 0;
        if (i < n && (s.charAt(i) == '+' || s.charAt(i) == '-')) {
            i++;
        }
        int digits = 0;
        while (i < n && isDigit(s.charAt(i))) {
            i++;
            digits++;
        }
        if (i < n && s.charAt(i) == '.') {
            i++;
            while (i < n && isDigit(s.charAt(i))) {
                i++;
                digits++;
            }
        }
        if (digits == 0) {
            return false;
        }
        if (i < n && (s.charAt(i) == 'e' || s.charAt(i) == 'E')) {
            i++;
            if (i < n && (s.charAt(i) == '+' || s.charAt(i) == '-')) {
                i++;
            }
            int exponentDigits = 0;
            while (i < n && isDigit(s.charAt(i))) {
                i++;
                exponentDigits++;
            }
            if (exponentDigits == 0) {
                return false;
            }
        }
        return i == n;
    }

    private static boolean hasNonZeroDigit(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == 'e' || c == 'E') {
                return false;
            }
            if (c >= '1' && c <= '9') {
                return true;
            }
        }
        return false;
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }
}
