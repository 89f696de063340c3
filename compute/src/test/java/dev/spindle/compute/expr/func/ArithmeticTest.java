package dev.spindle.compute.expr.func;

import static dev.spindle.compute.expr.func.Exprs.DATE;
import static dev.spindle.compute.expr.func.Exprs.DEC;
import static dev.spindle.compute.expr.func.Exprs.DOUBLE;
import static dev.spindle.compute.expr.func.Exprs.INT2;
import static dev.spindle.compute.expr.func.Exprs.INT4;
import static dev.spindle.compute.expr.func.Exprs.INT8;
import static dev.spindle.compute.expr.func.Exprs.REAL;
import static dev.spindle.compute.expr.func.Exprs.assertFails;
import static dev.spindle.compute.expr.func.Exprs.bin;
import static dev.spindle.compute.expr.func.Exprs.col;
import static dev.spindle.compute.expr.func.Exprs.dec;
import static dev.spindle.compute.expr.func.Exprs.decimal;
import static dev.spindle.compute.expr.func.Exprs.eval;
import static dev.spindle.compute.expr.func.Exprs.lit;
import static dev.spindle.compute.expr.func.Exprs.nul;
import static dev.spindle.compute.expr.func.Exprs.text;
import static dev.spindle.compute.expr.func.Exprs.un;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.spindle.common.type.ColumnType;
import dev.spindle.common.type.TypeKind;
import dev.spindle.compute.expr.ScalarExpr;
import java.math.BigDecimal;
import java.time.LocalDate;
import org.junit.jupiter.api.Test;

/** + - * / % and unary minus, with the results PostgreSQL 15 gives. */
class ArithmeticTest {

    @Test
    void integerResultsAreCheckedAgainstTheResultType() {
        assertFails("22003", "integer out of range", bin(BinaryFunc.ADD, lit(Integer.MAX_VALUE), lit(1)));
        assertFails("22003", "smallint out of range", bin(BinaryFunc.ADD, lit(32767, INT2), lit(1, INT2)));
        assertFails("22003", "bigint out of range", bin(BinaryFunc.MUL, lit(Long.MAX_VALUE), lit(2L)));
        assertFails("22003", "bigint out of range", bin(BinaryFunc.SUB, lit(Long.MIN_VALUE), lit(1L)));
        assertFails("22003", "integer out of range", un(UnaryFunc.NEG, lit(Integer.MIN_VALUE)));
        assertFails("22003", "bigint out of range", un(UnaryFunc.NEG, lit(Long.MIN_VALUE)));
        assertEquals(-32767L, eval(un(UnaryFunc.NEG, lit(32767, INT2))));
        // smallint + integer is integer in PostgreSQL (int24pl), so no smallint overflow
        ScalarExpr mixed = bin(BinaryFunc.ADD, lit(32767, INT2), lit(1));
        assertEquals(TypeKind.INTEGER, mixed.type().kind());
        assertEquals(32768L, eval(mixed));
    }

    @Test
    void integerDivisionTruncatesTowardZero() {
        assertEquals(3L, eval(bin(BinaryFunc.DIV, lit(7), lit(2))));
        assertEquals(-3L, eval(bin(BinaryFunc.DIV, lit(-7), lit(2))));
        assertEquals(1L, eval(bin(BinaryFunc.MOD, lit(7), lit(-3))));
        assertEquals(-1L, eval(bin(BinaryFunc.MOD, lit(-7), lit(3))));
        assertEquals(0L, eval(bin(BinaryFunc.MOD, lit(Long.MIN_VALUE), lit(-1L))));
        assertFails("22003", "integer out of range", bin(BinaryFunc.DIV, lit(Integer.MIN_VALUE), lit(-1)));
        assertFails("22003", "bigint out of range", bin(BinaryFunc.DIV, lit(Long.MIN_VALUE), lit(-1L)));
    }

    @Test
    void divisionByZeroIsAnErrorForEveryNumericType() {
        assertFails("22012", "division by zero", bin(BinaryFunc.DIV, lit(1), lit(0)));
        assertFails("22012", "division by zero", bin(BinaryFunc.MOD, lit(1L), lit(0L)));
        assertFails("22012", "division by zero", bin(BinaryFunc.DIV, dec("1.5"), dec("0.00")));
        assertFails("22012", "division by zero", bin(BinaryFunc.MOD, dec("1.5"), dec("0")));
        assertFails("22012", "division by zero", bin(BinaryFunc.DIV, lit(1.0), lit(0.0)));
        assertFails("22012", "division by zero", bin(BinaryFunc.DIV, lit(1.0f), lit(-0.0f)));
        assertFails("22012", "division by zero", bin(BinaryFunc.MOD, lit(1.0), lit(0.0)));
        // PostgreSQL: 'NaN'::float8 / 0 = NaN
        assertEquals(Double.NaN, eval(bin(BinaryFunc.DIV, lit(Double.NaN), lit(0.0))));
    }

    @Test
    void nullPropagatesButBothOperandsAreEvaluated() {
        assertNull(eval(bin(BinaryFunc.ADD, nul(INT4), lit(1))));
        assertNull(eval(bin(BinaryFunc.DIV, col(0, INT4), lit(2)), (Object) null));
        // NULL + 1/0: the division is still evaluated (as PostgreSQL's strict functions do)
        assertFails("22012", null, bin(BinaryFunc.ADD, nul(INT4), bin(BinaryFunc.DIV, lit(1), lit(0))));
    }

    @Test
    void decimalIsExactAndDividesAtPostgresScale() {
        assertEquals(new BigDecimal("2.75"), eval(bin(BinaryFunc.ADD, dec("1.5"), dec("1.25"))));
        assertEquals(new BigDecimal("3.750"), eval(bin(BinaryFunc.MUL, dec("2.50"), dec("1.5"))));
        assertEquals(new BigDecimal("1.5"), eval(bin(BinaryFunc.MOD, dec("10.5"), dec("3"))));
        // select 1::numeric / 3  -> 0.33333333333333333333 (20 digits)
        assertEquals("0.33333333333333333333", text(bin(BinaryFunc.DIV, dec("1"), dec("3"))));
        // select 10::numeric / 4 -> 2.5000000000000000
        assertEquals("2.5000000000000000", text(bin(BinaryFunc.DIV, dec("10"), dec("4"))));
        // select 2::numeric / 3 -> 0.66666666666666666667 (rounded half away from zero)
        assertEquals("0.66666666666666666667", text(bin(BinaryFunc.DIV, dec("2"), dec("3"))));
        assertEquals("-0.66666666666666666667", text(bin(BinaryFunc.DIV, dec("-2"), dec("3"))));
        // select 0.001 / 3 -> 0.00033333333333333333
        assertEquals("0.00033333333333333333", text(bin(BinaryFunc.DIV, dec("0.001"), dec("3"))));
        // a large dividend needs no fraction digits: scale 0
        assertEquals("41152263004115226300411522630",
                text(bin(BinaryFunc.DIV, dec("123456789012345678901234567890"), dec("3"))));
        // never fewer digits than an operand's display scale, including a column's declared scale
        assertEquals("0.333333333333333333333333",
                text(bin(BinaryFunc.DIV, dec("1.000000000000000000000000"), dec("3"))));
        ScalarExpr typed = bin(BinaryFunc.DIV, col(0, decimal(30, 24)), dec("3"));
        assertEquals("0.333333333333333333333333", text(typed.eval(new Object[] {BigDecimal.ONE}), DEC));
        assertEquals(TypeKind.DECIMAL, typed.type().kind());
        assertEquals(ColumnType.UNSPECIFIED, typed.type().precision());
    }

    @Test
    void decimalResultTypesCarryPostgresDisplayScales() {
        ScalarExpr a = col(0, decimal(10, 2));
        ScalarExpr b = col(1, decimal(6, 3));
        assertEquals(3, bin(BinaryFunc.ADD, a, b).type().displayScale());
        assertEquals(3, bin(BinaryFunc.SUB, a, b).type().displayScale());
        assertEquals(3, bin(BinaryFunc.MOD, a, b).type().displayScale());
        assertEquals(5, bin(BinaryFunc.MUL, a, b).type().displayScale());
        assertEquals(0, bin(BinaryFunc.DIV, a, b).type().displayScale(), "a quotient's scale depends on its values");
        ScalarExpr sum = bin(BinaryFunc.ADD, a, a);
        assertEquals(ColumnType.UNSPECIFIED, sum.type().precision(), "unconstrained: the scale only shows");
        // 1.5 + 1.5 read back from rows (no trailing zeros) shows as PostgreSQL's 3.00
        assertEquals("3.00", text(sum.eval(new Object[] {new BigDecimal("1.5"), null}), sum.type()));
    }

    @Test
    void decimalOverflowsLikePostgres() {
        ScalarExpr huge = bin(BinaryFunc.MUL, dec("1e100000"), dec("1e100000"));
        assertFails("22003", "value overflows numeric format", huge);
    }

    @Test
    void floatOverflowAndUnderflowAreErrors() {
        assertFails("22003", "value out of range: overflow", bin(BinaryFunc.MUL, lit(1e308), lit(10.0)));
        assertFails("22003", "value out of range: overflow", bin(BinaryFunc.ADD, lit(Double.MAX_VALUE), lit(Double.MAX_VALUE)));
        assertFails("22003", "value out of range: underflow", bin(BinaryFunc.MUL, lit(1e-308), lit(1e-308)));
        assertFails("22003", "value out of range: underflow", bin(BinaryFunc.DIV, lit(1e-308), lit(1e308)));
        assertFails("22003", "value out of range: overflow", bin(BinaryFunc.MUL, lit(3e38f), lit(10f)));
        assertFails("22003", "value out of range: underflow", bin(BinaryFunc.MUL, lit(1e-30f), lit(1e-30f)));
        // infinities given as input are not overflows
        assertEquals(Double.POSITIVE_INFINITY, eval(bin(BinaryFunc.ADD, lit(Double.POSITIVE_INFINITY), lit(1.0))));
        assertEquals(0.0, eval(bin(BinaryFunc.DIV, lit(1.0), lit(Double.POSITIVE_INFINITY))));
        assertEquals(0.75, eval(bin(BinaryFunc.MOD, lit(3.75), lit(1.5))));
        assertEquals(0.1f + 0.2f, eval(bin(BinaryFunc.ADD, lit(0.1f), lit(0.2f))));
        assertEquals(REAL, bin(BinaryFunc.ADD, lit(0.1f), lit(0.2f)).type().withNullable(true));
    }

    @Test
    void dateArithmetic() {
        LocalDate d = LocalDate.of(2024, 2, 28);
        assertEquals(LocalDate.of(2024, 2, 29), eval(bin(BinaryFunc.ADD, lit(d), lit(1))));
        assertEquals(LocalDate.of(2024, 3, 1), eval(bin(BinaryFunc.ADD, lit(2), lit(d))));
        assertEquals(LocalDate.of(2023, 2, 28), eval(bin(BinaryFunc.SUB, lit(d), lit(365))));
        ScalarExpr days = bin(BinaryFunc.SUB, lit(LocalDate.of(2024, 3, 1)), lit(d));
        assertEquals(TypeKind.INTEGER, days.type().kind());
        assertEquals(2L, eval(days));
        assertEquals(DATE.withNullable(false), bin(BinaryFunc.SUB, lit(d), lit(1)).type());
        assertFails("22008", "date out of range", bin(BinaryFunc.ADD, lit(LocalDate.of(5874897, 12, 31)), lit(1)));
        assertFails("22008", "date out of range", bin(BinaryFunc.ADD, lit(d), lit(Long.MAX_VALUE)));
        assertFails("22008", "date out of range", bin(BinaryFunc.SUB, lit(d), lit(Long.MIN_VALUE)));
    }

    @Test
    void illTypedArithmeticIsRefusedWhenBuilt() {
        assertThrows(IllegalArgumentException.class, () -> bin(BinaryFunc.ADD, lit(1), lit(1.0)));
        assertThrows(IllegalArgumentException.class, () -> bin(BinaryFunc.ADD, lit(1.0f), lit(1.0)));
        assertThrows(IllegalArgumentException.class, () -> bin(BinaryFunc.ADD, dec("1"), lit(1)));
        assertThrows(IllegalArgumentException.class, () -> bin(BinaryFunc.MUL, lit(LocalDate.of(2024, 1, 1)), lit(2)));
        assertThrows(IllegalArgumentException.class, () -> bin(BinaryFunc.ADD, lit(LocalDate.of(2024, 1, 1)), lit(LocalDate.of(2024, 1, 1))));
        assertThrows(IllegalArgumentException.class, () -> bin(BinaryFunc.SUB, lit(1), lit(LocalDate.of(2024, 1, 1))));
        assertThrows(IllegalArgumentException.class, () -> bin(BinaryFunc.ADD, lit("1"), lit("2")));
        assertThrows(IllegalArgumentException.class, () -> un(UnaryFunc.NEG, lit(true)));
        assertEquals(DOUBLE.withNullable(false), bin(BinaryFunc.ADD, lit(1.0), lit(2.0)).type());
        assertEquals(INT8, bin(BinaryFunc.ADD, col(0, INT4), lit(2L)).type());
    }
}
