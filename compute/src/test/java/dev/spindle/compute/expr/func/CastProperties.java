package dev.spindle.compute.expr.func;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.spindle.common.row.Row;
import dev.spindle.common.type.ColumnType;
import dev.spindle.common.type.TypeKind;
import dev.spindle.compute.expr.Cast;
import dev.spindle.compute.expr.ScalarExpr;
import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.Tuple.Tuple2;

/** CAST round trips: a value printed as text and read back is the same value, for every type. */
class CastProperties {
    private static final ColumnType TEXT = ColumnType.of(TypeKind.TEXT);

    @Provide
    Arbitrary<Tuple2<ColumnType, Object>> values() {
        return Values.types().flatMap(t -> Values.nonNull(t).map(v -> Tuple.of(t, v)));
    }

    @Property(tries = 1500)
    void textRoundTrips(@ForAll("values") Tuple2<ColumnType, Object> t) {
        ColumnType type = t.get1();
        ScalarExpr x = ScalarExpr.column(0, type);
        ScalarExpr back = ScalarExpr.cast(ScalarExpr.cast(x, TEXT), type);
        Object[] row = {t.get2()};
        Object result = back.eval(row);
        // equal as a row stores them (canonical NaN and -0, decimals without trailing zeros)
        assertEquals(Row.of(t.get2()), Row.of(result), () -> t + " via '" + ScalarExpr.cast(x, TEXT).eval(row) + "'");
        // an assignment to the same type accepts every value of it
        assertEquals(Row.of(t.get2()), Row.of(Cast.assignment(ScalarExpr.cast(x, TEXT), type).eval(row)));
    }

    @Property(tries = 1000)
    void floatsPrintTheShortestDigitsThatRoundTrip(@ForAll double d) {
        String text = (String) ScalarExpr.cast(ScalarExpr.column(0, ColumnType.of(TypeKind.DOUBLE)), TEXT).eval(new Object[] {d});
        if (Double.isNaN(d) || Double.isInfinite(d) || d == 0.0) {
            return;
        }
        assertEquals(d, Double.parseDouble(text));
        BigDecimal printed = new BigDecimal(text.replace("e", "E"));
        int digits = printed.stripTrailingZeros().precision();
        // never longer than Java 17's Double.toString, which round-trips but is not always shortest
        int javaDigits = new BigDecimal(Double.toString(d)).stripTrailingZeros().precision();
        assertEquals(true, digits <= javaDigits, () -> text + " vs " + Double.toString(d));
        if (digits > 1) {
            BigDecimal shorter = new BigDecimal(d).round(new MathContext(digits - 1, RoundingMode.HALF_EVEN));
            assertEquals(false, shorter.doubleValue() == d, () -> text + " is not the shortest: " + shorter);
        }
    }
}
