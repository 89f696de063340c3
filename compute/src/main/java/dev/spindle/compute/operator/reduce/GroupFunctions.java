package dev.spindle.compute.operator.reduce;

import dev.spindle.common.row.Row;
import dev.spindle.compute.plan.Aggregate;
import dev.spindle.compute.plan.ColumnOrder;
import dev.spindle.compute.plan.RowComparators;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The group functions of the reduction plans: GROUP BY aggregates, DISTINCT, threshold and top-k.
 */
public final class GroupFunctions {
    private GroupFunctions() {
    }

    /**
     * GROUP BY {@code key}: one row {@code key ++ aggregates} for a non-empty group. Multiplicities
     * must be positive (else an error).
     */
    public static GroupFunction reduce(String collection, List<Aggregate> aggregates) {
        List<Aggregate> aggs = List.copyOf(aggregates);
        return (key, rows, counts) -> {
            if (rows.isEmpty()) {
                return List.of();
            }
            Aggregation.checkPositive(collection, rows, counts);
            return List.of(new RowCount(key.concat(Aggregation.evaluate(aggs, rows, counts)), 1));
        };
    }

    /** Keeps each row with its count if the count is positive (EXCEPT and INTERSECT need it). */
    public static GroupFunction threshold() {
        return (key, rows, counts) -> {
            List<RowCount> out = new ArrayList<>();
            for (int i = 0; i < rows.size(); i++) {
                if (counts[i] > 0) {
                    out.add(new RowCount(rows.get(i), counts[i]));
                }
            }
            return out;
        };
    }

    /** One copy of each row with a positive count; an error on a negative one. */
    public static GroupFunction distinct(String collection) {
        return (key, rows, counts) -> {
            Aggregation.checkPositive(collection, rows, counts);
            List<RowCount> out = new ArrayList<>();
            for (Row r : rows) {
                out.add(new RowCount(r, 1));
            }
            return out;
        };
    }

    /**
     * The rows of each group ranked by {@code order} (ties broken by the whole row), without the
     * first {@code offset}, at most {@code limit} ({@code -1}: no limit), with multiplicities.
     */
    public static GroupFunction topK(String collection, List<ColumnOrder> order, long limit, long offset) {
        Comparator<Row> cmp = RowComparators.of(order);
        return (key, rows, counts) -> {
            Aggregation.checkPositive(collection, rows, counts);
            List<Integer> idx = new ArrayList<>();
            for (int i = 0; i < rows.size(); i++) {
                idx.add(i);
            }
            idx.sort((a, b) -> cmp.compare(rows.get(a), rows.get(b)));
            List<RowCount> out = new ArrayList<>();
            long skip = offset;
            long left = limit < 0 ? Long.MAX_VALUE : limit;
            for (int i : idx) {
                long n = counts[i];
                long s = Math.min(skip, n);
                skip -= s;
                n = Math.min(n - s, left);
                left -= n;
                if (n > 0) {
                    out.add(new RowCount(rows.get(i), n));
                }
                if (left == 0) {
                    break;
                }
            }
            return out;
        };
    }
}
