package dev.spindle.compute.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.spindle.common.row.PackedRows;
import dev.spindle.common.row.Row;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;

/** {@link RowSetFinishing#finish} against the naive order, offset, limit and projection of expanded rows. */
class RowSetFinishingProperties {

    @Property(tries = 300)
    void finishEqualsTheNaiveFinishing(@ForAll long seed) {
        Random r = new Random(seed);
        int n = r.nextInt(60);
        List<Row> distinct = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            distinct.add(Row.of(r.nextInt(5) == 0 ? null : (long) r.nextInt(6), (long) i, "s" + r.nextInt(4)));
        }
        distinct.sort(Comparator.naturalOrder());
        PackedRows.Builder b = PackedRows.builder();
        List<Row> expanded = new ArrayList<>();
        for (Row row : distinct) {
            long c = 1 + r.nextInt(3);
            b.add(row, c);
            for (long k = 0; k < c; k++) {
                expanded.add(row);
            }
        }
        List<ColumnOrder> order = new ArrayList<>();
        for (int k = r.nextInt(3); k > 0; k--) {
            int col = r.nextInt(3);
            order.add(new ColumnOrder(col, r.nextBoolean(), r.nextBoolean()));
        }
        long limit = r.nextInt(3) == 0 ? -1 : r.nextInt(2 * n + 2);
        long offset = r.nextInt(3) == 0 ? 0 : r.nextInt(2 * n + 2);
        int[] projection = r.nextBoolean() ? null : new int[] {2, r.nextInt(3)};
        RowSetFinishing f = new RowSetFinishing(order, limit, offset, projection);

        List<Row> expected = new ArrayList<>(expanded);
        expected.sort(RowComparators.of(order)); // stable: ties stay in row order
        expected = expected.subList((int) Math.min(offset, expected.size()), expected.size());
        if (limit >= 0 && limit < expected.size()) {
            expected = expected.subList(0, (int) limit);
        }
        List<Row> projected = new ArrayList<>();
        for (Row row : expected) {
            projected.add(projection == null ? row : row.project(projection));
        }
        assertEquals(projected, f.finish(b.build()).asList(), f.toString());
    }
}
