package dev.spindle.compute.expr;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.spindle.common.row.Row;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.Tuple.Tuple2;
import net.jqwik.api.Tuple.Tuple3;

/**
 * {@link Mfp} against naive oracles, on inputs where nothing fails: applying an MFP equals computing
 * every expression, then every predicate, then the projection; a fused MFP equals applying its
 * parts in sequence; and the row and array entry points agree.
 */
class MfpProperties {

    @Provide
    Arbitrary<Tuple2<Mfp, List<Object[]>>> mfpAndRows() {
        return Arbitraries.integers().between(1, 3).flatMap(arity ->
                Combinators.combine(ExprGen.mfps(arity), ExprGen.inputs(arity).list().ofMinSize(1).ofMaxSize(8))
                        .as(Tuple::of));
    }

    @Provide
    Arbitrary<Tuple3<Mfp, Mfp, List<Object[]>>> twoMfpsAndRows() {
        return Arbitraries.integers().between(1, 3).flatMap(arity ->
                ExprGen.mfps(arity).flatMap(first ->
                        Combinators.combine(ExprGen.mfps(first.outputArity()), ExprGen.inputs(arity).list().ofMinSize(1).ofMaxSize(8))
                                .as((second, rows) -> Tuple.of(first, second, rows))));
    }

    @Property(tries = 400)
    void applyEqualsEagerEvaluation(@ForAll("mfpAndRows") Tuple2<Mfp, List<Object[]>> t) {
        Mfp mfp = t.get1();
        MfpEvaluator evaluator = mfp.evaluator();
        for (Object[] input : t.get2()) {
            Row expected = naive(mfp, input);
            Row row = Row.of(input);
            assertEquals(expected, evaluator.apply(row), () -> mfp + " on " + row);
            assertEquals(expected, evaluator.apply(input.clone()), () -> mfp + " on " + row);
            Object[] values = evaluator.applyToArray(input);
            assertEquals(expected, values == null ? null : Row.of(values));
        }
    }

    @Property(tries = 400)
    void thenEqualsSequentialApplication(@ForAll("twoMfpsAndRows") Tuple3<Mfp, Mfp, List<Object[]>> t) {
        Mfp first = t.get1();
        Mfp second = t.get2();
        Mfp fused = first.then(second);
        MfpEvaluator f = fused.evaluator();
        for (Object[] input : t.get3()) {
            Row row = Row.of(input);
            Row middle = first.apply(row);
            Row expected = middle == null ? null : second.apply(middle);
            assertEquals(expected, f.apply(row), () -> first + " then " + second + " = " + fused + " on " + row);
        }
    }

    @Property(tries = 200)
    void buildersEqualTheirDefinitions(@ForAll("mfpAndRows") Tuple2<Mfp, List<Object[]>> t) {
        Mfp mfp = t.get1();
        int arity = mfp.outputArity();
        int[] reversed = new int[arity];
        for (int i = 0; i < arity; i++) {
            reversed[i] = arity - 1 - i;
        }
        Mfp projected = mfp.project(reversed);
        for (Object[] input : t.get2()) {
            Row row = Row.of(input);
            Row out = mfp.apply(row);
            assertEquals(out == null ? null : out.project(reversed), projected.apply(row));
        }
    }

    /** Every expression, then every predicate, then the projection. */
    private static Row naive(Mfp mfp, Object[] input) {
        int n = mfp.expressions().size();
        Object[] cols = new Object[mfp.inputArity() + n];
        System.arraycopy(input, 0, cols, 0, input.length);
        for (int j = 0; j < n; j++) {
            cols[mfp.inputArity() + j] = mfp.expressions().get(j).eval(cols);
        }
        for (ScalarExpr p : mfp.predicates()) {
            if (!Boolean.TRUE.equals(p.eval(cols))) {
                return null;
            }
        }
        Object[] out = new Object[mfp.outputArity()];
        int[] projection = mfp.projection();
        for (int i = 0; i < out.length; i++) {
            out[i] = cols[projection[i]];
        }
        return Row.of(out);
    }
}
