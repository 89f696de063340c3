package dev.spindle.compute.expr.func;

import dev.spindle.common.type.TypeKind;
import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * {@code ceil}, {@code floor}, {@code round}, {@code trunc} and {@code sign} over every numeric
 * kind. DECIMAL rounds half away from zero (PostgreSQL's numeric), DOUBLE and REAL half to even
 * (PostgreSQL's {@code rint}); integers are already whole. {@code round(x, n)} and
 * {@code trunc(x, n)} keep {@code n} fractional digits ({@code n < 0} rounds to tens, hundreds,
 * ...); for DOUBLE/REAL the exact binary value is rounded, half to even. Stateless and thread-safe.
 */
final class Rounding {
    private Rounding() {
    }

    static Object ceil(Object v) {
        if (v instanceof Double) {
            return Math.ceil((Double) v);
        }
        if (v instanceof BigDecimal) {
            return ((BigDecimal) v).setScale(0, RoundingMode.CEILING);
        }
        if (v instanceof Float) {
            return (float) Math.ceil((Float) v);
        }
        return v;
    }

    static Object floor(Object v) {
        if (v instanceof Double) {
            return Math.floor((Double) v);
        }
        if (v instanceof BigDecimal) {
            return ((BigDecimal) v).setScale(0, RoundingMode.FLOOR);
        }
        if (v instanceof Float) {
            return (float) Math.floor((Float) v);
        }
        return v;
    }

    static Object round(Object v) {
        if (v instanceof Double) {
            return Math.rint((Double) v);
        }
        if (v instanceof BigDecimal) {
            return ((BigDecimal) v).setScale(0, RoundingMode.HALF_UP);
        }
        if (v instanceof Float) {
            return (float) Math.rint((Float) v);
        }
        return v;
    }

    static Object trunc(Object v) {
        if (v instanceof Double) {
            return FloatMath.trunc((Double) v);
        }
        if (v instanceof BigDecimal) {
            return ((BigDecimal) v).setScale(0, RoundingMode.DOWN);
        }
        if (v instanceof Float) {
            return (float) FloatMath.trunc((Float) v);
        }
        return v;
    }

    static Object sign(Object v) {
        if (v instanceof Long) {
            return (long) Long.signum((Long) v);
        }
        if (v instanceof Double) {
            return FloatMath.sign((Double) v);
        }
        if (v instanceof BigDecimal) {
            return BigDecimal.valueOf(((BigDecimal) v).signum());
        }
        return (float) FloatMath.sign((Float) v);
    }

    /** {@code round(v, digits)}; integers are checked against {@code kind}. */
    static Object round(Object v, long digits, TypeKind kind) {
        return withDigits(v, digits, kind, true);
    }

    /** {@code trunc(v, digits)}; integers are checked against {@code kind}. */
    static Object trunc(Object v, long digits, TypeKind kind) {
        return withDigits(v, digits, kind, false);
    }

    private static Object withDigits(Object v, long digits, TypeKind kind, boolean round) {
        if (v instanceof BigDecimal) {
            return round ? DecimalMath.round((BigDecimal) v, digits) : DecimalMath.trunc((BigDecimal) v, digits);
        }
        int d = (int) Math.max(-2000, Math.min(2000, digits));
        if (v instanceof Long) {
            if (d >= 0) {
                return v;
            }
            BigDecimal r = BigDecimal.valueOf((Long) v).setScale(d, round ? RoundingMode.HALF_UP : RoundingMode.DOWN);
            if (r.compareTo(BigDecimal.valueOf(kind.minValue())) < 0 || r.compareTo(BigDecimal.valueOf(kind.maxValue())) > 0) {
                throw Errors.outOfRange(kind);
            }
            return r.longValue();
        }
        RoundingMode mode = round ? RoundingMode.HALF_EVEN : RoundingMode.DOWN;
        if (v instanceof Double) {
            double x = (Double) v;
            if (Double.isNaN(x) || Double.isInfinite(x) || x == 0.0) {
                return x;
            }
            return new BigDecimal(x).setScale(d, mode).doubleValue();
        }
        float x = (Float) v;
        if (Float.isNaN(x) || Float.isInfinite(x) || x == 0.0f) {
            return x;
        }
        return new BigDecimal(x).setScale(d, mode).floatValue();
    }
}
