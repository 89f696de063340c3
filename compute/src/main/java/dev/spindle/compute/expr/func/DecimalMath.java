package dev.spindle.compute.expr.func;

import dev.spindle.common.error.ErrorCode;
import dev.spindle.common.error.SpindleException;
import dev.spindle.common.type.ColumnType;
import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * Exact DECIMAL arithmetic as PostgreSQL's {@code numeric} does it.
 *
 * <ul>
 *   <li>{@code + - *} and {@code %} are exact ({@code BigDecimal} keeps PostgreSQL's display
 *       scales: the larger scale for {@code + -}, their sum for {@code *}).</li>
 *   <li>{@code /} rounds half away from zero to PostgreSQL's {@code select_div_scale}: enough
 *       fractional digits for at least 16 significant digits, never fewer than either operand's
 *       display scale, at most 1000. So {@code 1/3 = 0.33333333333333333333} (20 digits) and
 *       {@code 10/4 = 2.5000000000000000}.</li>
 *   <li>Results keep at most 131072 digits before the decimal point (else
 *       {@code value overflows numeric format}) and 16383 after it (rounded).</li>
 * </ul>
 *
 * <p>A value read from a row has lost its trailing zeros, so its display scale is taken as the
 * larger of its own scale and its column type's scale. Stateless and thread-safe.
 */
final class DecimalMath {
    /** PostgreSQL's NUMERIC_MIN_SIG_DIGITS. */
    private static final int MIN_SIG_DIGITS = 16;
    /** PostgreSQL's NUMERIC_MAX_DISPLAY_SCALE. */
    private static final int MAX_DISPLAY_SCALE = 1000;
    /** PostgreSQL's NUMERIC_DSCALE_MAX. */
    private static final int MAX_SCALE = 16383;
    /** PostgreSQL's limit of digits before the decimal point. */
    private static final int MAX_INTEGER_DIGITS = 131072;

    private DecimalMath() {
    }

    /** {@code v} within numeric's limits: overflow is an error, excess fraction digits round. */
    static BigDecimal check(BigDecimal v) {
        if (v.signum() != 0 && (long) v.precision() - v.scale() > MAX_INTEGER_DIGITS) {
            throw Errors.numericOverflow();
        }
        if (v.scale() > MAX_SCALE) {
            return v.setScale(MAX_SCALE, RoundingMode.HALF_UP);
        }
        return v;
    }

    static BigDecimal add(BigDecimal a, BigDecimal b) {
        return check(a.add(b));
    }

    static BigDecimal subtract(BigDecimal a, BigDecimal b) {
        return check(a.subtract(b));
    }

    static BigDecimal multiply(BigDecimal a, BigDecimal b) {
        if (a.signum() == 0 || b.signum() == 0) {
            return BigDecimal.ZERO.setScale(Math.min(MAX_SCALE, Math.max(0, a.scale()) + Math.max(0, b.scale())));
        }
        // Reject before multiplying numbers whose product could not be represented anyway.
        if ((long) a.precision() - a.scale() + (long) b.precision() - b.scale() > MAX_INTEGER_DIGITS + 2) {
            throw Errors.numericOverflow();
        }
        return check(a.multiply(b));
    }

    /** {@code a / b} at PostgreSQL's division scale; see the class comment. */
    static BigDecimal divide(BigDecimal a, BigDecimal b, ColumnType aType, ColumnType bType) {
        if (b.signum() == 0) {
            throw Errors.divisionByZero();
        }
        int scale = divisionScale(a, b, displayScale(a, aType), displayScale(b, bType));
        return check(a.divide(b, scale, RoundingMode.HALF_UP));
    }

    /** {@code a % b}: the remainder of truncating division, with the sign of {@code a}. */
    static BigDecimal remainder(BigDecimal a, BigDecimal b) {
        if (b.signum() == 0) {
            throw Errors.divisionByZero();
        }
        return check(a.remainder(b));
    }

    /** The display scale PostgreSQL would carry for {@code v} of type {@code t}. */
    static int displayScale(BigDecimal v, ColumnType t) {
        return Math.max(Math.max(v.scale(), 0), t.displayScale());
    }

    /** PostgreSQL's {@code select_div_scale}, with weights in base-10000 digits. */
    static int divisionScale(BigDecimal a, BigDecimal b, int aScale, int bScale) {
        int w1 = weight(a);
        int w2 = weight(b);
        int qweight = w1 - w2;
        if (firstDigit(a, w1) <= firstDigit(b, w2)) {
            qweight--;
        }
        int rscale = MIN_SIG_DIGITS - qweight * 4;
        rscale = Math.max(rscale, aScale);
        rscale = Math.max(rscale, bScale);
        rscale = Math.max(rscale, 0);
        return Math.min(rscale, MAX_DISPLAY_SCALE);
    }

    /** The base-10000 exponent of the leading digit group; 0 for zero (as PostgreSQL). */
    private static int weight(BigDecimal v) {
        if (v.signum() == 0) {
            return 0;
        }
        int exp10 = v.precision() - v.scale() - 1;
        return Math.floorDiv(exp10, 4);
    }

    /** The leading base-10000 digit (1..9999); 0 for zero. */
    private static int firstDigit(BigDecimal v, int weight) {
        if (v.signum() == 0) {
            return 0;
        }
        return v.abs().movePointLeft(4 * weight).intValue();
    }

    /** {@code round(v, digits)}: half away from zero at {@code digits} fractional digits. */
    static BigDecimal round(BigDecimal v, long digits) {
        return setScale(v, digits, RoundingMode.HALF_UP);
    }

    /** {@code trunc(v, digits)}: toward zero at {@code digits} fractional digits. */
    static BigDecimal trunc(BigDecimal v, long digits) {
        return setScale(v, digits, RoundingMode.DOWN);
    }

    private static BigDecimal setScale(BigDecimal v, long digits, RoundingMode mode) {
        // PostgreSQL clamps the requested scale to +-NUMERIC_MAX_RESULT_SCALE (2000).
        int d = (int) Math.max(-2000, Math.min(2000, digits));
        BigDecimal r = v.setScale(d, mode);
        return check(d < 0 ? r.setScale(0) : r);
    }

    /**
     * {@code v} as a value of {@code DECIMAL(precision, scale)}: rounded half away from zero to the
     * scale, then checked against the precision. An unconstrained type leaves {@code v} alone.
     *
     * @throws SpindleException {@code numeric field overflow} if the rounded value needs more
     *     integer digits than {@code precision - scale}
     */
    static BigDecimal applyTypmod(BigDecimal v, ColumnType type) {
        if (type.precision() == ColumnType.UNSPECIFIED) {
            return check(v);
        }
        int scale = type.scale() == ColumnType.UNSPECIFIED ? 0 : type.scale();
        BigDecimal r = v.setScale(scale, RoundingMode.HALF_UP);
        int integerDigits = type.precision() - scale;
        if (r.signum() != 0 && r.precision() - r.scale() > integerDigits) {
            throw new SpindleException(ErrorCode.NUMERIC_FIELD_OVERFLOW_3, type.precision(), scale, integerDigits);
        }
        return r;
    }
}
