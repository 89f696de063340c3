package dev.spindle.common.row;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.Tuple.Tuple3;

/** Properties of {@link Row}: total order, agreement with equals/hashCode and with value order. */
class RowProperties {

    /** Three rows of one random schema (1 to 4 columns), so comparisons are between like values. */
    @Provide
    Arbitrary<Tuple3<List<Object>, List<Object>, List<Object>>> sameSchemaTriples() {
        return Datums.kinds().list().ofMinSize(1).ofMaxSize(4).flatMap(schema -> {
            Arbitrary<List<Object>> row = rowOf(schema);
            return Combinators.combine(row, row, row).as(Tuple::of);
        });
    }

    private static Arbitrary<List<Object>> rowOf(List<DatumKind> schema) {
        List<Arbitrary<Object>> cols = new ArrayList<>();
        for (DatumKind k : schema) {
            // Small domains for some columns so that ties are common and later columns decide.
            cols.add(Arbitraries.oneOf(Datums.values(k), Datums.values(k).injectDuplicates(0.5)));
        }
        return Combinators.combine(cols).as(vals -> vals);
    }

    @Property(tries = 2000)
    void orderMatchesNaiveTupleOrder(@ForAll("sameSchemaTriples") Tuple3<List<Object>, List<Object>, List<Object>> t) {
        Row a = Row.of(t.get1().toArray());
        Row b = Row.of(t.get2().toArray());
        assertEquals(Integer.signum(Datums.compareTuples(t.get1(), t.get2())), Integer.signum(a.compareTo(b)),
                () -> a + " vs " + b);
    }

    /**
     * The order of encodings held in slabs (what cursors compare: a short head byte by byte, the
     * rest vectorized) is the rows' order, at any offsets, for rows of any lengths.
     */
    @Property(tries = 2000)
    void encodedOrderInSlabsIsTheRowOrder(@ForAll("sameSchemaTriples") Tuple3<List<Object>, List<Object>, List<Object>> t,
                                          @ForAll @net.jqwik.api.constraints.IntRange(min = 0, max = 5) int gap) {
        Row a = Row.of(t.get1().toArray());
        Row b = Row.of(t.get2().toArray());
        byte[] slab = new byte[gap + a.encodedLength() + gap + b.encodedLength()];
        int aTo = a.writeTo(slab, gap);
        int bFrom = aTo + gap;
        int bTo = b.writeTo(slab, bFrom);
        assertEquals(Integer.signum(a.compareTo(b)), Integer.signum(Row.compareEncoded(slab, gap, aTo, slab, bFrom, bTo)),
                () -> a + " vs " + b);
        assertEquals(Integer.signum(a.compareTo(b)), Integer.signum(a.compareTo(slab, bFrom, bTo)));
        // a proper prefix orders first, also past the bytes compared one at a time
        Row longer = a.concat(Row.of("a string long enough to pass the head of the comparison"));
        byte[] l = longer.toBytes();
        assertTrue(Row.compareEncoded(slab, gap, aTo, l, 0, l.length) < 0);
        assertTrue(Row.compareEncoded(l, 0, l.length, slab, gap, aTo) > 0);
        assertEquals(0, Row.compareEncoded(l, 0, l.length, longer.toBytes(), 0, l.length));
    }

    @Property(tries = 2000)
    void orderIsTotalAndConsistentWithEquals(@ForAll("sameSchemaTriples") Tuple3<List<Object>, List<Object>, List<Object>> t) {
        Row a = Row.of(t.get1().toArray());
        Row b = Row.of(t.get2().toArray());
        Row c = Row.of(t.get3().toArray());
        // antisymmetry
        assertEquals(Integer.signum(a.compareTo(b)), -Integer.signum(b.compareTo(a)));
        // transitivity
        if (a.compareTo(b) <= 0 && b.compareTo(c) <= 0) {
            assertTrue(a.compareTo(c) <= 0, () -> a + " <= " + b + " <= " + c);
        }
        // consistent with equals and hashCode
        assertEquals(a.compareTo(b) == 0, a.equals(b));
        if (a.equals(b)) {
            assertEquals(a.hashCode(), b.hashCode());
            assertEquals(a.hash64(), b.hash64());
        }
        // reflexive
        assertEquals(0, a.compareTo(Row.of(t.get1().toArray())));
        assertEquals(a, Row.of(t.get1().toArray()));
    }

    @Property(tries = 1000)
    void equalRowsHaveEqualHashesAcrossKinds(@ForAll("anyRow") List<Object> values) {
        Row a = Row.of(values.toArray());
        Row b = Row.decode(a.toBytes(), 0, a.encodedLength());
        assertEquals(a, b);
        assertEquals(a.hashCode(), b.hashCode());
        assertEquals(0, a.compareTo(b));
    }

    @Provide
    Arbitrary<List<Object>> anyRow() {
        return Datums.kinds().list().ofMaxSize(6).flatMap(RowProperties::rowOf);
    }

    @Property(tries = 2000)
    void decodesWhatWasEncoded(@ForAll("anyRow") List<Object> values) {
        Row r = Row.of(values.toArray());
        assertEquals(values.size(), r.arity());
        Object[] decoded = r.toArray();
        for (int i = 0; i < values.size(); i++) {
            Object expected = Datums.canonical(values.get(i));
            assertEquals(expected, decoded[i], "column " + i + " of " + r);
            assertEquals(expected, r.get(i));
            assertEquals(values.get(i) == null, r.isNull(i));
        }
    }

    @Property(tries = 1000)
    void decodingSomeColumnsGivesThoseAndNullsElsewhere(@ForAll("anyRow") List<Object> values, @ForAll long seed) {
        java.util.Random rnd = new java.util.Random(seed);
        boolean[] wanted = new boolean[rnd.nextInt(values.size() + 2)];
        for (int i = 0; i < wanted.length; i++) {
            wanted[i] = rnd.nextBoolean();
        }
        Object[] out = new Object[rnd.nextInt(values.size() + 2)];
        Arrays.fill(out, "stale");
        Row r = Row.of(values.toArray());
        assertEquals(values.size(), r.decodeInto(out, wanted));
        for (int i = 0; i < out.length; i++) {
            boolean decoded = i < values.size() && i < wanted.length && wanted[i];
            Object expected = decoded ? Datums.canonical(values.get(i)) : i < values.size() ? null : "stale";
            assertEquals(expected, out[i], "column " + i + " of " + r);
        }
    }

    @Property(tries = 1000)
    void projectionCopiesColumns(@ForAll("anyRow") List<Object> values, @ForAll long seed) {
        if (values.isEmpty()) {
            return;
        }
        java.util.Random rnd = new java.util.Random(seed);
        int[] cols = rnd.ints(rnd.nextInt(5), 0, values.size()).toArray();
        Row projected = Row.of(values.toArray()).project(cols);
        Object[] expected = Arrays.stream(cols).mapToObj(i -> Datums.canonical(values.get(i))).toArray();
        assertEquals(Arrays.asList(expected), Arrays.asList(projected.toArray()));
        assertEquals(Row.of(Arrays.stream(cols).mapToObj(values::get).toArray()), projected);
        Row row = Row.of(values.toArray());
        org.junit.jupiter.api.Assertions.assertThrows(IndexOutOfBoundsException.class, () -> row.project(0, values.size()));
        org.junit.jupiter.api.Assertions.assertThrows(IndexOutOfBoundsException.class, () -> row.project(-1));
    }

    @Property(tries = 500)
    void concatenationOrdersLexicographically(@ForAll("sameSchemaTriples") Tuple3<List<Object>, List<Object>, List<Object>> t) {
        // (a ++ c) vs (b ++ c) is decided by a vs b unless they are equal.
        Row a = Row.of(t.get1().toArray());
        Row b = Row.of(t.get2().toArray());
        Row c = Row.of(t.get3().toArray());
        int direct = Integer.signum(a.compareTo(b));
        int concatenated = Integer.signum(a.concat(c).compareTo(b.concat(c)));
        assertEquals(direct, concatenated);
    }
}
