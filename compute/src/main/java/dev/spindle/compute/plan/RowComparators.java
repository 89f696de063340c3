package dev.spindle.compute.plan;

import dev.spindle.common.row.Row;
import java.util.Comparator;
import java.util.List;

/**
 * Comparators of rows by ORDER BY terms. A column's values compare in {@link Row}'s encoded order
 * (numeric, code point, FALSE before TRUE); NULL placement follows each term. Ties fall back to
 * the whole row so results are deterministic.
 */
public final class RowComparators {
    private RowComparators() {
    }

    /** The comparator for {@code order}, then the whole row. */
    public static Comparator<Row> of(List<ColumnOrder> order) {
        List<ColumnOrder> terms = List.copyOf(order);
        return (a, b) -> {
            for (ColumnOrder o : terms) {
                boolean an = a.isNull(o.column());
                boolean bn = b.isNull(o.column());
                int c;
                if (an || bn) {
                    c = an == bn ? 0 : (an == o.nullsFirst() ? -1 : 1);
                } else {
                    c = a.project(o.column()).compareTo(b.project(o.column()));
                    if (o.descending()) {
                        c = -c;
                    }
                }
                if (c != 0) {
                    return c;
                }
            }
            return a.compareTo(b);
        };
    }
}
