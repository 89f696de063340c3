package dev.spindle.compute.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.spindle.common.row.PackedRows;
import dev.spindle.common.row.Row;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.RandomDistribution;
import net.jqwik.api.Tuple;
import net.jqwik.api.Tuple.Tuple3;

/** {@link RowSetFinishing#finish} against the naive order, offset, limit and projection of expanded rows. */
class RowSetFinishingProperties {

    /** A distinct row and how many copies of it there are. */
    record Counted(Row row, long count) {
        @Override
        public String toString() {
            return row + "x" + count;
        }
    }

    /** Distinct rows in row order with their counts, and the finishing to apply to them. */
    record Case(List<Counted> rows, List<ColumnOrder> order, long limit, long offset, int[] projection) {
        @Override
        public String toString() {
            return "Case{rows=" + rows + ", order=" + order + ", limit=" + limit + ", offset=" + offset
                    + ", projection=" + Arrays.toString(projection) + "}";
        }
    }

    /**
     * Up to 59 distinct rows (k: NULL a fifth of the time, else 0..5; the row's index; one of
     * four strings), each 1 to 3 times; 0 to 2 sort columns; no limit a third of the time, else
     * one from 0 to twice the distinct rows plus one, and likewise an offset; half the time a
     * projection of two columns.
     */
    @Provide
    Arbitrary<Case> cases() {
        // A number mapped to NULL or a value: injectNull makes a generator per value, several times slower.
        Arbitrary<Long> k = Arbitraries.integers().between(0, 29).withDistribution(RandomDistribution.uniform())
                .map(x -> x < 6 ? null : (long) (x % 6));
        Arbitrary<Tuple3<Long, Integer, Integer>> row = Combinators.combine(k, Arbitraries.integers().between(0, 3),
                Arbitraries.integers().between(1, 3)).as(Tuple::of).withoutEdgeCases();
        Arbitrary<List<Tuple3<Long, Integer, Integer>>> rows = row.list().ofMaxSize(59)
                .withSizeDistribution(RandomDistribution.uniform());
        Arbitrary<List<ColumnOrder>> order = Combinators.combine(Arbitraries.integers().between(0, 2),
                Arbitraries.of(false, true), Arbitraries.of(false, true)).as(ColumnOrder::new).withoutEdgeCases().list()
                .ofMaxSize(2);
        Arbitrary<Integer> limit = Arbitraries.integers().between(0, 119).injectNull(1.0 / 3);
        Arbitrary<Integer> offset = Arbitraries.integers().between(0, 119).injectNull(1.0 / 3);
        Arbitrary<Integer> projected = Arbitraries.integers().between(0, 2).injectNull(0.5);
        return Combinators.combine(rows, order, limit, offset, projected).as((rs, o, l, off, p) -> {
            List<Counted> counted = new ArrayList<>();
            for (int i = 0; i < rs.size(); i++) {
                Tuple3<Long, Integer, Integer> r = rs.get(i);
                counted.add(new Counted(Row.of(r.get1(), (long) i, "s" + r.get2()), r.get3()));
            }
            counted.sort(Comparator.comparing(Counted::row));
            int bound = 2 * rs.size() + 2;
            return new Case(counted, o, l == null ? -1 : l % bound, off == null ? 0 : off % bound,
                    p == null ? null : new int[] {2, p});
        });
    }

    @Property(tries = 300)
    void finishEqualsTheNaiveFinishing(@ForAll("cases") Case c) {
        PackedRows.Builder b = PackedRows.builder();
        List<Row> expanded = new ArrayList<>();
        for (Counted row : c.rows()) {
            b.add(row.row(), row.count());
            for (long k = 0; k < row.count(); k++) {
                expanded.add(row.row());
            }
        }
        List<ColumnOrder> order = c.order();
        long limit = c.limit();
        long offset = c.offset();
        int[] projection = c.projection();
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
