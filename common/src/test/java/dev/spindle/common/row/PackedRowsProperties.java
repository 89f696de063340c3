package dev.spindle.common.row;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/** {@link PackedRows} against a plain list of rows with copies. */
class PackedRowsProperties {

    private record Entry(Row row, long count) {
    }

    private static Row randomRow(Random r, int domain) {
        int x = r.nextInt(domain);
        switch (r.nextInt(4)) {
            case 0: return Row.of((long) x);
            case 1: return Row.of((long) x * 1_000_003L - 500_000_000L, "v" + (x % 7));
            case 2: return Row.of("a-long-shared-prefix-" + x);
            default: return r.nextInt(9) == 0 ? Row.EMPTY : Row.of(x % 3, null, (double) x / 3);
        }
    }

    private static List<Entry> randomEntries(Random r, int n) {
        List<Entry> out = new ArrayList<>();
        int domain = 1 + r.nextInt(100);
        for (int i = 0; i < n; i++) {
            out.add(new Entry(randomRow(r, domain), 1 + (r.nextInt(4) == 0 ? r.nextInt(5) : 0)));
        }
        return out;
    }

    private static PackedRows pack(List<Entry> entries, Random r) {
        PackedRows.Builder b = PackedRows.builder(r.nextInt(4));
        for (Entry e : entries) {
            if (r.nextBoolean()) {
                b.add(e.row(), e.count());
            } else {
                byte[] bytes = e.row().toBytes();
                byte[] padded = new byte[bytes.length + 6];
                System.arraycopy(bytes, 0, padded, 3, bytes.length);
                b.add(padded, 3, 3 + bytes.length, e.count());
            }
        }
        return b.build();
    }

    private static List<Row> expand(List<Entry> entries) {
        List<Row> out = new ArrayList<>();
        for (Entry e : entries) {
            for (long k = 0; k < e.count(); k++) {
                out.add(e.row());
            }
        }
        return out;
    }

    @Property(tries = 300)
    void concatSortAndListEqualTheNaiveOnes(@ForAll long seed, @ForAll @IntRange(min = 0, max = 4) int parts) {
        Random r = new Random(seed);
        List<Entry> all = new ArrayList<>();
        List<PackedRows> packed = new ArrayList<>();
        for (int p = 0; p < parts; p++) {
            List<Entry> part = randomEntries(r, r.nextInt(200));
            all.addAll(part);
            packed.add(pack(part, r));
        }
        PackedRows whole = PackedRows.concat(packed);
        assertEquals(all.size(), whole.size());
        assertEquals(expand(all), whole.asList(), "concatenated in order, copies expanded");
        assertEquals(all.stream().mapToLong(Entry::count).sum(), whole.totalRows());
        List<Entry> sorted = new ArrayList<>(all);
        sorted.sort(Comparator.comparing(Entry::row)); // stable, as PackedRows.sorted is
        PackedRows s = whole.sorted();
        assertEquals(expand(sorted), s.asList(), "sorted by row order");
        for (int i = 0; i < s.size(); i++) {
            assertEquals(sorted.get(i).count(), s.count(i), "counts travel with their rows");
        }
        for (int i = 1; i < s.size(); i++) {
            assertEquals(Integer.signum(s.row(i - 1).compareTo(s.row(i))), Integer.signum(s.compare(i - 1, s, i)));
        }
        assertEquals(expand(all), PackedRows.asList(packed), "the parts read in place, in order");
        boolean ordered = true;
        for (int i = 1; i < all.size(); i++) {
            ordered &= all.get(i - 1).row().compareTo(all.get(i).row()) <= 0;
        }
        assertEquals(ordered, PackedRows.inRowOrder(packed));
        // the sorted entries cut into parts are in row order
        List<PackedRows> cut = new ArrayList<>();
        for (int from = 0; from < s.size(); from += 7) {
            int to = Math.min(s.size(), from + 7);
            int[] idx = new int[to - from];
            for (int k = 0; k < idx.length; k++) {
                idx[k] = from + k;
            }
            cut.add(s.select(idx, null, idx.length));
            cut.add(PackedRows.empty());
        }
        assertEquals(true, PackedRows.inRowOrder(cut));
        assertEquals(expand(sorted), PackedRows.asList(cut));
    }

    @Property(tries = 200)
    void selectPicksEntriesWithTheirNewCopies(@ForAll long seed) {
        Random r = new Random(seed);
        List<Entry> all = randomEntries(r, 1 + r.nextInt(100));
        PackedRows p = pack(all, r);
        int k = r.nextInt(all.size() + 1);
        int[] idx = new int[k];
        long[] copies = new long[k];
        List<Entry> expected = new ArrayList<>();
        for (int j = 0; j < k; j++) {
            idx[j] = r.nextInt(all.size());
            copies[j] = 1 + r.nextInt(3);
            expected.add(new Entry(all.get(idx[j]).row(), copies[j]));
        }
        assertEquals(expand(expected), p.select(idx, copies, k).asList());
    }

    @Test
    void countsMustBePositiveAndTheListIsReadOnly() {
        PackedRows.Builder b = PackedRows.builder();
        assertThrows(IllegalArgumentException.class, () -> b.add(Row.of(1L), 0));
        List<Row> rows = b.add(Row.of(1L), 2).build().asList();
        assertEquals(List.of(Row.of(1L), Row.of(1L)), rows);
        assertThrows(UnsupportedOperationException.class, () -> rows.add(Row.of(2L)));
        assertEquals(0, PackedRows.empty().asList().size());
    }
}
