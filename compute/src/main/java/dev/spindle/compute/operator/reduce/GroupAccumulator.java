package dev.spindle.compute.operator.reduce;

import dev.spindle.common.error.ErrorCode;
import dev.spindle.common.error.SpindleException;
import dev.spindle.common.row.Row;
import dev.spindle.common.row.RowBuilder;
import dev.spindle.compute.plan.Aggregate;
import dev.spindle.compute.plan.AggregateFunc;
import java.math.BigDecimal;
import java.util.List;

/**
 * The running totals of one group of a reduce whose aggregates can all be maintained from their
 * inputs' differences ({@link #accumulable}): the group's row count and, per aggregate, how many
 * of its arguments are not null and their exact sum, each weighted by multiplicity. A change to
 * the group is applied in time proportional to the change, not to the group's size; the output
 * is what {@link Aggregation#evaluate} gives for the group's current rows.
 *
 * <p>What it cannot see, unlike a recomputation: a row whose own multiplicity is negative while
 * the group's totals stay possible (more rows than non-null arguments, a positive row count).
 * It reports a negative or zero row count with anything left in the totals, and a non-null count
 * outside {@code 0..rows}; Materialize's accumulable reductions have the same limit.
 *
 * <p>Not thread-safe: owned by one {@link GroupAccumulate} on one worker.
 */
final class GroupAccumulator {
    private long rows;
    /** Per aggregate: the multiplicity of its non-null arguments (unused for COUNT(*)). */
    private final long[] nonNull;
    /** Per aggregate: the multiplicity of its integer arguments (the rest are decimals, or broken promises). */
    private final long[] integers;
    /** Per aggregate: the multiplicity of arguments neither integer nor decimal (a float: never, if the plan's promise holds). */
    private final long[] inexact;
    private final Aggregation.IntegerSum[] intSums;
    private final BigDecimal[] decSums;
    /** What the group emits now: its row, its error row, or neither (no rows). */
    private Row output;
    private Row error;

    GroupAccumulator(int aggregates) {
        nonNull = new long[aggregates];
        integers = new long[aggregates];
        inexact = new long[aggregates];
        intSums = new Aggregation.IntegerSum[aggregates];
        decSums = new BigDecimal[aggregates];
    }

    /**
     * Whether a reduce of {@code aggregates} can be maintained by accumulation: COUNT(*), COUNT,
     * and SUM or AVG (of exact numbers: the plan's promise), none DISTINCT.
     */
    static boolean accumulable(List<Aggregate> aggregates) {
        for (Aggregate a : aggregates) {
            if (a.distinct()) {
                return false;
            }
            switch (a.func()) {
                case COUNT_ROWS:
                case COUNT:
                case SUM:
                case AVG:
                    break;
                default:
                    return false;
            }
        }
        return true;
    }

    Row output() {
        return output;
    }

    Row error() {
        return error;
    }

    void emitting(Row output, Row error) {
        this.output = output;
        this.error = error;
    }

    /** Adds {@code diff} copies of {@code row} (a retraction if negative). */
    void apply(List<Aggregate> aggregates, Row row, long diff) {
        rows = Math.addExact(rows, diff);
        for (int i = 0; i < nonNull.length; i++) {
            Aggregate a = aggregates.get(i);
            int col = a.column();
            if (col < 0 || row.isNull(col)) {
                continue;
            }
            nonNull[i] = Math.addExact(nonNull[i], diff);
            if (a.func() == AggregateFunc.COUNT) {
                continue;
            }
            switch (row.kind(col)) {
                case INTEGER:
                    integers[i] = Math.addExact(integers[i], diff);
                    if (intSums[i] == null) {
                        intSums[i] = new Aggregation.IntegerSum();
                    }
                    intSums[i].add(row.getLong(col), diff);
                    break;
                case DECIMAL: {
                    BigDecimal d = (BigDecimal) row.get(col);
                    decSums[i] = (decSums[i] == null ? BigDecimal.ZERO : decSums[i]).add(d.multiply(BigDecimal.valueOf(diff)));
                    break;
                }
                default:
                    inexact[i] = Math.addExact(inexact[i], diff);
                    break;
            }
        }
    }

    /** Whether nothing is left: the group has no rows and no totals (its state can go). */
    boolean isEmpty() {
        if (rows != 0) {
            return false;
        }
        for (int i = 0; i < nonNull.length; i++) {
            if (nonNull[i] != 0 || integers[i] != 0 || inexact[i] != 0
                    || (intSums[i] != null && !intSums[i].isZero())
                    || (decSums[i] != null && decSums[i].signum() != 0)) {
                return false;
            }
        }
        return true;
    }

    /**
     * The group's output row ({@code key ++ aggregates}), or null if the group has no rows.
     *
     * @throws SpindleException on a negative multiplicity the totals show, or an integer sum out
     *     of range
     */
    Row evaluate(Object collection, List<Aggregate> aggregates, Row key) {
        if (isEmpty()) {
            return null;
        }
        if (rows <= 0) {
            throw new SpindleException(ErrorCode.NEGATIVE_MULTIPLICITY_3, collection, rows, key);
        }
        RowBuilder out = Row.builder();
        for (int i = 0; i < nonNull.length; i++) {
            Aggregate a = aggregates.get(i);
            if (a.func() == AggregateFunc.COUNT_ROWS) {
                out.add(rows);
                continue;
            }
            long n = nonNull[i];
            if (n < 0 || n > rows) {
                throw new SpindleException(ErrorCode.NEGATIVE_MULTIPLICITY_3, collection, Math.min(n, rows - n), key);
            }
            out.add(a.func() == AggregateFunc.COUNT ? (Object) n : sumOrAverage(a, i, n));
        }
        return key.concat(out.build());
    }

    private Object sumOrAverage(Aggregate a, int i, long n) {
        if (n == 0) {
            return null;
        }
        long decimals = n - integers[i] - inexact[i];
        if (inexact[i] != 0 || (integers[i] != 0 && decimals != 0)) {
            throw new SpindleException(ErrorCode.INTERNAL_ERROR_1,
                    "an accumulated " + a + " over arguments that are not all integers or all decimals");
        }
        Object sum;
        if (integers[i] != 0) {
            sum = intSums[i].value();
        } else {
            sum = decSums[i]; // exact: retracted terms cancelled exactly (and a row keeps no trailing zeros)
        }
        return a.func() == AggregateFunc.SUM ? sum : Aggregation.average(sum, n);
    }
}
