package dev.spindle.compute.expr.func;

import static dev.spindle.compute.expr.func.Exprs.DOUBLE;
import static dev.spindle.compute.expr.func.Exprs.INT2;
import static dev.spindle.compute.expr.func.Exprs.assertFails;
import static dev.spindle.compute.expr.func.Exprs.bin;
import static dev.spindle.compute.expr.func.Exprs.dec;
import static dev.spindle.compute.expr.func.Exprs.eval;
import static dev.spindle.compute.expr.func.Exprs.lit;
import static dev.spindle.compute.expr.func.Exprs.text;
import static dev.spindle.compute.expr.func.Exprs.un;
import static dev.spindle.compute.expr.func.Exprs.var;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.math.BigDecimal;
import org.junit.jupiter.api.Test;

/** The math functions, with the results PostgreSQL 15 gives. */
class MathFunctionsTest {

    @Test
    void absOverflowsOnTheMinimumValue() {
        assertEquals(5L, eval(un(UnaryFunc.ABS, lit(-5))));
        assertEquals(new BigDecimal("1.50"), eval(un(UnaryFunc.ABS, dec("-1.50"))));
        assertEquals(2.5, eval(un(UnaryFunc.ABS, lit(-2.5))));
        assertFails("22003", "integer out of range", un(UnaryFunc.ABS, lit(Integer.MIN_VALUE)));
        assertFails("22003", "smallint out of range", un(UnaryFunc.ABS, lit(-32768, INT2)));
        assertFails("22003", "bigint out of range", un(UnaryFunc.ABS, lit(Long.MIN_VALUE)));
    }

    @Test
    void ceilFloorRoundTrunc() {
        assertEquals(new BigDecimal("-1"), eval(un(UnaryFunc.CEIL, dec("-1.5"))));
        assertEquals(new BigDecimal("-2"), eval(un(UnaryFunc.FLOOR, dec("-1.5"))));
        assertEquals(-1.0, eval(un(UnaryFunc.CEIL, lit(-1.5))));
        assertEquals(-2.0, eval(un(UnaryFunc.FLOOR, lit(-1.5))));
        // numeric rounds half away from zero, float8 half to even (rint)
        assertEquals(new BigDecimal("3"), eval(un(UnaryFunc.ROUND, dec("2.5"))));
        assertEquals(new BigDecimal("-3"), eval(un(UnaryFunc.ROUND, dec("-2.5"))));
        assertEquals(2.0, eval(un(UnaryFunc.ROUND, lit(2.5))));
        assertEquals(4.0, eval(un(UnaryFunc.ROUND, lit(3.5))));
        assertEquals(2.0f, eval(un(UnaryFunc.ROUND, lit(2.5f))));
        assertEquals("-0", text(un(UnaryFunc.ROUND, lit(-0.5)))); // PostgreSQL prints -0
        assertEquals(-1.0, eval(un(UnaryFunc.TRUNC, lit(-1.7))));
        assertEquals(new BigDecimal("-1"), eval(un(UnaryFunc.TRUNC, dec("-1.7"))));
        assertEquals(7L, eval(un(UnaryFunc.ROUND, lit(7))));
    }

    @Test
    void roundAndTruncToDigits() {
        assertEquals("1234.57", text(bin(BinaryFunc.ROUND, dec("1234.5678"), lit(2))));
        assertEquals("1200", text(bin(BinaryFunc.ROUND, dec("1234.5678"), lit(-2))));
        assertEquals("1234.56", text(bin(BinaryFunc.TRUNC, dec("1234.5678"), lit(2))));
        assertEquals("1.50", text(bin(BinaryFunc.ROUND, dec("1.5"), lit(2)))); // scale 2 is kept
    }

    @Test
    void roundIntegerToTens() {
        assertEquals(1300L, eval(bin(BinaryFunc.ROUND, lit(1250), lit(-2))));
        assertEquals(1200L, eval(bin(BinaryFunc.TRUNC, lit(1299), lit(-2))));
        assertEquals(1299L, eval(bin(BinaryFunc.ROUND, lit(1299), lit(1))));
        assertFails("22003", "smallint out of range", bin(BinaryFunc.ROUND, lit(32767, INT2), lit(-1)));
        assertEquals(1.23, eval(bin(BinaryFunc.ROUND, lit(1.234), lit(2))));
        // the exact binary value of 2.675 is below 2.675
        assertEquals(2.67, eval(bin(BinaryFunc.ROUND, lit(2.675), lit(2))));
        assertEquals(1.2, eval(bin(BinaryFunc.TRUNC, lit(1.29), lit(1))));
        assertEquals(Double.POSITIVE_INFINITY, eval(bin(BinaryFunc.ROUND, lit(Double.POSITIVE_INFINITY), lit(2))));
    }

    @Test
    void sign() {
        assertEquals(new BigDecimal("-1"), eval(un(UnaryFunc.SIGN, dec("-3.5"))));
        assertEquals(0.0, eval(un(UnaryFunc.SIGN, lit(0.0))));
        assertEquals(0.0, eval(un(UnaryFunc.SIGN, lit(Double.NaN)))); // PostgreSQL's dsign
        assertEquals(1L, eval(un(UnaryFunc.SIGN, lit(42))));
    }

    @Test
    void rootsExponentsLogarithms() {
        assertEquals(1.4142135623730951, eval(un(UnaryFunc.SQRT, lit(2.0))));
        assertFails("2201F", "cannot take square root of a negative number", un(UnaryFunc.SQRT, lit(-1.0)));
        assertEquals(3.0, eval(un(UnaryFunc.CBRT, lit(27.0))));
        assertEquals(-3.0, eval(un(UnaryFunc.CBRT, lit(-27.0))));
        assertEquals(2.718281828459045, eval(un(UnaryFunc.EXP, lit(1.0))));
        assertFails("22003", "value out of range: overflow", un(UnaryFunc.EXP, lit(1000.0)));
        assertFails("22003", "value out of range: underflow", un(UnaryFunc.EXP, lit(-1000.0)));
        assertEquals(0.0, eval(un(UnaryFunc.EXP, lit(Double.NEGATIVE_INFINITY))));
        assertEquals(1.0, eval(un(UnaryFunc.LN, lit(Math.E))));
        assertFails("2201E", "cannot take logarithm of zero", un(UnaryFunc.LN, lit(0.0)));
        assertFails("2201E", "cannot take logarithm of a negative number", un(UnaryFunc.LN, lit(-1.0)));
        assertEquals(3.0, eval(un(UnaryFunc.LOG10, lit(1000.0))));
        assertFails("2201E", "cannot take logarithm of zero", un(UnaryFunc.LOG10, lit(0.0)));
        assertEquals(3.0, eval(bin(BinaryFunc.LOG, lit(2.0), lit(8.0))));
        assertFails("2201E", null, bin(BinaryFunc.LOG, lit(-2.0), lit(8.0)));
        assertFails("22012", "division by zero", bin(BinaryFunc.LOG, lit(1.0), lit(8.0)));
    }

    @Test
    void power() {
        assertEquals(1024.0, eval(bin(BinaryFunc.POWER, lit(2.0), lit(10.0))));
        assertEquals(0.5, eval(bin(BinaryFunc.POWER, lit(2.0), lit(-1.0))));
        assertEquals(-8.0, eval(bin(BinaryFunc.POWER, lit(-2.0), lit(3.0))));
        assertFails("2201F", "zero raised to a negative power is undefined", bin(BinaryFunc.POWER, lit(0.0), lit(-1.0)));
        assertFails("2201F", "a negative number raised to a non-integer power yields a complex result",
                bin(BinaryFunc.POWER, lit(-8.0), lit(1.0 / 3)));
        // POSIX (and PostgreSQL): 1 ^ NaN = 1, NaN ^ 0 = 1
        assertEquals(1.0, eval(bin(BinaryFunc.POWER, lit(1.0), lit(Double.NaN))));
        assertEquals(1.0, eval(bin(BinaryFunc.POWER, lit(Double.NaN), lit(0.0))));
        assertEquals(1.0, eval(bin(BinaryFunc.POWER, lit(-1.0), lit(Double.POSITIVE_INFINITY))));
        assertEquals(Double.NEGATIVE_INFINITY, eval(bin(BinaryFunc.POWER, lit(Double.NEGATIVE_INFINITY), lit(3.0))));
        assertFails("22003", "value out of range: overflow", bin(BinaryFunc.POWER, lit(10.0), lit(400.0)));
        assertFails("22003", "value out of range: underflow", bin(BinaryFunc.POWER, lit(10.0), lit(-400.0)));
    }

    @Test
    void trigonometry() {
        assertEquals(3.141592653589793, eval(var(VariadicFunc.PI)));
        assertEquals(180.0, eval(un(UnaryFunc.DEGREES, var(VariadicFunc.PI))));
        assertEquals(Math.PI, eval(un(UnaryFunc.RADIANS, lit(180.0))));
        assertEquals(0.7853981633974483, eval(bin(BinaryFunc.ATAN2, lit(1.0), lit(1.0))));
        assertEquals(0.0, eval(un(UnaryFunc.SIN, lit(0.0))));
        assertEquals(1.0, eval(un(UnaryFunc.COS, lit(0.0))));
        assertEquals(Math.PI / 2, eval(un(UnaryFunc.ASIN, lit(1.0))));
        assertEquals(Double.NaN, eval(un(UnaryFunc.SIN, lit(Double.NaN))));
        assertFails("22003", "input is out of range", un(UnaryFunc.SIN, lit(Double.POSITIVE_INFINITY)));
        assertFails("22003", "input is out of range", un(UnaryFunc.TAN, lit(Double.NEGATIVE_INFINITY)));
        assertFails("22003", "input is out of range", un(UnaryFunc.ASIN, lit(2.0)));
        assertFails("22003", "input is out of range", un(UnaryFunc.ACOS, lit(-1.5)));
    }

    @Test
    void mathFunctionsTakeDouble() {
        assertThrows(IllegalArgumentException.class, () -> un(UnaryFunc.SQRT, lit(4)));
        assertThrows(IllegalArgumentException.class, () -> un(UnaryFunc.SQRT, dec("4")));
        assertThrows(IllegalArgumentException.class, () -> bin(BinaryFunc.POWER, lit(2.0), lit(2)));
        assertThrows(IllegalArgumentException.class, () -> bin(BinaryFunc.ROUND, lit(2.0), lit(2.0)));
        assertThrows(IllegalArgumentException.class, () -> var(VariadicFunc.PI, lit(1.0)));
        assertEquals(DOUBLE.withNullable(false), var(VariadicFunc.PI).type());
    }
}
