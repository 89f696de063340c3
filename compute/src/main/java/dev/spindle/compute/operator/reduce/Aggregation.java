package dev.spindle.compute.operator.reduce;

import dev.spindle.common.error.ErrorCode;
import dev.spindle.common.error.SpindleException;
import dev.spindle.common.row.DatumKind;
import dev.spindle.common.row.Row;
import dev.spindle.common.row.RowBuilder;
import dev.spindle.compute.plan.Aggregate;
import dev.spindle.compute.plan.AggregateFunc;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.util.List;
import java.util.TreeMap;

/**
 * Computes the aggregates of one group from scratch: the group's value rows with their
 * (positive) multiplicities in, one row of aggregate values out. Used by the reduce operator for
 * every group whose input changed, and by tests as the oracle's arithmetic.
 *
 * <p>Stateless; safe from any thread.
 */
public final class Aggregation {
    private static final int AVG_MIN_SCALE = 16;

    private Aggregation() {
    }

    /**
     * The aggregate values over {@code vals} ({@code counts[i]} copies of {@code vals.get(i)}).
     *
     * @throws SpindleException on overflow of an integer sum
     */
    public static Row evaluate(List<Aggregate> aggregates, List<Row> vals, long[] counts) {
        RowBuilder out = Row.builder();
        for (Aggregate a : aggregates) {
            out.add(evaluate(a, vals, counts));
        }
        return out.build();
    }

    static Object evaluate(Aggregate a, List<Row> vals, long[] counts) {
        if (a.func() == AggregateFunc.COUNT_ROWS) {
            long n = 0;
            for (long c : counts) {
                n = Math.addExact(n, c);
            }
            return n;
        }
        if (!a.distinct()) {
            Object v = inOnePass(a, vals, counts);
            if (v != NOT_IN_ONE_PASS) {
                return v;
            }
        }
        // The column's non-null values with multiplicities, in Row order (deduplicated if DISTINCT).
        TreeMap<Row, Long> values = new TreeMap<>();
        for (int i = 0; i < vals.size(); i++) {
            Row v = vals.get(i).project(a.column());
            if (v.isNull(0)) {
                continue;
            }
            values.merge(v, counts[i], a.distinct() ? (x, y) -> 1L : Math::addExact);
        }
        if (a.distinct()) {
            values.replaceAll((k, c) -> 1L);
        }
        switch (a.func()) {
            case COUNT: {
                long n = 0;
                for (long c : values.values()) {
                    n = Math.addExact(n, c);
                }
                return n;
            }
            case MIN:
                return values.isEmpty() ? null : values.firstKey().get(0);
            case MAX:
                return values.isEmpty() ? null : values.lastKey().get(0);
            case SUM:
                return values.isEmpty() ? null : sum(values);
            case AVG: {
                if (values.isEmpty()) {
                    return null;
                }
                long n = 0;
                for (long c : values.values()) {
                    n += c;
                }
                Object s = sum(values);
                if (s instanceof Long) {
                    return BigDecimal.valueOf((Long) s).divide(BigDecimal.valueOf(n), AVG_MIN_SCALE, RoundingMode.HALF_UP);
                }
                if (s instanceof BigDecimal) {
                    BigDecimal d = (BigDecimal) s;
                    return d.divide(BigDecimal.valueOf(n), Math.max(AVG_MIN_SCALE, d.scale()), RoundingMode.HALF_UP);
                }
                if (s instanceof Float) {
                    return (double) (Float) s / n;
                }
                return (Double) s / n;
            }
            default:
                throw new AssertionError(a.func());
        }
    }

    /** {@link #inOnePass}'s answer when the aggregate needs its values sorted. */
    private static final Object NOT_IN_ONE_PASS = new Object();

    /**
     * COUNT, MIN, MAX, and SUM and AVG of exact numbers, without DISTINCT, in one pass over the
     * group's rows: no map of the column's values (a group of a thousand rows took a sorted map
     * of a thousand projected rows per aggregate, per recomputation). Exact arithmetic does not
     * depend on the order of the values, so the result is the sorted path's (on both, an integer
     * sum fails only if the sum itself is out of range, not a partial one). SUM and AVG of
     * DOUBLE and REAL keep the sorted path: their rounding depends on the order of addition.
     * Returns {@link #NOT_IN_ONE_PASS} when the sorted path must answer.
     */
    private static Object inOnePass(Aggregate a, List<Row> vals, long[] counts) {
        int col = a.column();
        DatumKind kind = null;
        long n = 0;
        IntegerSum intSum = new IntegerSum();
        BigDecimal decSum = BigDecimal.ZERO;
        Row best = null;
        for (int i = 0; i < vals.size(); i++) {
            Row row = vals.get(i);
            if (row.isNull(col)) {
                continue;
            }
            n = Math.addExact(n, counts[i]);
            switch (a.func()) {
                case COUNT:
                    break;
                case MIN:
                case MAX: {
                    Row v = row.project(col);
                    int c = best == null ? 0 : v.compareTo(best);
                    if (best == null || (a.func() == AggregateFunc.MIN ? c < 0 : c > 0)) {
                        best = v;
                    }
                    break;
                }
                case SUM:
                case AVG: {
                    DatumKind k = row.kind(col);
                    if (kind == null) {
                        kind = k;
                    }
                    if (k != kind || (k != DatumKind.INTEGER && k != DatumKind.DECIMAL)) {
                        return NOT_IN_ONE_PASS;
                    }
                    if (k == DatumKind.DECIMAL) {
                        decSum = decSum.add(((BigDecimal) row.get(col)).multiply(BigDecimal.valueOf(counts[i])));
                    } else {
                        intSum.add(row.getLong(col), counts[i]);
                    }
                    break;
                }
                default:
                    return NOT_IN_ONE_PASS;
            }
        }
        switch (a.func()) {
            case COUNT:
                return n;
            case MIN:
            case MAX:
                return best == null ? null : best.get(0);
            default:
                break;
        }
        if (n == 0) {
            return null;
        }
        Object sum = kind == DatumKind.DECIMAL ? decSum : intSum.value();
        if (a.func() == AggregateFunc.SUM) {
            return sum;
        }
        return average(sum, n);
    }

    /** AVG from the exact sum ({@code Long} or {@code BigDecimal}) of {@code n > 0} arguments. */
    static BigDecimal average(Object sum, long n) {
        if (sum instanceof Long) {
            return BigDecimal.valueOf((Long) sum).divide(BigDecimal.valueOf(n), AVG_MIN_SCALE, RoundingMode.HALF_UP);
        }
        BigDecimal d = (BigDecimal) sum;
        return d.divide(BigDecimal.valueOf(n), Math.max(AVG_MIN_SCALE, d.scale()), RoundingMode.HALF_UP);
    }

    /**
     * A sum of integers times multiplicities that fails only if the sum itself leaves the bigint
     * range, whatever the order of the terms: a long until a partial sum overflows, exact after.
     */
    static final class IntegerSum {
        private long sum;
        private BigInteger big; // once a partial sum overflowed

        /** Adds {@code x * count} ({@code count} may be negative: a retraction). */
        void add(long x, long count) {
            if (big == null) {
                try {
                    sum = Math.addExact(sum, Math.multiplyExact(x, count));
                    return;
                } catch (ArithmeticException overflow) {
                    big = BigInteger.valueOf(sum);
                }
            }
            big = big.add(BigInteger.valueOf(x).multiply(BigInteger.valueOf(count)));
        }

        boolean isZero() {
            return big == null ? sum == 0 : big.signum() == 0;
        }

        /** The sum as a long. @throws SpindleException 22003 if it does not fit */
        long value() {
            if (big == null) {
                return sum;
            }
            if (big.bitLength() >= 64) {
                throw new SpindleException(ErrorCode.NUMERIC_OUT_OF_RANGE_1, "bigint");
            }
            return big.longValue();
        }
    }

    private static Object sum(TreeMap<Row, Long> values) {
        DatumKind kind = values.firstKey().kind(0);
        switch (kind) {
            case INTEGER: {
                IntegerSum s = new IntegerSum();
                for (var e : values.entrySet()) {
                    s.add(e.getKey().getLong(0), e.getValue());
                }
                return s.value();
            }
            case DECIMAL: {
                BigDecimal s = BigDecimal.ZERO;
                for (var e : values.entrySet()) {
                    s = s.add(((BigDecimal) e.getKey().get(0)).multiply(BigDecimal.valueOf(e.getValue())));
                }
                return s;
            }
            case DOUBLE: {
                double s = 0;
                for (var e : values.entrySet()) {
                    s += (Double) e.getKey().get(0) * e.getValue();
                }
                return s;
            }
            case REAL: {
                float s = 0;
                for (var e : values.entrySet()) {
                    s += (Float) e.getKey().get(0) * e.getValue();
                }
                return s;
            }
            default:
                throw new SpindleException(ErrorCode.UNDEFINED_FUNCTION_1, "sum(" + kind.name().toLowerCase() + ")");
        }
    }

    /**
     * Checks that every multiplicity of a group is positive, as a reduction's input must be.
     *
     * @throws SpindleException {@link ErrorCode#NEGATIVE_MULTIPLICITY_3} otherwise
     */
    public static void checkPositive(Object collection, List<Row> vals, long[] counts) {
        for (int i = 0; i < counts.length; i++) {
            if (counts[i] <= 0) {
                throw new SpindleException(ErrorCode.NEGATIVE_MULTIPLICITY_3, collection, counts[i], vals.get(i));
            }
        }
    }

}
