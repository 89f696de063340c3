package dev.spindle.compute.expr.func;

import static dev.spindle.compute.expr.func.Exprs.BOOL;
import static dev.spindle.compute.expr.func.Exprs.DOUBLE;
import static dev.spindle.compute.expr.func.Exprs.INT2;
import static dev.spindle.compute.expr.func.Exprs.INT4;
import static dev.spindle.compute.expr.func.Exprs.INT8;
import static dev.spindle.compute.expr.func.Exprs.TEXT;
import static dev.spindle.compute.expr.func.Exprs.assertFails;
import static dev.spindle.compute.expr.func.Exprs.bin;
import static dev.spindle.compute.expr.func.Exprs.col;
import static dev.spindle.compute.expr.func.Exprs.eval;
import static dev.spindle.compute.expr.func.Exprs.fixedChar;
import static dev.spindle.compute.expr.func.Exprs.lit;
import static dev.spindle.compute.expr.func.Exprs.nul;
import static dev.spindle.compute.expr.func.Exprs.un;
import static dev.spindle.compute.expr.func.Exprs.var;
import static dev.spindle.compute.expr.func.Exprs.varchar;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.spindle.common.type.ColumnType;
import dev.spindle.common.type.TypeKind;
import dev.spindle.compute.expr.ScalarExpr;
import java.time.LocalDate;
import org.junit.jupiter.api.Test;

/** Three-valued logic, comparisons, CASE, COALESCE, NULLIF, GREATEST, LEAST, IN. */
class LogicAndComparisonTest {
    private static final ScalarExpr T = lit(true);
    private static final ScalarExpr F = lit(false);
    private static final ScalarExpr N = nul(BOOL);
    /** 1/0 = 1: fails with division by zero. */
    private static final ScalarExpr BOOM = bin(BinaryFunc.EQ, bin(BinaryFunc.DIV, lit(1), lit(0)), lit(1));

    @Test
    void andOrNotFollowKleeneLogic() {
        assertEquals(false, eval(ScalarExpr.and(T, F)));
        assertNull(eval(ScalarExpr.and(T, N)));
        assertEquals(false, eval(ScalarExpr.and(N, F)));
        assertEquals(true, eval(ScalarExpr.or(N, T)));
        assertNull(eval(ScalarExpr.or(F, N)));
        assertNull(eval(ScalarExpr.not(N)));
        assertEquals(true, eval(ScalarExpr.and()));
        assertEquals(false, eval(ScalarExpr.or()));
        assertEquals(true, eval(ScalarExpr.and(T, T, T)));
    }

    @Test
    void andOrShortCircuitAndDeferErrors() {
        assertEquals(false, eval(ScalarExpr.and(F, BOOM)));
        assertEquals(true, eval(ScalarExpr.or(T, BOOM)));
        // an error is remembered, not raised, while a later argument can still decide
        assertEquals(false, eval(ScalarExpr.and(BOOM, F)));
        assertEquals(true, eval(ScalarExpr.or(BOOM, T)));
        assertFails("22012", "division by zero", ScalarExpr.and(T, BOOM));
        assertFails("22012", "division by zero", ScalarExpr.and(BOOM, N));
        assertFails("22012", "division by zero", ScalarExpr.or(F, BOOM));
    }

    @Test
    void isTests() {
        assertEquals(true, eval(un(UnaryFunc.IS_NULL, nul(INT4))));
        assertEquals(false, eval(un(UnaryFunc.IS_NOT_NULL, nul(INT4))));
        assertEquals(false, eval(un(UnaryFunc.IS_TRUE, N)));
        assertEquals(true, eval(un(UnaryFunc.IS_NOT_TRUE, N)));
        assertEquals(true, eval(un(UnaryFunc.IS_FALSE, F)));
        assertEquals(true, eval(un(UnaryFunc.IS_NOT_FALSE, N)));
        assertEquals(true, eval(un(UnaryFunc.IS_UNKNOWN, N)));
        assertEquals(false, eval(un(UnaryFunc.IS_NOT_UNKNOWN, N)));
        assertEquals(BOOL.withNullable(false), un(UnaryFunc.IS_TRUE, col(0, BOOL)).type());
        assertThrows(IllegalArgumentException.class, () -> un(UnaryFunc.IS_TRUE, lit(1)));
    }

    @Test
    void comparisonsPropagateNull() {
        assertEquals(true, eval(bin(BinaryFunc.LT, lit(1), lit(2))));
        assertEquals(true, eval(bin(BinaryFunc.GE, lit(2), lit(2, INT2))));
        assertEquals(true, eval(bin(BinaryFunc.NE, lit(1L), lit(2))));
        assertNull(eval(bin(BinaryFunc.EQ, lit(1), nul(INT4))));
        assertNull(eval(bin(BinaryFunc.EQ, nul(INT4), nul(INT4))));
        assertEquals(false, eval(bin(BinaryFunc.IS_DISTINCT_FROM, nul(INT4), nul(INT4))));
        assertEquals(true, eval(bin(BinaryFunc.IS_DISTINCT_FROM, lit(1), nul(INT4))));
        assertEquals(true, eval(bin(BinaryFunc.IS_NOT_DISTINCT_FROM, lit(1), lit(1L))));
        assertEquals(BOOL.withNullable(false), bin(BinaryFunc.IS_DISTINCT_FROM, col(0, INT4), col(1, INT4)).type());
    }

    @Test
    void floatsCompareAsPostgresDoes() {
        assertEquals(true, eval(bin(BinaryFunc.EQ, lit(Double.NaN), lit(Double.NaN))));
        assertEquals(true, eval(bin(BinaryFunc.GT, lit(Double.NaN), lit(Double.POSITIVE_INFINITY))));
        assertEquals(true, eval(bin(BinaryFunc.EQ, lit(-0.0), lit(0.0))));
        assertEquals(true, eval(bin(BinaryFunc.EQ, lit(-0.0f), lit(0.0f))));
    }

    @Test
    void stringsCompareByCodePoint() {
        assertEquals(true, eval(bin(BinaryFunc.LT, lit("Z"), lit("a")))); // C collation
        assertEquals(true, eval(bin(BinaryFunc.LT, lit("\uFFFF"), lit("\uD83D\uDE00")))); // U+FFFF < U+1F600
        assertEquals(true, eval(bin(BinaryFunc.LT, lit("ab"), lit("abc"))));
        // character(n) compares without its padding, against character and text alike
        assertEquals(true, eval(bin(BinaryFunc.EQ, lit("ab", fixedChar(4)), lit("ab", fixedChar(2)))));
        assertEquals(true, eval(bin(BinaryFunc.EQ, lit("ab", fixedChar(4)), lit("ab"))));
        assertEquals(false, eval(bin(BinaryFunc.EQ, lit("ab ", varchar(5)), lit("ab"))));
        assertEquals(true, eval(bin(BinaryFunc.LT, lit("a", fixedChar(3)), lit("a\u0001", fixedChar(3)))));
    }

    @Test
    void comparisonsNeedComparableTypes() {
        assertThrows(IllegalArgumentException.class, () -> bin(BinaryFunc.EQ, lit(1), lit("1")));
        assertThrows(IllegalArgumentException.class, () -> bin(BinaryFunc.EQ, lit(1), lit(1.0)));
        assertThrows(IllegalArgumentException.class, () -> bin(BinaryFunc.EQ, lit(1.0f), lit(1.0)));
        assertThrows(IllegalArgumentException.class, () -> bin(BinaryFunc.LT, lit(LocalDate.of(2024, 1, 1)), lit("2024-01-01")));
        assertEquals(BOOL.withNullable(false), bin(BinaryFunc.EQ, lit("a", varchar(3)), lit("a", fixedChar(2))).type());
    }

    @Test
    void caseEvaluatesOnlyTheChosenBranch() {
        assertEquals(2L, eval(ScalarExpr.ifThen(N, lit(1), lit(2))));
        assertEquals(1L, eval(ScalarExpr.ifThen(T, lit(1), bin(BinaryFunc.DIV, lit(1), lit(0)))));
        assertFails("22012", null, ScalarExpr.ifThen(F, lit(1), bin(BinaryFunc.DIV, lit(1), lit(0))));
        ScalarExpr widened = ScalarExpr.ifThen(col(0, BOOL), lit(1, INT2), lit(5L));
        assertEquals(INT8.withNullable(false), widened.type());
        assertEquals(INT4, ScalarExpr.ifThen(T, lit(1), nul(INT4)).type());
        assertThrows(IllegalArgumentException.class, () -> ScalarExpr.ifThen(lit(1), lit(1), lit(2)));
        assertThrows(IllegalArgumentException.class, () -> ScalarExpr.ifThen(T, lit(1), lit("2")));
        assertThrows(IllegalArgumentException.class, () -> ScalarExpr.ifThen(T, lit("a", fixedChar(1)), lit("b")));
    }

    @Test
    void coalesceNullifGreatestLeast() {
        assertEquals(2L, eval(var(VariadicFunc.COALESCE, nul(INT4), lit(2), bin(BinaryFunc.DIV, lit(1), lit(0)))));
        assertNull(eval(var(VariadicFunc.COALESCE, nul(INT4), nul(INT4))));
        assertEquals(INT4.withNullable(false), var(VariadicFunc.COALESCE, col(0, INT4), lit(0)).type());
        assertEquals(INT4, var(VariadicFunc.COALESCE, col(0, INT4), col(1, INT4)).type());
        assertNull(eval(bin(BinaryFunc.NULLIF, lit(1), lit(1))));
        assertEquals(1L, eval(bin(BinaryFunc.NULLIF, lit(1), lit(2))));
        assertEquals(1L, eval(bin(BinaryFunc.NULLIF, lit(1), nul(INT4))));
        assertNull(eval(bin(BinaryFunc.NULLIF, nul(INT4), lit(1))));
        assertEquals(true, bin(BinaryFunc.NULLIF, lit(1), lit(2)).type().nullable());
        assertEquals(3L, eval(var(VariadicFunc.GREATEST, lit(1), nul(INT4), lit(3))));
        assertEquals(1L, eval(var(VariadicFunc.LEAST, nul(INT4), lit(1), lit(3))));
        assertNull(eval(var(VariadicFunc.LEAST, nul(INT4), nul(INT4))));
        assertEquals("b", eval(var(VariadicFunc.GREATEST, lit("a"), lit("b", varchar(3)))));
        assertEquals(Double.NaN, eval(var(VariadicFunc.GREATEST, lit(1.0), lit(Double.NaN))));
        assertEquals(ColumnType.of(TypeKind.TEXT).withNullable(false),
                var(VariadicFunc.GREATEST, lit("a"), lit("b", varchar(3))).type());
        assertEquals(DOUBLE.withNullable(false), var(VariadicFunc.LEAST, lit(1.0), col(0, DOUBLE)).type());
    }

    @Test
    void inListHasNullSemantics() {
        assertEquals(true, eval(var(VariadicFunc.IN, lit(1), lit(1), nul(INT4))));
        assertNull(eval(var(VariadicFunc.IN, lit(2), lit(1), nul(INT4))));
        assertEquals(false, eval(var(VariadicFunc.IN, lit(2), lit(1), lit(3))));
        assertNull(eval(var(VariadicFunc.IN, nul(INT4), lit(1))));
        assertEquals(true, eval(var(VariadicFunc.IN, lit("ab", fixedChar(3)), lit("x"), lit("ab"))));
        assertEquals(true, eval(var(VariadicFunc.IN, lit(1), bin(BinaryFunc.DIV, lit(1), lit(0)), lit(1))));
        assertFails("22012", null, var(VariadicFunc.IN, lit(2), bin(BinaryFunc.DIV, lit(1), lit(0)), lit(1)));
        assertThrows(IllegalArgumentException.class, () -> var(VariadicFunc.IN, lit(1)));
        assertThrows(IllegalArgumentException.class, () -> var(VariadicFunc.IN, lit(1), lit("1")));
        assertEquals("(#0 IN (1, 2))", var(VariadicFunc.IN, col(0, INT4), lit(1), lit(2)).toString());
        assertEquals(TEXT, col(0, TEXT).type());
    }
}
