package dev.spindle.compute.expr.func;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.spindle.common.row.Row;
import dev.spindle.common.type.ColumnType;
import dev.spindle.compute.expr.ScalarExpr;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.Tuple.Tuple3;

/**
 * The comparison operators on non-null values agree with {@link Row}'s order, for every type: so
 * an arrangement sorted by its encoded keys is sorted as SQL sorts.
 */
class ComparisonProperties {

    @Provide
    Arbitrary<Tuple3<ColumnType, Object, Object>> pairs() {
        return Values.types().flatMap(t -> Values.nonNull(t).injectDuplicates(0.2).list().ofSize(2)
                .map(vs -> Tuple.of(t, vs.get(0), vs.get(1))));
    }

    @Property(tries = 1500)
    void comparisonsAgreeWithRowOrder(@ForAll("pairs") Tuple3<ColumnType, Object, Object> t) {
        ColumnType type = t.get1();
        Object[] row = {t.get2(), t.get3()};
        ScalarExpr a = ScalarExpr.column(0, type);
        ScalarExpr b = ScalarExpr.column(1, type);
        int expected = Integer.signum(Row.of(t.get2()).compareTo(Row.of(t.get3())));
        assertEquals(expected == 0, ScalarExpr.call(BinaryFunc.EQ, a, b).eval(row), t::toString);
        assertEquals(expected != 0, ScalarExpr.call(BinaryFunc.NE, a, b).eval(row), t::toString);
        assertEquals(expected < 0, ScalarExpr.call(BinaryFunc.LT, a, b).eval(row), t::toString);
        assertEquals(expected <= 0, ScalarExpr.call(BinaryFunc.LE, a, b).eval(row), t::toString);
        assertEquals(expected > 0, ScalarExpr.call(BinaryFunc.GT, a, b).eval(row), t::toString);
        assertEquals(expected >= 0, ScalarExpr.call(BinaryFunc.GE, a, b).eval(row), t::toString);
        assertEquals(expected != 0, ScalarExpr.call(BinaryFunc.IS_DISTINCT_FROM, a, b).eval(row), t::toString);
        Object greatest = ScalarExpr.call(VariadicFunc.GREATEST, a, b).eval(row);
        assertEquals(Row.of(expected >= 0 ? t.get2() : t.get3()), Row.of(greatest));
    }
}
