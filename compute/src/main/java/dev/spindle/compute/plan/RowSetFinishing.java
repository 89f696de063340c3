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
public record RowSetFinishing(List<ColumnOrder> order, long limit, long offset, int[] projection)
        implements java.io.Serializable {
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
        Kept kept = keep(rows.size(), rows::get, i -> counts[i]);
        List<long[]> out = new ArrayList<>(kept.size);
        for (int k = 0; k < kept.size; k++) {
            out.add(new long[] {kept.index[k], kept.copies[k]});
        }
        return out;
    }

    /** Entries kept, in output order: {@code index[k]} with {@code copies[k]} copies, for {@code k < size}. */
    private record Kept(int[] index, long[] copies, int size) {
    }

    /**
     * Orders {@code n} entries (by {@link #order()}, stably, so ties keep the given order; not at
     * all without terms, when {@code rowAt} is not called), then skips {@code offset} copies and
     * keeps at most {@code limit}.
     */
    private Kept keep(int n, java.util.function.IntFunction<Row> rowAt, java.util.function.IntToLongFunction countAt) {
        int[] byOrder = new int[n];
        if (order.isEmpty()) {
            for (int i = 0; i < n; i++) {
                byOrder[i] = i;
            }
        } else {
            Integer[] boxed = new Integer[n];
            for (int i = 0; i < n; i++) {
                boxed[i] = i;
            }
            java.util.Comparator<Row> cmp = RowComparators.of(order);
            java.util.Arrays.sort(boxed, (x, y) -> cmp.compare(rowAt.apply(x), rowAt.apply(y)));
            for (int i = 0; i < n; i++) {
                byOrder[i] = boxed[i];
            }
        }
        int[] index = new int[n];
        long[] copies = new long[n];
        int k = 0;
        long skip = offset;
        long left = limit < 0 ? Long.MAX_VALUE : limit;
        for (int j = 0; j < n && left > 0; j++) {
            int i = byOrder[j];
            long count = countAt.applyAsLong(i);
            long skipped = Math.min(skip, count);
            skip -= skipped;
            long c = Math.min(count - skipped, left);
            left -= c;
            if (c > 0) {
                index[k] = i;
                copies[k++] = c;
            }
        }
        return new Kept(index, copies, k);
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
        Row[] decoded = null; // ORDER BY terms compare rows: decode each once
        if (!order.isEmpty()) {
            decoded = new Row[n];
            for (int i = 0; i < n; i++) {
                decoded[i] = rows.row(i);
            }
        }
        Row[] byIndex = decoded;
        Kept kept = keep(n, i -> byIndex[i], rows::count);
        PackedRows selected = rows.select(kept.index, kept.copies, kept.size);
        if (projection == null) {
            return selected;
        }
        PackedRows.Builder out = PackedRows.builder(kept.size);
        for (int i = 0; i < kept.size; i++) {
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
