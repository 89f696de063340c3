package dev.spindle.compute.operator.reduce;

import dev.spindle.common.row.Row;
import dev.spindle.compute.plan.Aggregate;
import dev.spindle.compute.plan.ColumnOrder;
import dev.spindle.compute.plan.RowSetFinishing;
import java.util.ArrayList;
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
        RowSetFinishing ranking = new RowSetFinishing(order, limit, offset, null);
        return (key, rows, counts) -> {
            Aggregation.checkPositive(collection, rows, counts);
            List<RowCount> out = new ArrayList<>();
            for (long[] kept : ranking.select(rows, counts)) {
                out.add(new RowCount(rows.get((int) kept[0]), kept[1]));
            }
            return out;
        };
    }
}
