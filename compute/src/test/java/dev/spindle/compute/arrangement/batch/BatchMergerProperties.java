package dev.spindle.compute.arrangement.batch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spindle.common.row.Row;
import dev.spindle.common.time.Frontier;
import dev.spindle.compute.arrangement.NaiveTrace;
import dev.spindle.compute.arrangement.NaiveTrace.U;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

/** {@link BatchMerger} against naive advance-and-consolidate, in generated fuel slices. */
class BatchMergerProperties {

    static Batch build(List<U> us, Description d) {
        BatchBuilder b = new BatchBuilder();
        for (U u : us) {
            b.push(u.key(), u.val(), u.time(), u.diff());
        }
        return b.build(d);
    }

    /** Up to 200 updates over 20 keys and 3 values at times in {@code [lower, lower + 20)}. */
    static Arbitrary<List<U>> updates(long lower) {
        return BatchBuilderProperties.updates(Arbitraries.just(20), Arbitraries.just(3), lower, lower + 20, 200);
    }

    @Provide
    Arbitrary<List<U>> older() {
        return updates(0);
    }

    @Provide
    Arbitrary<List<U>> newer() {
        return updates(20);
    }

    /** The fuel of each {@code work} call, from 1 to 50, repeated in turn until the merge is done. */
    @Provide
    Arbitrary<List<Integer>> fuel() {
        return Arbitraries.integers().between(1, 50).list().ofMinSize(1).ofMaxSize(8);
    }

    @Property(tries = 300)
    void slicedMergeEqualsNaiveCompaction(@ForAll("older") List<U> a, @ForAll("newer") List<U> b,
                                          @ForAll @IntRange(min = 0, max = 45) int compaction,
                                          @ForAll("fuel") List<Integer> fuel) {
        Batch older = build(a, Description.of(Frontier.MIN, Frontier.at(20)));
        Batch newer = build(b, Description.of(Frontier.at(20), Frontier.at(40)));
        BatchMerger m = BatchMerger.begin(older, newer, Frontier.at(compaction));
        int slices = 0;
        while (!m.isDone()) {
            m.work(fuel.get(slices % fuel.size()));
            assertTrue(++slices <= a.size() + b.size() + 2, "each slice makes progress");
        }
        Batch merged = m.result();
        List<U> all = new ArrayList<>(a);
        all.addAll(b);
        List<U> expected = NaiveTrace.consolidate(all, compaction);
        if (!older.isEmpty() && !newer.isEmpty()) {
            assertEquals(expected, NaiveTrace.contents(merged), "a real merge advances and consolidates");
        }
        // Always: equivalent for every read at t >= since (an empty side may leave times unadvanced).
        assertEquals(expected, NaiveTrace.consolidate(NaiveTrace.contents(merged), compaction));
        assertEquals(new Description(Frontier.MIN, Frontier.at(40), Frontier.at(compaction)), merged.description());
        assertEquals(0, m.allocatedBytes());
    }

    @Example
    void emptyNeighbourIsMergedWithoutCopying() {
        Batch data = build(List.of(new U(Row.of(1), Row.of(1), 3, 1)), Description.of(Frontier.MIN, Frontier.at(5)));
        Batch empty = Batch.empty(Description.of(Frontier.at(5), Frontier.at(9)));
        BatchMerger m = BatchMerger.begin(data, empty, Frontier.at(4));
        assertTrue(m.isDone(), "one time per value: compaction cannot shrink it, so the arrays are shared");
        assertEquals(new Description(Frontier.MIN, Frontier.at(9), Frontier.at(4)), m.result().description());
        assertEquals(NaiveTrace.contents(data), NaiveTrace.contents(m.result()));
        assertSame(data.arrays().get(0), m.result().arrays().get(0));
    }

    @Example
    void emptyNeighbourStillCompactsWhenThatShrinksTheBatch() {
        Batch data = build(List.of(new U(Row.of(1), Row.of(1), 1, 1), new U(Row.of(1), Row.of(1), 3, -1)),
                Description.of(Frontier.MIN, Frontier.at(5)));
        Batch merged = BatchMerger.mergeNow(data, Batch.empty(Description.of(Frontier.at(5), Frontier.at(9))),
                Frontier.at(4));
        assertTrue(merged.isEmpty());
    }

    @Example
    void onlyAdjacentBatchesMerge() {
        Batch a = Batch.empty(Description.of(Frontier.MIN, Frontier.at(5)));
        Batch b = Batch.empty(Description.of(Frontier.at(6), Frontier.at(9)));
        assertThrows(IllegalArgumentException.class, () -> BatchMerger.begin(a, b, Frontier.MIN));
        assertThrows(IllegalArgumentException.class, () -> BatchMerger.begin(b, a, Frontier.MIN));
        Batch c = Batch.empty(Description.of(Frontier.at(5), Frontier.at(9)));
        assertThrows(IllegalArgumentException.class, () -> BatchMerger.begin(a, c, Frontier.EMPTY));
    }
}
