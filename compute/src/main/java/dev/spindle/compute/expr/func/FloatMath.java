package dev.spindle.compute.expr.func;

import dev.spindle.common.error.ErrorCode;
import dev.spindle.common.error.SpindleException;

/**
 * DOUBLE and REAL arithmetic and the math functions, with PostgreSQL's checks ({@code float.c}):
 * a result that becomes infinite from finite operands is {@code value out of range: overflow}; a
 * product or quotient that becomes zero from non-zero operands is
 * {@code value out of range: underflow}; division by zero is an error (except NaN / 0 = NaN).
 * NaN and infinities otherwise flow through. REAL operations are carried out in single precision.
 * Stateless and thread-safe.
 */
final class FloatMath {
    /** PostgreSQL's RADIANS_PER_DEGREE. */
    private static final double RADIANS_PER_DEGREE = 0.0174532925199432957692;

    private FloatMath() {
    }

    // ------------------------------------------------------------ DOUBLE arithmetic

    static double add(double a, double b) {
        return checkOverflow(a + b, a, b);
    }

    static double subtract(double a, double b) {
        return checkOverflow(a - b, a, b);
    }

    static double multiply(double a, double b) {
        double r = checkOverflow(a * b, a, b);
        if (r == 0.0 && a != 0.0 && b != 0.0) {
            throw Errors.floatUnderflow();
        }
        return r;
    }

    static double divide(double a, double b) {
        if (b == 0.0 && !Double.isNaN(a)) {
            throw Errors.divisionByZero();
        }
        double r = a / b;
        if (Double.isInfinite(r) && !Double.isInfinite(a)) {
            throw Errors.floatOverflow();
        }
        if (r == 0.0 && a != 0.0 && !Double.isInfinite(b)) {
            throw Errors.floatUnderflow();
        }
        return r;
    }

    /** {@code a % b} with the sign of {@code a} (C's {@code fmod}); PostgreSQL has no float modulo. */
    static double remainder(double a, double b) {
        if (b == 0.0 && !Double.isNaN(a)) {
            throw Errors.divisionByZero();
        }
        return a % b;
    }

    private static double checkOverflow(double r, double a, double b) {
        if (Double.isInfinite(r) && !Double.isInfinite(a) && !Double.isInfinite(b)) {
            throw Errors.floatOverflow();
        }
        return r;
    }

    // ------------------------------------------------------------ REAL arithmetic

    static float add(float a, float b) {
        return checkOverflow(a + b, a, b);
    }

    static float subtract(float a, float b) {
        return checkOverflow(a - b, a, b);
    }

    static float multiply(float a, float b) {
        float r = checkOverflow(a * b, a, b);
        if (r == 0.0f && a != 0.0f && b != 0.0f) {
            throw Errors.floatUnderflow();
        }
        return r;
    }

    static float divide(float a, float b) {
        if (b == 0.0f && !Float.isNaN(a)) {
            throw Errors.divisionByZero();
        }
        float r = a / b;
        if (Float.isInfinite(r) && !Float.isInfinite(a)) {
            throw Errors.floatOverflow();
        }
        if (r == 0.0f && a != 0.0f && !Float.isInfinite(b)) {
            throw Errors.floatUnderflow();
        }
        return r;
    }

    static float remainder(float a, float b) {
        if (b == 0.0f && !Float.isNaN(a)) {
            throw Errors.divisionByZero();
        }
        return a % b;
    }

    private static float checkOverflow(float r, float a, float b) {
        if (Float.isInfinite(r) && !Float.isInfinite(a) && !Float.isInfinite(b)) {
            throw Errors.floatOverflow();
        }
        return r;
    }

    // ------------------------------------------------------------ rounding

    /** PostgreSQL's {@code dtrunc}: toward zero. */
    static double trunc(double a) {
        return a >= 0 ? Math.floor(a) : -Math.floor(-a);
    }

    /** PostgreSQL's {@code dsign}: -1, 0 or 1, and 0 for NaN. */
    static double sign(double a) {
        return a > 0 ? 1.0 : a < 0 ? -1.0 : 0.0;
    }

    // ------------------------------------------------------------ functions

    static double sqrt(double a) {
        if (a < 0) {
            throw new SpindleException(ErrorCode.SQRT_OF_NEGATIVE_0);
        }
        return Math.sqrt(a);
    }

    static double exp(double a) {
        double r = Math.exp(a);
        if (Double.isInfinite(r) && !Double.isInfinite(a)) {
            throw Errors.floatOverflow();
        }
        if (r == 0.0 && !Double.isInfinite(a)) {
            throw Errors.floatUnderflow();
        }
        return r;
    }

    static double ln(double a) {
        checkLogArgument(a);
        return Math.log(a);
    }

    static double log10(double a) {
        checkLogArgument(a);
        return Math.log10(a);
    }

    /** {@code log(base, x)}: the logarithm of {@code x} to {@code base}. */
    static double log(double base, double x) {
        checkLogArgument(base);
        checkLogArgument(x);
        double denominator = Math.log(base);
        if (denominator == 0.0) {
            throw Errors.divisionByZero();
        }
        return Math.log(x) / denominator;
    }

    private static void checkLogArgument(double a) {
        if (a == 0.0) {
            throw new SpindleException(ErrorCode.LOG_OF_ZERO_0);
        }
        if (a < 0) {
            throw new SpindleException(ErrorCode.LOG_OF_NEGATIVE_0);
        }
    }

    /** PostgreSQL's {@code dpow}, including its NaN and infinity rules (which are POSIX's). */
    static double power(double x, double y) {
        if (Double.isNaN(x)) {
            return Double.isNaN(y) || y != 0.0 ? Double.NaN : 1.0;
        }
        if (Double.isNaN(y)) {
            return x != 1.0 ? Double.NaN : 1.0;
        }
        if (x == 0.0 && y < 0.0) {
            throw new SpindleException(ErrorCode.ZERO_TO_NEGATIVE_POWER_0);
        }
        if (x < 0.0 && Math.floor(y) != y) {
            throw new SpindleException(ErrorCode.NEGATIVE_TO_FRACTIONAL_POWER_0);
        }
        if (Double.isInfinite(y)) {
            double ax = Math.abs(x);
            if (ax == 1.0) {
                return 1.0;
            }
            if (y > 0.0) {
                return ax > 1.0 ? y : 0.0;
            }
            return ax > 1.0 ? 0.0 : -y;
        }
        if (Double.isInfinite(x)) {
            if (y == 0.0) {
                return 1.0;
            }
            if (x > 0.0) {
                return y > 0.0 ? x : 0.0;
            }
            boolean oddInteger = Math.floor(y) == y && Math.floor(y / 2.0) != y / 2.0;
            if (y > 0.0) {
                return oddInteger ? x : -x;
            }
            return oddInteger ? -0.0 : 0.0;
        }
        double r = Math.pow(x, y);
        if (Double.isInfinite(r)) {
            throw Errors.floatOverflow();
        }
        if (r == 0.0 && x != 0.0) {
            throw Errors.floatUnderflow();
        }
        return r;
    }

    /** sin, cos and tan: NaN in, NaN out; an infinite argument is {@code input is out of range}. */
    static double sin(double a) {
        return Math.sin(checkTrigArgument(a));
    }

    static double cos(double a) {
        return Math.cos(checkTrigArgument(a));
    }

    static double tan(double a) {
        return Math.tan(checkTrigArgument(a));
    }

    private static double checkTrigArgument(double a) {
        if (Double.isInfinite(a)) {
            throw new SpindleException(ErrorCode.INPUT_OUT_OF_RANGE_0);
        }
        return a;
    }

    static double asin(double a) {
        return Math.asin(checkUnitInterval(a));
    }

    static double acos(double a) {
        return Math.acos(checkUnitInterval(a));
    }

    private static double checkUnitInterval(double a) {
        if (a < -1.0 || a > 1.0) {
            throw new SpindleException(ErrorCode.INPUT_OUT_OF_RANGE_0);
        }
        return a;
    }

    static double degrees(double a) {
        return divide(a, RADIANS_PER_DEGREE);
    }

    static double radians(double a) {
        return multiply(a, RADIANS_PER_DEGREE);
    }
}
