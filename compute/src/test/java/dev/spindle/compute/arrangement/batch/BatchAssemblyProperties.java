package dev.spindle.compute.arrangement.batch;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spindle.common.row.Row;
import dev.spindle.common.time.Frontier;
import dev.spindle.compute.arrangement.NaiveTrace;
import dev.spindle.compute.arrangement.NaiveTrace.U;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.stream.IntStream;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/**
 * {@link BatchAssembly} (one sort, one write, in slices) builds what naive consolidation and
 * {@link BatchBuilder} build, whatever the fuel of each step; {@link RunSorter} sorts stably in
 * resumable slices.
 */
class BatchAssemblyProperties {

    private static StagedUpdates stage(List<U> us) {
        StagedUpdates s = new StagedUpdates();
        for (U u : us) {
            s.push(u.key(), u.val(), u.time(), u.diff());
        }
        return s;
    }

    /** Assembles with a fuel drawn anew for every step; returns the batch and checks progress. */
    private static Batch assemble(StagedUpdates s, Description d, Random r, int maxFuel) {
        BatchAssembly a = new BatchAssembly(s, d);
        long last = -1;
        int steps = 0;
        while (!a.isDone()) {
            assertThrows(IllegalStateException.class, a::result);
            long e = a.estimate();
            assertTrue(e >= last && e < Math.max(1, s.size()), "estimate " + e + " after " + last);
            last = e;
            a.step(1 + r.nextInt(maxFuel));
            steps++;
            assertTrue(steps <= 100L * (s.size() + 1), "no progress");
        }
        assertEquals(s.size(), a.estimate());
        return a.result();
    }

    /** Up to 600 updates at times 10..29 over 1 to 50 keys (four shapes) and 1 to 5 values. */
    @Provide
    Arbitrary<List<U>> updates() {
        return BatchBuilderProperties.updates(Arbitraries.integers().between(1, 50),
                Arbitraries.integers().between(1, 5), 10, 30, 600);
    }

    @Property(tries = 300)
    void assemblesTheNaiveConsolidation(@ForAll("updates") List<U> us, @ForAll @IntRange(min = 10, max = 30) int since,
                                        @ForAll @IntRange(min = 1, max = 2000) int maxFuel, @ForAll long seed) {
        Description d = new Description(Frontier.at(10), Frontier.at(30), Frontier.at(since));
        Batch batch = assemble(stage(us), d, new Random(seed), maxFuel);
        assertEquals(NaiveTrace.consolidate(us, since), NaiveTrace.contents(batch));
        assertEquals(d, batch.description());
        BatchBuilder b = new BatchBuilder();
        stage(us).copyTo(0, us.stream().filter(u -> u.diff() != 0).mapToInt(u -> 1).sum(), b);
        Batch built = b.build(d);
        assertEquals(built.sizeBytes(), batch.sizeBytes(), "the same columns as the builder's");
        assertEquals(built.minTime(), batch.minTime());
        assertEquals(built.maxTime(), batch.maxTime());
    }

    @Test
    void assemblesAcrossChunksAndLongRunsOfSharedPrefixes() {
        Random r = new Random(5);
        List<U> us = new ArrayList<>();
        int n = 2 * StagedUpdates.CHUNK + 999;
        for (int i = 0; i < n; i++) {
            int x = r.nextInt(20_000);
            // most keys share their first eight bytes: one long run for the tie phase
            Row key = i % 5 == 0 ? Row.of(x) : Row.of("key-with-a-long-shared-prefix-" + x);
            us.add(new U(key, Row.of(r.nextInt(3)), 10 + r.nextInt(5), r.nextInt(5) - 2));
        }
        Description d = new Description(Frontier.at(10), Frontier.at(15), Frontier.at(12));
        for (int maxFuel : new int[] {7, 4096, 1 << 20}) {
            Batch batch = assemble(stage(us), d, r, maxFuel);
            assertEquals(NaiveTrace.consolidate(us, 12), NaiveTrace.contents(batch), "fuel " + maxFuel);
        }
    }

    @Test
    void emptyAndOutOfRange() {
        BatchAssembly empty = new BatchAssembly(new StagedUpdates(), Description.of(Frontier.MIN, Frontier.at(3)));
        assertTrue(empty.isDone());
        assertTrue(empty.result().isEmpty());
        StagedUpdates s = stage(List.of(new U(Row.of(1), Row.EMPTY, 7, 1)));
        BatchAssembly late = new BatchAssembly(s, Description.of(Frontier.MIN, Frontier.at(5)));
        assertThrows(IllegalArgumentException.class, () -> late.step(100));
        assertThrows(IllegalArgumentException.class,
                () -> new BatchAssembly(s, new Description(Frontier.MIN, Frontier.at(9), Frontier.EMPTY)));
    }

    @Property(tries = 300)
    void runSorterSortsStablyInSlices(@ForAll @IntRange(min = 0, max = 3000) int n,
                                      @ForAll @IntRange(min = 1, max = 500) int domain,
                                      @ForAll @IntRange(min = 1, max = 300) int maxFuel, @ForAll long seed) {
        Random r = new Random(seed);
        int[] value = new int[n];
        for (int i = 0; i < n; i++) {
            value[i] = r.nextInt(domain);
        }
        int from = n == 0 ? 0 : r.nextInt(n + 1);
        int to = from + (n == from ? 0 : r.nextInt(n - from + 1));
        int[] a = IntStream.range(0, n).toArray();
        // shuffle the range to sort; the indices outside it must stay put
        for (int i = to - 1; i > from; i--) {
            int j = from + r.nextInt(i - from + 1);
            int t = a[i];
            a[i] = a[j];
            a[j] = t;
        }
        int[] expected = a.clone();
        Integer[] boxed = Arrays.stream(expected, from, to).boxed().toArray(Integer[]::new);
        Arrays.sort(boxed, Comparator.comparingInt((Integer i) -> value[i])); // stable
        for (int i = from; i < to; i++) {
            expected[i] = boxed[i - from];
        }
        RunSorter sorter = new RunSorter(a, from, to, (x, y) -> Integer.compare(value[x], value[y]));
        int steps = 0;
        while (!sorter.isDone()) {
            assertTrue(sorter.work(1 + r.nextInt(maxFuel)) > 0);
            steps++;
            assertTrue(steps <= 1 + (long) n * n, "no progress");
        }
        assertArrayEquals(expected, a);
    }
}
