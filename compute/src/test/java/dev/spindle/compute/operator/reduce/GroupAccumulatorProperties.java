package dev.spindle.compute.operator.reduce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spindle.common.error.ErrorCode;
import dev.spindle.common.error.SpindleException;
import dev.spindle.common.row.Row;
import dev.spindle.compute.plan.Aggregate;
import dev.spindle.compute.plan.AggregateFunc;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/**
 * {@link GroupAccumulator} (a group's running totals) against {@link Aggregation#evaluate} of the
 * group's live rows after every change of a history of inserts and retractions: COUNT(*), COUNT,
 * SUM and AVG of a BIGINT column (huge values, so sums leave the range and come back) and of a
 * DECIMAL column whose values have different scales. Values are compared as written.
 */
class GroupAccumulatorProperties {
    private static final Row KEY = Row.of(7L);
    private static final List<Aggregate> AGGS = List.of(Aggregate.countRows(),
            Aggregate.of(AggregateFunc.COUNT, 1), Aggregate.of(AggregateFunc.SUM, 1), Aggregate.of(AggregateFunc.AVG, 1),
            Aggregate.of(AggregateFunc.COUNT, 2), Aggregate.of(AggregateFunc.SUM, 2), Aggregate.of(AggregateFunc.AVG, 2));

    /** One change: insert {@code row}, or (row null) retract the {@code pick}-th live row. */
    record Change(Row row, int pick) {
    }

    @Provide
    Arbitrary<List<Change>> histories() {
        Arbitrary<Long> i = Arbitraries.oneOf(Arbitraries.longs().between(-5, 5),
                Arbitraries.of(Long.MAX_VALUE, Long.MIN_VALUE, Long.MAX_VALUE - 1)).injectNull(0.15);
        Arbitrary<BigDecimal> d = Combinators.combine(Arbitraries.longs().between(-999, 999), Arbitraries.integers().between(0, 3))
                .as(BigDecimal::valueOf).injectNull(0.15);
        Arbitrary<Change> insert = Combinators.combine(i, d).as((x, y) -> new Change(Row.of(7L, x, y), 0));
        Arbitrary<Change> retract = Arbitraries.integers().between(0, 20).map(p -> new Change(null, p));
        return Arbitraries.frequencyOf(net.jqwik.api.Tuple.of(3, insert), net.jqwik.api.Tuple.of(2, retract)).list().ofMaxSize(30);
    }

    @Property(tries = 500)
    void totalsGiveWhatARecomputationGives(@ForAll("histories") List<Change> history) {
        GroupAccumulator acc = new GroupAccumulator(AGGS.size());
        Map<Row, Long> live = new TreeMap<>();
        for (Change c : history) {
            if (c.row() != null) {
                acc.apply(AGGS, c.row(), 1);
                live.merge(c.row(), 1L, Long::sum);
            } else if (!live.isEmpty()) {
                Row r = new ArrayList<>(live.keySet()).get(c.pick() % live.size());
                acc.apply(AGGS, r, -1);
                live.merge(r, -1L, (x, y) -> x + y == 0 ? null : x + y);
            }
            assertEquals(written(expected(live)), written(actual(acc)), "live rows " + live);
            assertEquals(live.isEmpty(), acc.isEmpty());
        }
    }

    private static Object expected(Map<Row, Long> live) {
        if (live.isEmpty()) {
            return null;
        }
        try {
            long[] counts = live.values().stream().mapToLong(Long::longValue).toArray();
            return KEY.concat(Aggregation.evaluate(AGGS, new ArrayList<>(live.keySet()), counts));
        } catch (SpindleException e) {
            return e.code();
        }
    }

    private static Object actual(GroupAccumulator acc) {
        try {
            return acc.evaluate("t", AGGS, KEY);
        } catch (SpindleException e) {
            return e.code();
        }
    }

    /** A row's values as written (a decimal's scale included), or the error code. */
    private static String written(Object o) {
        if (!(o instanceof Row)) {
            return String.valueOf(o);
        }
        Row r = (Row) o;
        List<String> out = new ArrayList<>();
        for (int i = 0; i < r.arity(); i++) {
            out.add(String.valueOf(r.get(i)));
        }
        return out.toString();
    }

    @Test
    void aNegativeTotalIsAnError() {
        GroupAccumulator acc = new GroupAccumulator(AGGS.size());
        acc.apply(AGGS, Row.of(7L, 1L, null), -1);
        SpindleException e = assertThrows(SpindleException.class, () -> acc.evaluate("t", AGGS, KEY));
        assertEquals(ErrorCode.NEGATIVE_MULTIPLICITY_3, e.code());
        acc.apply(AGGS, Row.of(7L, 1L, null), 1);
        assertTrue(acc.isEmpty());
        assertNull(acc.evaluate("t", AGGS, KEY));
    }

    @Test
    void moreArgumentsThanRowsIsAnError() {
        // one row with a value inserted, another without one retracted: one row in total, two values
        GroupAccumulator acc = new GroupAccumulator(AGGS.size());
        acc.apply(AGGS, Row.of(7L, 1L, null), 2);
        acc.apply(AGGS, Row.of(7L, null, null), -1);
        SpindleException e = assertThrows(SpindleException.class, () -> acc.evaluate("t", AGGS, KEY));
        assertEquals(ErrorCode.NEGATIVE_MULTIPLICITY_3, e.code());
    }

    @Test
    void aFloatArgumentBreaksThePlansPromise() {
        GroupAccumulator acc = new GroupAccumulator(AGGS.size());
        acc.apply(AGGS, Row.of(7L, 1.5d, null), 1);
        SpindleException e = assertThrows(SpindleException.class, () -> acc.evaluate("t", AGGS, KEY));
        assertEquals(ErrorCode.INTERNAL_ERROR_1, e.code());
    }

    @Test
    void onlyCountSumAndAvgWithoutDistinctAccumulate() {
        assertTrue(GroupAccumulator.accumulable(AGGS));
        assertEquals(false, GroupAccumulator.accumulable(List.of(Aggregate.of(AggregateFunc.MIN, 1))));
        assertEquals(false, GroupAccumulator.accumulable(List.of(Aggregate.distinct(AggregateFunc.SUM, 1))));
    }
}
