package dev.spindle.compute.expr.func;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;

/**
 * DOUBLE and REAL as PostgreSQL 12+ prints them ({@code extra_float_digits = 1}): the fewest
 * significant digits that read back as the same value, in fixed notation when the decimal
 * exponent is in {@code [-4, 15)} for DOUBLE ({@code [-4, 6)} for REAL) and otherwise as
 * {@code d.ddde+XX} with at least two exponent digits. So {@code 0.1}, {@code 100},
 * {@code 1e+20}, {@code 1.2345678901234568e+17}, {@code 1e-05}, {@code 1.234567e+06} (REAL),
 * {@code NaN}, {@code Infinity}, {@code -Infinity}, {@code -0}.
 *
 * <p>The shortest digits are found by rounding the exact binary value to 1..17 (REAL: 1..9)
 * significant digits, binary-searching the smallest precision that round-trips; this is the
 * closest shortest decimal, as PostgreSQL's Ryu finds. ({@code Double.toString} of Java 17 is not
 * always shortest.) Stateless and thread-safe.
 */
final class FloatFormat {
    private FloatFormat() {
    }

    static String formatDouble(double v) {
        if (Double.isNaN(v)) {
            return "NaN";
        }
        if (Double.isInfinite(v)) {
            return v > 0 ? "Infinity" : "-Infinity";
        }
        if (v == 0.0) {
            return 1.0 / v < 0 ? "-0" : "0";
        }
        BigDecimal exact = new BigDecimal(v);
        int lo = 1;
        int hi = 17;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (exact.round(new MathContext(mid, RoundingMode.HALF_EVEN)).doubleValue() == v) {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        return layout(exact.round(new MathContext(lo, RoundingMode.HALF_EVEN)), 15);
    }

    static String formatReal(float v) {
        if (Float.isNaN(v)) {
            return "NaN";
        }
        if (Float.isInfinite(v)) {
            return v > 0 ? "Infinity" : "-Infinity";
        }
        if (v == 0.0f) {
            return 1.0f / v < 0 ? "-0" : "0";
        }
        BigDecimal exact = new BigDecimal(v);
        int lo = 1;
        int hi = 9;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (exact.round(new MathContext(mid, RoundingMode.HALF_EVEN)).floatValue() == v) {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        return layout(exact.round(new MathContext(lo, RoundingMode.HALF_EVEN)), 6);
    }

    /** Fixed notation for decimal exponents in {@code [-4, fixedLimit)}, else scientific. */
    private static String layout(BigDecimal d, int fixedLimit) {
        BigDecimal s = d.stripTrailingZeros();
        String digits = s.unscaledValue().abs().toString();
        int exponent = digits.length() - 1 - s.scale();
        if (exponent >= -4 && exponent < fixedLimit) {
            return s.toPlainString();
        }
        StringBuilder sb = new StringBuilder(digits.length() + 8);
        if (s.signum() < 0) {
            sb.append('-');
        }
        sb.append(digits.charAt(0));
        if (digits.length() > 1) {
            sb.append('.').append(digits, 1, digits.length());
        }
        sb.append('e').append(exponent < 0 ? '-' : '+');
        int abs = Math.abs(exponent);
        if (abs < 10) {
            sb.append('0');
        }
        return sb.append(abs).toString();
    }
}
