package dev.spindle.compute.plan;

import dev.spindle.common.row.PackedRows;
import dev.spindle.common.row.Row;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * What a peek does to the rows it read before returning them: order, skip {@code offset},
 * keep at most {@code limit}, then project. Applied by the controller once the workers' parts
 * are merged. Without an order the rows come in the arrangement's order (sorted by row), which is
 * deterministic.
 *
 * @param order ORDER BY terms, possibly empty
 * @param limit the most rows to return, or -1 for no limit
 * @param offset the rows to skip
 * @param projection the output columns, or null for all
 */
public record RowSetFinishing(List<ColumnOrder> order, long limit, long offset, int[] projection) {
    public RowSetFinishing {
        order = List.copyOf(Objects.requireNonNull(order, "order"));
        if (limit < -1 || offset < 0) {
            throw new IllegalArgumentException("limit must be >= -1 and offset >= 0");
        }
        projection = projection == null ? null : projection.clone();
    }

    /** Returns every row unchanged. */
    public static RowSetFinishing none() {
        return new RowSetFinishing(List.of(), -1, 0, null);
    }

    /**
     * Which rows the finishing keeps, before projection: pairs {@code (index into rows, copies)}
     * in output order, for rows with multiplicities ({@code counts[i]} copies of
     * {@code rows.get(i)}, each positive) given sorted by row. Ordered by {@link #order()}, then
     * by the whole row (without an order, the given order is kept).
     */
    public List<long[]> select(List<Row> rows, long[] counts) {
        List<Integer> idx = null; // the given order unless there are ORDER BY terms
        if (!order.isEmpty()) {
            idx = new ArrayList<>(rows.size());
            for (int i = 0; i < rows.size(); i++) {
                idx.add(i);
            }
            java.util.Comparator<Row> cmp = RowComparators.of(order);
            idx.sort((x, y) -> cmp.compare(rows.get(x), rows.get(y)));
        }
        List<long[]> out = new ArrayList<>();
        long skip = offset;
        long left = limit < 0 ? Long.MAX_VALUE : limit;
        for (int k = 0; k < rows.size(); k++) {
            int i = idx == null ? k : idx.get(k);
            if (left == 0) {
                break;
            }
            long skipped = Math.min(skip, counts[i]);
            skip -= skipped;
            long n = Math.min(counts[i] - skipped, left);
            left -= n;
            if (n > 0) {
                out.add(new long[] {i, n});
            }
        }
        return out;
    }

    /** True if the finishing keeps every row as it is (no order, limit, offset or projection). */
    public boolean isIdentity() {
        return order.isEmpty() && limit < 0 && offset == 0 && projection == null;
    }

    /**
     * Applies the finishing to rows with multiplicities given sorted by row: the kept entries,
     * in output order, with the copies that survive offset and limit, projected. Rows are decoded
     * only to evaluate ORDER BY terms and projections.
     */
    public PackedRows finish(PackedRows rows) {
        if (isIdentity()) {
            return rows; // nothing to do: no copy of a large result
        }
        int n = rows.size();
        int[] order = new int[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        if (!this.order.isEmpty()) {
            Row[] decoded = new Row[n];
            Integer[] boxed = new Integer[n];
            for (int i = 0; i < n; i++) {
                decoded[i] = rows.row(i);
                boxed[i] = i;
            }
            java.util.Comparator<Row> cmp = RowComparators.of(this.order);
            java.util.Arrays.sort(boxed, (x, y) -> cmp.compare(decoded[x], decoded[y])); // stable: ties keep row order
            for (int i = 0; i < n; i++) {
                order[i] = boxed[i];
            }
        }
        int[] kept = new int[n];
        long[] copies = new long[n];
        int k = 0;
        long skip = offset;
        long left = limit < 0 ? Long.MAX_VALUE : limit;
        for (int j = 0; j < n && left > 0; j++) {
            int i = order[j];
            long skipped = Math.min(skip, rows.count(i));
            skip -= skipped;
            long c = Math.min(rows.count(i) - skipped, left);
            left -= c;
            if (c > 0) {
                kept[k] = i;
                copies[k++] = c;
            }
        }
        PackedRows selected = rows.select(kept, copies, k);
        if (projection == null) {
            return selected;
        }
        PackedRows.Builder out = PackedRows.builder(k);
        for (int i = 0; i < k; i++) {
            out.add(selected.row(i).project(projection), selected.count(i));
        }
        return out.build();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof RowSetFinishing && order.equals(((RowSetFinishing) o).order)
                && limit == ((RowSetFinishing) o).limit && offset == ((RowSetFinishing) o).offset
                && java.util.Arrays.equals(projection, ((RowSetFinishing) o).projection);
    }

    @Override
    public int hashCode() {
        return Objects.hash(order, limit, offset, java.util.Arrays.hashCode(projection));
    }

    @Override
    public String toString() {
        return "Finishing[order=" + order + ", limit=" + limit + ", offset=" + offset + ", projection="
                + java.util.Arrays.toString(projection) + "]";
    }
}
