package dev.spindle.compute.expr;

import static dev.spindle.compute.expr.func.Exprs.INT4;
import static dev.spindle.compute.expr.func.Exprs.INT8;
import static dev.spindle.compute.expr.func.Exprs.TEXT;
import static dev.spindle.compute.expr.func.Exprs.bin;
import static dev.spindle.compute.expr.func.Exprs.col;
import static dev.spindle.compute.expr.func.Exprs.lit;
import static dev.spindle.compute.expr.func.Exprs.un;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spindle.common.error.SpindleException;
import dev.spindle.common.row.Row;
import dev.spindle.compute.expr.func.BinaryFunc;
import dev.spindle.compute.expr.func.UnaryFunc;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link Mfp} and {@link MfpEvaluator}: examples of the evaluation rule, fusion and errors. */
class MfpTest {
    private static final ScalarExpr A = col(0, INT8);
    private static final ScalarExpr B = col(1, INT8);

    @Test
    void identityAndProjection() {
        Mfp id = Mfp.identity(2);
        assertTrue(id.isIdentity());
        assertTrue(id.isPureProjection());
        Row r = Row.of(1L, "x");
        assertSame(r, id.evaluator().apply(r));
        Mfp swap = id.project(1, 0, 1);
        assertFalse(swap.isIdentity());
        assertTrue(swap.isPureProjection());
        assertEquals(3, swap.outputArity());
        assertEquals(Row.of("x", 1L, "x"), swap.apply(r));
        assertThrows(IllegalArgumentException.class, () -> id.project(2));
    }

    @Test
    void mapFilterProject() {
        // SELECT a + b AS s, b FROM t WHERE a + b > 10
        Mfp mfp = Mfp.identity(2)
                .map(List.of(bin(BinaryFunc.ADD, A, B)))
                .filter(List.of(ScalarExpr.gt(col(2, INT8), lit(10L))))
                .project(2, 1);
        assertEquals(2, mfp.outputArity());
        assertEquals(Row.of(12L, 5L), mfp.apply(Row.of(7L, 5L)));
        assertNull(mfp.apply(Row.of(1L, 5L)));
        assertNull(mfp.apply(Row.of(null, 5L))); // NULL > 10 is not TRUE
        assertEquals(Row.of(12L, 5L), mfp.apply(new Object[] {7L, 5L}));
        assertArrayEquals(new Object[] {12L, 5L}, mfp.evaluator().applyToArray(new Object[] {7L, 5L}));
        assertEquals("Mfp(arity 2; map (#0 + #1); filter (#2 > 10); project [2, 1])", mfp.toString());
    }

    @Test
    void expressionsReadEarlierExpressions() {
        Mfp mfp = new Mfp(1, List.of(bin(BinaryFunc.MUL, A, lit(2L)), bin(BinaryFunc.ADD, col(1, INT8), lit(1L))),
                List.of(), new int[] {2, 1, 0});
        assertEquals(Row.of(7L, 6L, 3L), mfp.apply(Row.of(3L)));
        // expression 0 cannot read expression 1, nor itself
        assertThrows(IllegalArgumentException.class, () -> new Mfp(1, List.of(col(1, INT8)), List.of(), new int[] {1}));
        // a reference to an expression column must have its type
        assertThrows(IllegalArgumentException.class, () -> new Mfp(1, List.of(lit(1L), col(1, TEXT)), List.of(), new int[] {2}));
        assertThrows(IllegalArgumentException.class, () -> new Mfp(1, List.of(), List.of(lit(1L)), new int[] {0}));
        assertThrows(IllegalArgumentException.class, () -> new Mfp(1, List.of(), List.of(), new int[] {1}));
    }

    @Test
    void divisionByZeroInAMaintainedMfpIsASpindleException() {
        Mfp mfp = Mfp.identity(2).map(List.of(bin(BinaryFunc.DIV, A, B))).project(2);
        MfpEvaluator eval = mfp.evaluator();
        assertEquals(Row.of(3L), eval.apply(Row.of(7L, 2L)));
        SpindleException e = assertThrows(SpindleException.class, () -> eval.apply(Row.of(1L, 0L)));
        assertEquals("22012", e.sqlState());
        assertEquals("division by zero", e.getMessage());
        // the evaluator is still usable after an error
        assertEquals(Row.of(-3L), eval.apply(Row.of(-7L, 2L)));
    }

    @Test
    void aPredicateRunsAsSoonAsItsColumnsExist() {
        // map a / b, filter b <> 0: the filter reads only input columns, so it runs first and the
        // division is never evaluated for b = 0
        Mfp guarded = Mfp.identity(2)
                .map(List.of(bin(BinaryFunc.DIV, A, B)))
                .filter(List.of(bin(BinaryFunc.NE, B, lit(0L))))
                .project(2);
        assertNull(guarded.apply(Row.of(1L, 0L)));
        assertEquals(Row.of(3L), guarded.apply(Row.of(6L, 2L)));
        // a predicate on the quotient needs it, so the division runs and fails
        Mfp unguarded = Mfp.identity(2)
                .map(List.of(bin(BinaryFunc.DIV, A, B)))
                .filter(List.of(ScalarExpr.gt(col(2, INT8), lit(0L))))
                .project(2);
        assertThrows(SpindleException.class, () -> unguarded.apply(Row.of(1L, 0L)));
        // predicates run by stage, not in list order: b <> 0 (stage 0) runs before the quotient's
        Mfp reordered = Mfp.identity(2)
                .map(List.of(bin(BinaryFunc.DIV, A, B)))
                .filter(List.of(ScalarExpr.gt(col(2, INT8), lit(0L)), bin(BinaryFunc.NE, B, lit(0L))))
                .project(2);
        assertNull(reordered.apply(Row.of(1L, 0L)));
    }

    @Test
    void expressionsNobodyNeedsAreNotEvaluated() {
        Mfp mfp = new Mfp(2, List.of(bin(BinaryFunc.DIV, A, B)), List.of(), new int[] {0});
        assertEquals(Row.of(1L), mfp.apply(Row.of(1L, 0L)));
    }

    @Test
    void laterStagePredicatesWaitForTheirExpression() {
        // expression 1 needs expression 0; the predicate on expression 1 runs after both
        Mfp mfp = new Mfp(1,
                List.of(bin(BinaryFunc.ADD, A, lit(1L)), bin(BinaryFunc.MUL, col(1, INT8), lit(10L))),
                List.of(ScalarExpr.gt(col(2, INT8), lit(25L)), ScalarExpr.gt(A, lit(0L))),
                new int[] {0});
        assertEquals(Row.of(2L), mfp.apply(Row.of(2L)));
        assertNull(mfp.apply(Row.of(1L)));
        assertNull(mfp.apply(Row.of(-5L)));
    }

    @Test
    void thenFusesTwoMfps() {
        Mfp first = Mfp.identity(2).map(List.of(bin(BinaryFunc.ADD, A, B))).project(2, 0);
        Mfp second = Mfp.identity(2)
                .filter(List.of(ScalarExpr.gt(col(0, INT8), lit(3L))))
                .map(List.of(bin(BinaryFunc.SUB, col(0, INT8), col(1, INT8))))
                .project(2);
        Mfp fused = first.then(second);
        assertEquals(2, fused.inputArity());
        for (long a = -3; a <= 3; a++) {
            for (long b = -3; b <= 6; b++) {
                Row in = Row.of(a, b);
                Row mid = first.apply(in);
                assertEquals(mid == null ? null : second.apply(mid), fused.apply(in), in::toString);
            }
        }
        assertSame(first, first.then(Mfp.identity(2)));
        assertSame(second, Mfp.identity(2).then(second));
        assertThrows(IllegalArgumentException.class, () -> first.then(Mfp.identity(3)));
    }

    @Test
    void filterOnInputColumnsCopiesTheInputEncoding() {
        Mfp mfp = Mfp.identity(3).filter(List.of(un(UnaryFunc.IS_NOT_NULL, col(1, INT4)))).project(2, 0);
        assertEquals(Row.of("z", 1L), mfp.apply(Row.of(1L, 2L, "z")));
        assertNull(mfp.apply(Row.of(1L, null, "z")));
        Row r = Row.of(1L, 2L, "z");
        assertSame(r, Mfp.identity(3).filter(List.of(lit(true))).evaluator().apply(r));
    }

    @Test
    void inputArityIsChecked() {
        Mfp mfp = Mfp.identity(2).filter(List.of(lit(true)));
        assertThrows(IllegalArgumentException.class, () -> mfp.apply(Row.of(1L)));
    }

    @Test
    void valueSemantics() {
        Mfp a = Mfp.identity(2).project(1);
        Mfp b = new Mfp(2, List.of(), List.of(), new int[] {1});
        assertEquals(a, b);
        assertEquals(a.hashCode(), b.hashCode());
        int[] proj = b.projection();
        proj[0] = 0;
        assertEquals(a, b); // the projection is copied out
    }
}
