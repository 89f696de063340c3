package dev.spindle.compute.expr.func;

import dev.spindle.common.error.ErrorCode;
import dev.spindle.common.error.SpindleException;
import dev.spindle.common.type.ColumnType;
import dev.spindle.common.type.TypeKind;
import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;

/**
 * CAST between the types of {@link TypeKind}, as PostgreSQL casts.
 *
 * <table>
 *   <caption>Supported casts</caption>
 *   <tr><th>from</th><th>to</th><th>behaviour</th></tr>
 *   <tr><td>any</td><td>CHAR, VARCHAR, TEXT</td><td>the value's text ({@link TextFormat}); a CHAR
 *       source loses its padding unless the target is CHAR</td></tr>
 *   <tr><td>CHAR, VARCHAR, TEXT</td><td>any</td><td>parsed ({@link TextParse},
 *       {@link DateTimeText}); 22P02/22007 on bad input</td></tr>
 *   <tr><td>integer, DECIMAL, REAL, DOUBLE</td><td>integer</td><td>DECIMAL rounds half away from
 *       zero, REAL/DOUBLE round half to even; out of range is {@code integer out of range}</td></tr>
 *   <tr><td>integer, REAL, DOUBLE, DECIMAL</td><td>DECIMAL(p,s)</td><td>DOUBLE via its 15
 *       significant digits, REAL via 6 (PostgreSQL's {@code %.15g}/{@code %.6g}); rounded half
 *       away from zero to s; {@code numeric field overflow} beyond p; NaN and infinities are not
 *       supported (no DECIMAL NaN)</td></tr>
 *   <tr><td>integer, DECIMAL, REAL, DOUBLE</td><td>REAL, DOUBLE</td><td>nearest value; overflow
 *       and underflow are errors</td></tr>
 *   <tr><td>INTEGER / BOOLEAN</td><td>BOOLEAN / INTEGER</td><td>0 is false, anything else true;
 *       false 0, true 1 (PostgreSQL casts only {@code integer}, not smallint or bigint)</td></tr>
 *   <tr><td>DATE / TIMESTAMP</td><td>TIMESTAMP / DATE, TIME</td><td>midnight / the date or time
 *       part</td></tr>
 * </table>
 *
 * <p>Length: to VARCHAR(n) or CHAR(n) an explicit cast truncates to n characters; an implicit
 * (assignment) cast fails with {@code value too long for type VARCHAR(n)} (22001) unless every
 * character beyond n is a space. CHAR(n) then pads with spaces to n; CHAR without a length
 * (PostgreSQL's {@code bpchar}) and VARCHAR without one neither pad nor truncate. Stateless and thread-safe.
 */
public final class Casts {
    private Casts() {
    }

    /** True if a value of kind {@code from} can be cast to {@code to}. */
    public static boolean isSupported(TypeKind from, TypeKind to) {
        if (from == to || from.isString() || to.isString()) {
            return true;
        }
        if (from.isNumeric() && to.isNumeric()) {
            return true;
        }
        switch (from) {
            case BOOLEAN:
                return to == TypeKind.INTEGER;
            case INTEGER:
                return to == TypeKind.BOOLEAN;
            case DATE:
                return to == TypeKind.TIMESTAMP;
            case TIMESTAMP:
                return to == TypeKind.DATE || to == TypeKind.TIME;
            default:
                return false;
        }
    }

    /**
     * {@code CAST(v AS to)} for {@code v} of type {@code from}; NULL stays NULL.
     *
     * @param explicit true for CAST, false for an assignment (length overflow is then an error)
     */
    public static Object cast(Object v, ColumnType from, ColumnType to, boolean explicit) {
        if (v == null) {
            return null;
        }
        TypeKind f = from.kind();
        TypeKind t = to.kind();
        if (t.isString()) {
            String s = f.isString()
                    ? (f == TypeKind.CHAR && t != TypeKind.CHAR ? StringFunctions.stripPadding((String) v) : (String) v)
                    : TextFormat.format(v, from);
            return fitLength(s, to, explicit);
        }
        if (f.isString()) {
            return fromText(StringFunctions.text(v, from), to);
        }
        switch (t) {
            case BOOLEAN:
                return v instanceof Boolean ? v : (Long) v != 0;
            case SMALLINT:
            case INTEGER:
            case BIGINT:
                return toInteger(v, t);
            case REAL:
                return toReal(v);
            case DOUBLE:
                return toDouble(v);
            case DECIMAL:
                return DecimalMath.applyTypmod(toDecimal(v), to);
            case DATE:
                return v instanceof LocalDateTime ? ((LocalDateTime) v).toLocalDate() : v;
            case TIME:
                return v instanceof LocalDateTime ? ((LocalDateTime) v).toLocalTime() : v;
            case TIMESTAMP:
                return v instanceof LocalDate ? DateTimeFunctions.toTimestamp((LocalDate) v) : v;
            default:
                throw new AssertionError(t);
        }
    }

    /** Text parsed as a value of {@code to} (not a string type). */
    static Object fromText(String s, ColumnType to) {
        switch (to.kind()) {
            case BOOLEAN:
                return TextParse.parseBoolean(s);
            case SMALLINT:
            case INTEGER:
            case BIGINT:
                return TextParse.parseInteger(s, to.kind());
            case REAL:
                return TextParse.parseReal(s);
            case DOUBLE:
                return TextParse.parseDouble(s);
            case DECIMAL:
                return DecimalMath.applyTypmod(TextParse.parseDecimal(s), to);
            case DATE:
                return DateTimeText.parseDate(s);
            case TIME:
                return DateTimeText.parseTime(s);
            case TIMESTAMP:
                return DateTimeText.parseTimestamp(s);
            default:
                throw new AssertionError(to);
        }
    }

    /** {@code s} cut or padded to a CHAR/VARCHAR length; see the class comment. */
    static String fitLength(String s, ColumnType to, boolean explicit) {
        int n = to.length();
        if (n == ColumnType.UNSPECIFIED || to.kind() == TypeKind.TEXT) {
            return s;
        }
        int chars = s.codePointCount(0, s.length());
        if (chars > n) {
            int cut = s.offsetByCodePoints(0, n);
            if (!explicit) {
                for (int i = cut; i < s.length(); i++) {
                    if (s.charAt(i) != ' ') {
                        throw new SpindleException(ErrorCode.STRING_DATA_RIGHT_TRUNCATION_1, to.withNullable(true));
                    }
                }
            }
            return s.substring(0, cut);
        }
        if (to.kind() == TypeKind.CHAR && chars < n) {
            return s + " ".repeat(n - chars);
        }
        return s;
    }

    private static long toInteger(Object v, TypeKind kind) {
        if (v instanceof Long) {
            return Arithmetic.checkRange((Long) v, kind);
        }
        if (v instanceof Boolean) {
            return (Boolean) v ? 1 : 0;
        }
        if (v instanceof BigDecimal) {
            BigDecimal r = ((BigDecimal) v).setScale(0, RoundingMode.HALF_UP);
            if (r.compareTo(BigDecimal.valueOf(kind.minValue())) < 0 || r.compareTo(BigDecimal.valueOf(kind.maxValue())) > 0) {
                throw Errors.outOfRange(kind);
            }
            return r.longValue();
        }
        double d = v instanceof Double ? (Double) v : (double) (Float) v;
        double r = Math.rint(d);
        // PostgreSQL's FLOAT8_FITS_IN_INTxx: min <= r < -min (NaN fails both)
        if (!(r >= kind.minValue() && r < -(double) kind.minValue())) {
            throw Errors.outOfRange(kind);
        }
        return (long) r;
    }

    private static double toDouble(Object v) {
        if (v instanceof Long) {
            return (double) (Long) v;
        }
        if (v instanceof Float) {
            return (Float) v;
        }
        if (v instanceof Double) {
            return (Double) v;
        }
        BigDecimal d = (BigDecimal) v;
        double r = Double.parseDouble(d.toString());
        if (Double.isInfinite(r) || (r == 0.0 && d.signum() != 0)) {
            throw Errors.valueOutOfRange(TypeKind.DOUBLE, d.toString());
        }
        return r;
    }

    private static float toReal(Object v) {
        if (v instanceof Long) {
            return (float) (Long) v;
        }
        if (v instanceof Float) {
            return (Float) v;
        }
        if (v instanceof Double) {
            double d = (Double) v;
            float r = (float) d;
            if (Float.isInfinite(r) && !Double.isInfinite(d)) {
                throw Errors.floatOverflow();
            }
            if (r == 0.0f && d != 0.0) {
                throw Errors.floatUnderflow();
            }
            return r;
        }
        BigDecimal d = (BigDecimal) v;
        float r = Float.parseFloat(d.toString());
        if (Float.isInfinite(r) || (r == 0.0f && d.signum() != 0)) {
            throw Errors.valueOutOfRange(TypeKind.REAL, d.toString());
        }
        return r;
    }

    private static BigDecimal toDecimal(Object v) {
        if (v instanceof Long) {
            return BigDecimal.valueOf((Long) v);
        }
        if (v instanceof BigDecimal) {
            return (BigDecimal) v;
        }
        double d;
        int digits;
        if (v instanceof Double) {
            d = (Double) v;
            digits = 15; // DBL_DIG
        } else {
            d = (Float) v;
            digits = 6; // FLT_DIG
        }
        if (Double.isNaN(d) || Double.isInfinite(d)) {
            throw new SpindleException(ErrorCode.FEATURE_NOT_SUPPORTED_1, "casting " + FloatFormat.formatDouble(d) + " to DECIMAL");
        }
        if (d == 0.0) {
            return BigDecimal.ZERO;
        }
        BigDecimal r = new BigDecimal(d).round(new MathContext(digits, RoundingMode.HALF_EVEN)).stripTrailingZeros();
        return r.scale() < 0 ? r.setScale(0) : r;
    }
}
