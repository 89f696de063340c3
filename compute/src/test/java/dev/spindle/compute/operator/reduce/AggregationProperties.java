package dev.spindle.compute.operator.reduce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.spindle.common.error.ErrorCode;
import dev.spindle.common.error.SpindleException;
import dev.spindle.common.row.Row;
import dev.spindle.compute.plan.Aggregate;
import dev.spindle.compute.plan.AggregateFunc;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/**
 * {@link Aggregation#evaluate} against a naive oracle over the expanded multiset (each row
 * repeated by its count): COUNT, SUM, AVG, MIN and MAX, with and without DISTINCT, of a BIGINT
 * column (negative, huge and NULL values, so partial sums overflow) and a DECIMAL column. The
 * one-pass path and the sorted path both answer here.
 */
class AggregationProperties {
    private static final int AVG_MIN_SCALE = 16;

    /** Rows (g, i BIGINT, d DECIMAL): distinct rows, sorted, as a group's history gives them. */
    @Provide
    Arbitrary<Map<Row, Long>> groups() {
        Arbitrary<Long> i = Arbitraries.oneOf(Arbitraries.longs().between(-5, 5),
                Arbitraries.of(Long.MAX_VALUE, Long.MIN_VALUE, Long.MAX_VALUE - 1, Long.MIN_VALUE + 1)).injectNull(0.15);
        Arbitrary<BigDecimal> d = Arbitraries.bigDecimals().between(new BigDecimal("-1000"), new BigDecimal("1000"))
                .ofScale(2).injectNull(0.15);
        Arbitrary<Row> row = Combinators.combine(Arbitraries.longs().between(0, 3), i, d).as((g, x, y) -> Row.of(1L, g, x, y));
        return Combinators.combine(row.list().ofMaxSize(12), Arbitraries.longs().between(1, 3).list().ofSize(12))
                .as((rows, counts) -> {
                    Map<Row, Long> out = new TreeMap<>();
                    for (int k = 0; k < rows.size(); k++) {
                        out.merge(rows.get(k), counts.get(k), Long::sum);
                    }
                    return out;
                });
    }

    @Property(tries = 500)
    void everyAggregateMatchesTheExpandedMultiset(@ForAll("groups") Map<Row, Long> group) {
        List<Row> vals = new ArrayList<>(group.keySet());
        long[] counts = group.values().stream().mapToLong(Long::longValue).toArray();
        for (AggregateFunc f : List.of(AggregateFunc.COUNT, AggregateFunc.SUM, AggregateFunc.AVG, AggregateFunc.MIN, AggregateFunc.MAX)) {
            for (int col : new int[] {2, 3}) {
                for (boolean distinct : new boolean[] {false, true}) {
                    Aggregate a = distinct ? Aggregate.distinct(f, col) : Aggregate.of(f, col);
                    Object expected;
                    try {
                        expected = oracle(f, col, distinct, vals, counts);
                    } catch (SpindleException e) {
                        SpindleException actual = assertThrows(SpindleException.class, () -> Aggregation.evaluate(a, vals, counts),
                                () -> a + " over " + group);
                        assertEquals(e.code(), actual.code());
                        continue;
                    }
                    assertEquals(expected, Aggregation.evaluate(a, vals, counts), () -> a + " over " + group);
                }
            }
        }
    }

    private static Object oracle(AggregateFunc f, int col, boolean distinct, List<Row> vals, long[] counts) {
        List<Object> all = new ArrayList<>();
        for (int k = 0; k < vals.size(); k++) {
            Object v = vals.get(k).get(col);
            for (long c = 0; c < counts[k]; c++) {
                if (v != null) {
                    all.add(v);
                }
            }
        }
        if (distinct) {
            all = all.stream().distinct().collect(Collectors.toList());
        }
        if (f == AggregateFunc.COUNT) {
            return (long) all.size();
        }
        if (all.isEmpty()) {
            return null;
        }
        @SuppressWarnings({"unchecked", "rawtypes"})
        Comparator<Object> natural = (x, y) -> ((Comparable) x).compareTo(y);
        switch (f) {
            case MIN:
                return all.stream().min(natural).orElseThrow();
            case MAX:
                return all.stream().max(natural).orElseThrow();
            default:
                break;
        }
        BigDecimal sum = all.stream().map(x -> x instanceof Long l ? BigDecimal.valueOf(l) : (BigDecimal) x)
                .reduce(BigDecimal.ZERO, BigDecimal::add);
        boolean integer = all.get(0) instanceof Long;
        if (integer && sum.toBigIntegerExact().bitLength() > 63) {
            throw new SpindleException(ErrorCode.NUMERIC_OUT_OF_RANGE_1, "bigint");
        }
        if (f == AggregateFunc.SUM) {
            return integer ? (Object) sum.longValueExact() : sum;
        }
        BigDecimal n = BigDecimal.valueOf(all.size());
        return sum.divide(n, integer ? AVG_MIN_SCALE : Math.max(AVG_MIN_SCALE, sum.scale()), RoundingMode.HALF_UP);
    }

    @Test
    void anIntegerSumFailsOnlyWhenTheSumItselfIsOutOfRange() {
        // sorted ascending, MIN + -1 overflowed a running long sum; the whole sum is -2
        List<Row> vals = List.of(Row.of(Long.MIN_VALUE), Row.of(-1L), Row.of(Long.MAX_VALUE));
        long[] counts = {1, 1, 1};
        assertEquals(-2L, Aggregation.evaluate(Aggregate.of(AggregateFunc.SUM, 0), vals, counts));
        SpindleException e = assertThrows(SpindleException.class,
                () -> Aggregation.evaluate(Aggregate.of(AggregateFunc.SUM, 0), List.of(Row.of(Long.MAX_VALUE)), new long[] {2}));
        assertEquals(ErrorCode.NUMERIC_OUT_OF_RANGE_1, e.code());
    }
}
