package dev.spindle.compute.expr.func;

import static dev.spindle.compute.expr.func.Exprs.BOOL;
import static dev.spindle.compute.expr.func.Exprs.INT4;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.spindle.common.error.SpindleException;
import dev.spindle.compute.expr.ScalarExpr;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Laws of SQL's three-valued logic over TRUE, FALSE and NULL, checked on column values, and the
 * commutativity of AND and OR even when an argument fails.
 */
class LogicProperties {
    private static final ScalarExpr A = Exprs.col(0, BOOL);
    private static final ScalarExpr B = Exprs.col(1, BOOL);
    private static final ScalarExpr C = Exprs.col(2, BOOL);
    /** 1/0 = 1 */
    private static final ScalarExpr ERROR = ScalarExpr.eq(
            ScalarExpr.call(BinaryFunc.DIV, Exprs.lit(1), Exprs.lit(0)), Exprs.lit(1));

    @Provide
    Arbitrary<Boolean> truth() {
        return Arbitraries.of(Boolean.TRUE, Boolean.FALSE, null);
    }

    @Property(tries = 100)
    void matchesKleeneTruthTables(@ForAll("truth") Boolean a, @ForAll("truth") Boolean b) {
        Object[] row = {a, b, null};
        assertEquals(kleeneAnd(a, b), ScalarExpr.and(A, B).eval(row));
        assertEquals(kleeneOr(a, b), ScalarExpr.or(A, B).eval(row));
        assertEquals(a == null ? null : !a, ScalarExpr.not(A).eval(row));
    }

    @Property(tries = 100)
    void laws(@ForAll("truth") Boolean a, @ForAll("truth") Boolean b, @ForAll("truth") Boolean c) {
        Object[] row = {a, b, c};
        // NOT NOT x = x
        assertEquals(a, ScalarExpr.not(ScalarExpr.not(A)).eval(row));
        // De Morgan
        assertEquals(ScalarExpr.not(ScalarExpr.and(A, B)).eval(row),
                ScalarExpr.or(ScalarExpr.not(A), ScalarExpr.not(B)).eval(row));
        assertEquals(ScalarExpr.not(ScalarExpr.or(A, B)).eval(row),
                ScalarExpr.and(ScalarExpr.not(A), ScalarExpr.not(B)).eval(row));
        // commutativity and associativity (the variadic form equals both nestings)
        assertEquals(ScalarExpr.and(A, B).eval(row), ScalarExpr.and(B, A).eval(row));
        assertEquals(ScalarExpr.or(A, B).eval(row), ScalarExpr.or(B, A).eval(row));
        assertEquals(ScalarExpr.and(A, B, C).eval(row), ScalarExpr.and(ScalarExpr.and(A, B), C).eval(row));
        assertEquals(ScalarExpr.and(A, B, C).eval(row), ScalarExpr.and(A, ScalarExpr.and(B, C)).eval(row));
        assertEquals(ScalarExpr.or(A, B, C).eval(row), ScalarExpr.or(ScalarExpr.or(A, B), C).eval(row));
        // distributivity
        assertEquals(ScalarExpr.and(A, ScalarExpr.or(B, C)).eval(row),
                ScalarExpr.or(ScalarExpr.and(A, B), ScalarExpr.and(A, C)).eval(row));
        // identities, and IS tests never NULL
        assertEquals(a, ScalarExpr.and(A, Exprs.lit(true)).eval(row));
        assertEquals(a, ScalarExpr.or(A, Exprs.lit(false)).eval(row));
        assertEquals(a == null, ScalarExpr.call(UnaryFunc.IS_UNKNOWN, A).eval(row));
        assertEquals(Boolean.TRUE.equals(a), ScalarExpr.call(UnaryFunc.IS_TRUE, A).eval(row));
        // x = y on booleans agrees with IS NOT DISTINCT FROM where both are known
        Object eq = ScalarExpr.eq(A, B).eval(row);
        if (a != null && b != null) {
            assertEquals(eq, ScalarExpr.call(BinaryFunc.IS_NOT_DISTINCT_FROM, A, B).eval(row));
        } else {
            assertEquals(null, eq);
        }
    }

    @Property(tries = 100)
    void andOrAreCommutativeEvenWithErrors(@ForAll("truth") Boolean a) {
        Object[] row = {a, null, null};
        assertEquals(outcome(ScalarExpr.and(A, ERROR), row), outcome(ScalarExpr.and(ERROR, A), row));
        assertEquals(outcome(ScalarExpr.or(A, ERROR), row), outcome(ScalarExpr.or(ERROR, A), row));
        // FALSE decides AND and TRUE decides OR, whatever else fails
        assertEquals(Boolean.FALSE.equals(a) ? "false" : "22012", outcome(ScalarExpr.and(ERROR, A), row));
        assertEquals(Boolean.TRUE.equals(a) ? "true" : "22012", outcome(ScalarExpr.or(A, ERROR), row));
    }

    @Property(tries = 100)
    void inIsTheOrOfEqualities(@ForAll("smallOrNull") Integer x, @ForAll("smallOrNull") Integer y,
            @ForAll("smallOrNull") Integer z) {
        Object[] row = {x == null ? null : (long) x, y == null ? null : (long) y, z == null ? null : (long) z};
        ScalarExpr cx = Exprs.col(0, INT4);
        ScalarExpr cy = Exprs.col(1, INT4);
        ScalarExpr cz = Exprs.col(2, INT4);
        assertEquals(ScalarExpr.or(ScalarExpr.eq(cx, cy), ScalarExpr.eq(cx, cz)).eval(row),
                ScalarExpr.call(VariadicFunc.IN, cx, cy, cz).eval(row));
    }

    @Provide
    Arbitrary<Integer> smallOrNull() {
        return Arbitraries.integers().between(-2, 2).injectNull(0.2);
    }

    private static String outcome(ScalarExpr e, Object[] row) {
        try {
            return String.valueOf(e.eval(row));
        } catch (SpindleException ex) {
            return ex.sqlState();
        }
    }

    private static Boolean kleeneAnd(Boolean a, Boolean b) {
        if (Boolean.FALSE.equals(a) || Boolean.FALSE.equals(b)) {
            return false;
        }
        return a == null || b == null ? null : true;
    }

    private static Boolean kleeneOr(Boolean a, Boolean b) {
        if (Boolean.TRUE.equals(a) || Boolean.TRUE.equals(b)) {
            return true;
        }
        return a == null || b == null ? null : false;
    }
}
