package dev.spindle.compute.expr.func;

import static dev.spindle.compute.expr.func.Exprs.lit;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spindle.common.error.SpindleException;
import dev.spindle.common.type.ColumnType;
import dev.spindle.common.type.TypeKind;
import dev.spindle.compute.expr.ScalarExpr;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.math.RoundingMode;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/** DECIMAL arithmetic against {@link BigDecimal}: exact + - * %, and division as PostgreSQL rounds it. */
class DecimalArithmeticProperties {
    private static final ColumnType DEC = ColumnType.of(TypeKind.DECIMAL);

    @Provide
    Arbitrary<BigDecimal> decimals() {
        Arbitrary<BigDecimal> random = Combinators.combine(
                        Arbitraries.bigIntegers().between(BigInteger.TEN.pow(25).negate(), BigInteger.TEN.pow(25)),
                        Arbitraries.integers().between(-10, 30))
                .as(BigDecimal::new);
        Arbitrary<BigDecimal> small = Combinators.combine(
                        Arbitraries.integers().between(-1000, 1000), Arbitraries.integers().between(0, 3))
                .as((u, s) -> BigDecimal.valueOf(u, s));
        return Arbitraries.oneOf(random, small, Arbitraries.of(BigDecimal.ZERO, BigDecimal.ONE, new BigDecimal("-1"),
                new BigDecimal("0.0001"), new BigDecimal("9999"), new BigDecimal("10000"), new BigDecimal("3")));
    }

    @Property(tries = 500)
    void addSubtractMultiplyAreExact(@ForAll("decimals") BigDecimal a, @ForAll("decimals") BigDecimal b) {
        assertEquals(a.add(b), eval(BinaryFunc.ADD, a, b));
        assertEquals(a.subtract(b), eval(BinaryFunc.SUB, a, b));
        assertEquals(0, a.multiply(b).compareTo(eval(BinaryFunc.MUL, a, b)));
        if (b.signum() == 0) {
            assertDivisionByZero(BinaryFunc.MOD, a, b);
        } else {
            assertEquals(a.remainder(b), eval(BinaryFunc.MOD, a, b));
        }
    }

    @Property(tries = 500)
    void divisionRoundsTheExactQuotientHalfAwayFromZero(@ForAll("decimals") BigDecimal a, @ForAll("decimals") BigDecimal b) {
        if (b.signum() == 0) {
            assertDivisionByZero(BinaryFunc.DIV, a, b);
            return;
        }
        BigDecimal q = eval(BinaryFunc.DIV, a, b);
        // at least the operands' display scales, at most 1000
        assertTrue(q.scale() >= Math.max(0, Math.max(a.scale(), b.scale())), () -> a + " / " + b + " = " + q);
        assertTrue(q.scale() <= 1000);
        // at least 16 significant digits (PostgreSQL's NUMERIC_MIN_SIG_DIGITS)
        assertTrue(q.signum() == 0 || q.precision() >= 16, () -> a + " / " + b + " = " + q);
        // the exact quotient, rounded half away from zero at that scale
        BigDecimal exact = a.divide(b, new MathContext(q.precision() + 40, RoundingMode.DOWN));
        assertEquals(exact.setScale(q.scale(), RoundingMode.HALF_UP), q, () -> a + " / " + b);
    }

    private static BigDecimal eval(BinaryFunc f, BigDecimal a, BigDecimal b) {
        return (BigDecimal) ScalarExpr.call(f, lit(a, DEC), lit(b, DEC)).eval(new Object[0]);
    }

    private static void assertDivisionByZero(BinaryFunc f, BigDecimal a, BigDecimal b) {
        ScalarExpr e = ScalarExpr.call(f, lit(a, DEC), lit(b, DEC));
        assertEquals("22012", assertThrows(SpindleException.class, () -> e.eval(new Object[0])).sqlState());
    }
}
