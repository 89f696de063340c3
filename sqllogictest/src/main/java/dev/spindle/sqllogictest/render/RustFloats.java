package dev.spindle.sqllogictest.render;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;

/**
 * Floating-point numbers as Materialize's runner prints them, which is how Rust's formatting does:
 * {@code {}} gives the shortest decimal that reads back as the same number, never in exponent
 * form ({@code 2}, {@code 1.75}, {@code 0.0000001}, {@code 100000000000000000000}); {@code {:.3}}
 * gives the exact value rounded half to even at three decimals. Both print {@code NaN},
 * {@code inf}, {@code -inf}, and the sign of a negative zero. Thread-safe: static functions.
 */
public final class RustFloats {

    private RustFloats() {
    }

    /** Rust's {@code format!("{}", x)} for an {@code f64}. */
    public static String shortest(double x) {
        String special = special(x);
        if (special != null) {
            return special;
        }
        BigDecimal exact = new BigDecimal(Math.abs(x));
        BigDecimal digits = exact;
        for (int precision = 1; precision <= 17; precision++) {
            BigDecimal candidate = exact.round(new MathContext(precision, RoundingMode.HALF_EVEN));
            if (candidate.doubleValue() == Math.abs(x)) {
                digits = candidate;
                break;
            }
        }
        return sign(x) + plain(digits);
    }

    /** Rust's {@code format!("{}", x)} for an {@code f32}. */
    public static String shortest(float x) {
        String special = special(x);
        if (special != null) {
            return special;
        }
        float magnitude = Math.abs(x);
        BigDecimal exact = new BigDecimal(magnitude);
        BigDecimal digits = exact;
        for (int precision = 1; precision <= 9; precision++) {
            BigDecimal candidate = exact.round(new MathContext(precision, RoundingMode.HALF_EVEN));
            if (candidate.floatValue() == magnitude) {
                digits = candidate;
                break;
            }
        }
        return sign(x) + plain(digits);
    }

    /** Rust's {@code format!("{:.3}", x)} (also right for an {@code f32} widened to a double). */
    public static String fixed3(double x) {
        String special = special(x);
        if (special != null) {
            return special;
        }
        return sign(x) + new BigDecimal(Math.abs(x)).setScale(3, RoundingMode.HALF_EVEN).toPlainString();
    }

    private static String special(double x) {
        if (Double.isNaN(x)) {
            return "NaN";
        }
        if (Double.isInfinite(x)) {
            return x > 0 ? "inf" : "-inf";
        }
        return null;
    }

    /** {@code -} when the sign bit is set, negative zero included. */
    private static String sign(double x) {
        return (Double.doubleToRawLongBits(x) < 0) ? "-" : "";
    }

    private static String plain(BigDecimal digits) {
        return digits.signum() == 0 ? "0" : digits.stripTrailingZeros().toPlainString();
    }
}
