package dev.spindle.compute.expr.func;

import static dev.spindle.compute.expr.func.Exprs.lit;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.spindle.common.error.SpindleException;
import dev.spindle.common.type.ColumnType;
import dev.spindle.common.type.TypeKind;
import dev.spindle.compute.expr.ScalarExpr;
import java.math.BigInteger;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.Tuple.Tuple3;

/**
 * Integer arithmetic against a {@link BigInteger} oracle: the result is the exact one, and
 * {@code <type> out of range} is raised exactly when the exact result leaves the type's range.
 */
class IntegerArithmeticProperties {

    @Provide
    Arbitrary<Tuple3<TypeKind, Long, Long>> operands() {
        return Arbitraries.of(TypeKind.SMALLINT, TypeKind.INTEGER, TypeKind.BIGINT)
                .flatMap(kind -> Combinators.combine(values(kind), values(kind)).as((a, b) -> Tuple.of(kind, a, b)));
    }

    private static Arbitrary<Long> values(TypeKind kind) {
        long min = kind.minValue();
        long max = kind.maxValue();
        return Arbitraries.oneOf(
                Arbitraries.longs().between(min, max),
                Arbitraries.longs().between(-20, 20),
                Arbitraries.of(min, max, min + 1, max - 1, -1L, 0L, 1L, 2L, -2L, (long) Math.sqrt((double) max),
                        -(long) Math.sqrt((double) max), max / 2, min / 2, max / 2 + 1));
    }

    @Property(tries = 800)
    void binaryOperatorsMatchTheOracle(@ForAll("operands") Tuple3<TypeKind, Long, Long> t) {
        ColumnType type = ColumnType.of(t.get1());
        BigInteger a = BigInteger.valueOf(t.get2());
        BigInteger b = BigInteger.valueOf(t.get3());
        check(BinaryFunc.ADD, t, a.add(b));
        check(BinaryFunc.SUB, t, a.subtract(b));
        check(BinaryFunc.MUL, t, a.multiply(b));
        check(BinaryFunc.DIV, t, b.signum() == 0 ? null : a.divide(b)); // BigInteger truncates toward zero
        check(BinaryFunc.MOD, t, b.signum() == 0 ? null : a.remainder(b)); // sign of the dividend
        assertEquals(type.withNullable(false), ScalarExpr.call(BinaryFunc.ADD, lit(t.get2(), type), lit(t.get3(), type)).type());
    }

    @Property(tries = 300)
    void unaryOperatorsMatchTheOracle(@ForAll("operands") Tuple3<TypeKind, Long, Long> t) {
        ScalarExpr x = lit(t.get2(), ColumnType.of(t.get1()));
        BigInteger a = BigInteger.valueOf(t.get2());
        expect(t.get1(), ScalarExpr.call(UnaryFunc.NEG, x), a.negate());
        expect(t.get1(), ScalarExpr.call(UnaryFunc.ABS, x), a.abs());
    }

    private static void check(BinaryFunc f, Tuple3<TypeKind, Long, Long> t, BigInteger exact) {
        ColumnType type = ColumnType.of(t.get1());
        ScalarExpr e = ScalarExpr.call(f, lit(t.get2(), type), lit(t.get3(), type));
        if (exact == null) {
            SpindleException ex = assertThrows(SpindleException.class, () -> e.eval(new Object[0]), e::toString);
            assertEquals("22012", ex.sqlState());
        } else {
            expect(t.get1(), e, exact);
        }
    }

    private static void expect(TypeKind kind, ScalarExpr e, BigInteger exact) {
        boolean inRange = exact.compareTo(BigInteger.valueOf(kind.minValue())) >= 0
                && exact.compareTo(BigInteger.valueOf(kind.maxValue())) <= 0;
        if (inRange) {
            assertEquals(exact.longValueExact(), e.eval(new Object[0]), e::toString);
        } else {
            SpindleException ex = assertThrows(SpindleException.class, () -> e.eval(new Object[0]), e::toString);
            assertEquals("22003", ex.sqlState());
            assertEquals(Errors.pgName(kind) + " out of range", ex.getMessage());
        }
    }
}
