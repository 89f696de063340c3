package dev.spindle.compute.expr;

import static dev.spindle.compute.expr.func.Exprs.BOOL;
import static dev.spindle.compute.expr.func.Exprs.INT2;
import static dev.spindle.compute.expr.func.Exprs.INT4;
import static dev.spindle.compute.expr.func.Exprs.TEXT;
import static dev.spindle.compute.expr.func.Exprs.bin;
import static dev.spindle.compute.expr.func.Exprs.col;
import static dev.spindle.compute.expr.func.Exprs.decimal;
import static dev.spindle.compute.expr.func.Exprs.fixedChar;
import static dev.spindle.compute.expr.func.Exprs.lit;
import static dev.spindle.compute.expr.func.Exprs.nul;
import static dev.spindle.compute.expr.func.Exprs.un;
import static dev.spindle.compute.expr.func.Exprs.var;
import static dev.spindle.compute.expr.func.Exprs.varchar;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.spindle.common.type.ColumnType;
import dev.spindle.common.type.TypeKind;
import dev.spindle.compute.expr.func.BinaryFunc;
import dev.spindle.compute.expr.func.UnaryFunc;
import dev.spindle.compute.expr.func.VariadicFunc;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.BitSet;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The tree itself: construction checks, literals, printing, visitors. */
class ScalarExprTest {

    @Test
    void literalsAreNormalizedAndChecked() {
        Literal i = new Literal(5, INT4);
        assertEquals(5L, i.value());
        assertEquals(false, i.type().nullable());
        assertEquals(true, Literal.nullOf(INT4.withNullable(false)).type().nullable());
        assertEquals("ab  ", new Literal("ab", fixedChar(4)).value());
        assertThrows(IllegalArgumentException.class, () -> new Literal(40_000, INT2));
        assertThrows(IllegalArgumentException.class, () -> new Literal("abc", varchar(2)));
        assertThrows(IllegalArgumentException.class, () -> new Literal(1.5, INT4));
        assertThrows(IllegalArgumentException.class, () -> new Literal(new BigDecimal("1.234"), decimal(5, 2)));
        assertThrows(IllegalArgumentException.class, () -> new Literal(new BigDecimal("1234"), decimal(5, 2)));
        assertEquals(new BigDecimal("1.50"), new Literal(new BigDecimal("1.50"), decimal(5, 2)).value());
        assertEquals(new Literal(5L, INT4), new Literal(5, INT4));
    }

    @Test
    void callsCheckTheDeclaredType() {
        ScalarExpr a = col(0, INT4);
        assertThrows(IllegalArgumentException.class, () -> new CallUnary(UnaryFunc.NEG, a, TEXT));
        assertThrows(IllegalArgumentException.class, () -> new CallBinary(BinaryFunc.ADD, a, a, INT4.withNullable(false)));
        assertThrows(IllegalArgumentException.class, () -> new CallVariadic(VariadicFunc.AND, List.of(a)));
        assertEquals(new CallBinary(BinaryFunc.ADD, a, a), new CallBinary(BinaryFunc.ADD, a, a, INT4));
        assertThrows(IllegalArgumentException.class, () -> new ColumnRef(-1, INT4));
        assertThrows(NullPointerException.class, () -> new CallUnary(UnaryFunc.NOT, null));
    }

    @Test
    void printsReadably() {
        ScalarExpr x = col(0, INT4);
        assertEquals("(#0 + 1)", bin(BinaryFunc.ADD, x, lit(1)).toString());
        assertEquals("upper(#1)", un(UnaryFunc.UPPER, col(1, TEXT)).toString());
        assertEquals("(#0 IS NULL)", ScalarExpr.isNull(x).toString());
        assertEquals("(NOT #2)", ScalarExpr.not(col(2, BOOL)).toString());
        assertEquals("(-#0)", un(UnaryFunc.NEG, x).toString());
        assertEquals("((#0 >= 1) AND (#0 <= 5))", ScalarExpr.between(x, lit(1), lit(5)).toString());
        assertEquals("CASE WHEN #2 THEN 1 ELSE NULL END", ScalarExpr.ifThen(col(2, BOOL), lit(1), nul(INT4)).toString());
        assertEquals("coalesce(#0, 0)", var(VariadicFunc.COALESCE, x, lit(0)).toString());
        assertEquals("('it''s' || #1)", bin(BinaryFunc.TEXT_CONCAT, lit("it's"), col(1, TEXT)).toString());
        assertEquals("(DATE '2024-01-31' - 1)", bin(BinaryFunc.SUB, lit(LocalDate.of(2024, 1, 31)), lit(1)).toString());
        assertEquals("(#0 IS NOT DISTINCT FROM NULL)", bin(BinaryFunc.IS_NOT_DISTINCT_FROM, x, nul(INT4)).toString());
        assertEquals("(TRUE OR FALSE)", ScalarExpr.or(lit(true), lit(false)).toString());
        assertEquals("substring(#1, 2, 3)", var(VariadicFunc.SUBSTRING, col(1, TEXT), lit(2), lit(3)).toString());
    }

    @Test
    void columnRefsAreFoundAndRemapped() {
        ScalarExpr e = ScalarExpr.ifThen(ScalarExpr.gt(col(3, INT4), lit(1)),
                bin(BinaryFunc.ADD, col(0, INT4), col(3, INT4)), var(VariadicFunc.COALESCE, col(5, INT4), lit(2)));
        BitSet used = new BitSet();
        ColumnRefs.collect(e, used);
        assertEquals(BitSet.valueOf(new long[] {0b101001}), used);
        assertEquals(5, ColumnRefs.maxIndex(e));
        assertEquals(-1, ColumnRefs.maxIndex(lit(1)));
        ScalarExpr shifted = ColumnRefs.remap(e, c -> c + 10);
        assertEquals(15, ColumnRefs.maxIndex(shifted));
        assertEquals(e.type(), shifted.type());
        assertNotEquals(e, shifted);
        assertSame(e, ColumnRefs.remap(e, c -> c));
        assertEquals(e, ColumnRefs.remap(shifted, c -> c - 10));
        assertEquals(4L, shifted.eval(new Object[] {null, null, null, null, null, null, null, null, null, null,
                1L, null, null, 3L, null, null}));
    }

    @Test
    void visitorDispatchesOnEveryNode() {
        ScalarExprVisitor<String> names = new ScalarExprVisitor<>() {
            @Override
            public String visitColumnRef(ColumnRef ref) {
                return "ref";
            }

            @Override
            public String visitLiteral(Literal literal) {
                return "literal";
            }

            @Override
            public String visitCallUnary(CallUnary call) {
                return "unary";
            }

            @Override
            public String visitCallBinary(CallBinary call) {
                return "binary";
            }

            @Override
            public String visitCallVariadic(CallVariadic call) {
                return "variadic";
            }

            @Override
            public String visitIf(If ifExpr) {
                return "if";
            }

            @Override
            public String visitCast(Cast cast) {
                return "cast";
            }
        };
        assertEquals("ref", col(0, INT4).accept(names));
        assertEquals("literal", lit(1).accept(names));
        assertEquals("unary", ScalarExpr.not(lit(true)).accept(names));
        assertEquals("binary", ScalarExpr.eq(lit(1), lit(1)).accept(names));
        assertEquals("variadic", ScalarExpr.and(lit(true)).accept(names));
        assertEquals("if", ScalarExpr.ifThen(lit(true), lit(1), lit(2)).accept(names));
        assertEquals("cast", ScalarExpr.cast(lit(1), ColumnType.of(TypeKind.TEXT)).accept(names));
    }

    @Test
    void treesAreSharedSafelyAcrossThreads() throws InterruptedException {
        ScalarExpr like = var(VariadicFunc.LIKE, col(0, TEXT), lit("a%b_"));
        Thread[] threads = new Thread[4];
        boolean[] ok = new boolean[threads.length];
        for (int t = 0; t < threads.length; t++) {
            int id = t;
            threads[t] = new Thread(() -> {
                boolean good = true;
                for (int i = 0; i < 20_000; i++) {
                    String s = "a" + i + "b" + (char) ('a' + id);
                    good &= Boolean.TRUE.equals(like.eval(new Object[] {s}));
                    good &= Boolean.FALSE.equals(like.eval(new Object[] {s + "xx"}));
                }
                ok[id] = good;
            });
            threads[t].start();
        }
        for (Thread t : threads) {
            t.join();
        }
        for (boolean b : ok) {
            assertEquals(true, b);
        }
    }
}
