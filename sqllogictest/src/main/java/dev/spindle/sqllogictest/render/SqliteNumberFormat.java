package dev.spindle.sqllogictest.render;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;

/**
 * SQLite's printf formats for reals, as used by its sqllogictest harness: {@code %.3f} for
 * {@code R} columns and {@code %!.15g}, SQLite's conversion of a real to text, for reals in
 * {@code T} columns.
 *
 * <p>SQLite (3.43 and later) first cuts a double down to its first 17 significant decimal digits,
 * then rounds those half away from zero at the requested position, keeping at most 16 significant
 * digits for {@code %f} (15 for {@code %.15g}), and pads with zeros. This class does the same,
 * starting from the double's exact decimal expansion, and agrees with SQLite 3.51 on every value
 * tried between 1e-50 and 1e90 (see {@code SqliteOracleProperties}). Outside that range SQLite's
 * own decimal conversion is approximate and the two can differ in the last digit kept.
 * Thread-safe: static functions only.
 */
public final class SqliteNumberFormat {

    private static final int FIXED_SIGNIFICANT_DIGITS = 16;
    private static final MathContext DECODED_DIGITS = new MathContext(17, RoundingMode.DOWN);
    private static final MathContext GENERIC_DIGITS = new MathContext(15, RoundingMode.HALF_UP);

    private SqliteNumberFormat() {
    }

    /** {@code %.3f} of a double. */
    public static String fixed3(double value) {
        if (Double.isNaN(value)) {
            return "NaN";
        }
        if (Double.isInfinite(value)) {
            return value > 0 ? "Inf" : "-Inf";
        }
        String magnitude = fixed3Magnitude(decode(Math.abs(value)));
        return value < 0 ? "-" + magnitude : magnitude;
    }

    /** The 17 significant digits SQLite works from: the exact value cut, not rounded. */
    private static BigDecimal decode(double magnitude) {
        return new BigDecimal(magnitude).round(DECODED_DIGITS);
    }

    /** {@code %.3f} of an exact decimal, with the same digit limits as for a double. */
    public static String fixed3(BigDecimal value) {
        String magnitude = fixed3Magnitude(value.abs());
        return value.signum() < 0 ? "-" + magnitude : magnitude;
    }

    private static String fixed3Magnitude(BigDecimal magnitude) {
        BigDecimal rounded = magnitude.setScale(3, RoundingMode.HALF_UP);
        if (rounded.precision() > FIXED_SIGNIFICANT_DIGITS) {
            rounded = magnitude.round(new MathContext(FIXED_SIGNIFICANT_DIGITS, RoundingMode.HALF_UP)).setScale(3);
        }
        return rounded.toPlainString();
    }

    /**
     * {@code %!.15g} of a double: SQLite's text for a REAL. Fifteen significant digits, trailing
     * zeros dropped but at least one digit after the point ({@code 1.0}), exponent form
     * ({@code 1.0e+20}, {@code 1.5e-05}) below 1e-4 or from 1e15 on.
     */
    public static String generic15(double value) {
        if (Double.isNaN(value)) {
            return "NaN";
        }
        if (Double.isInfinite(value)) {
            return value > 0 ? "Inf" : "-Inf";
        }
        if (value == 0) {
            return "0.0";
        }
        BigDecimal rounded = decode(Math.abs(value)).round(GENERIC_DIGITS).stripTrailingZeros();
        int exponent = rounded.precision() - rounded.scale() - 1;
        String text = exponent < -4 || exponent > 14 ? scientific(rounded, exponent) : plain(rounded);
        return value < 0 ? "-" + text : text;
    }

    private static String plain(BigDecimal rounded) {
        String text = rounded.toPlainString();
        return text.indexOf('.') < 0 ? text + ".0" : text;
    }

    private static String scientific(BigDecimal rounded, int exponent) {
        String digits = rounded.unscaledValue().toString();
        String fraction = digits.length() > 1 ? digits.substring(1) : "0";
        int magnitude = Math.abs(exponent);
        return digits.charAt(0) + "." + fraction + "e" + (exponent < 0 ? '-' : '+')
                + (magnitude < 10 ? "0" : "") + magnitude;
    }
}
