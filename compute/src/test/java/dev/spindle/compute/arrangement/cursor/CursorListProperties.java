package dev.spindle.compute.arrangement.cursor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spindle.common.row.Row;
import dev.spindle.common.time.Frontier;
import dev.spindle.compute.arrangement.NaiveTrace;
import dev.spindle.compute.arrangement.NaiveTrace.U;
import dev.spindle.compute.arrangement.batch.Batch;
import dev.spindle.compute.arrangement.batch.BatchBuilder;
import dev.spindle.compute.arrangement.batch.Description;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.RandomDistribution;

/** {@link CursorList} and the batch cursor's seeks against naive scans over generated batches. */
class CursorListProperties {

    /**
     * {@code minBatches} to {@code maxBatches} lists of up to {@code perBatch} updates each, keys
     * below {@code keys}, four values, diffs +1 or -1, the times of list {@code i} in
     * {@code [10i, 10i + 10)}.
     */
    static Arbitrary<List<List<U>>> batches(int minBatches, int maxBatches, int perBatch, int keys) {
        Arbitrary<U> update = Combinators.combine(uniform(0, keys - 1), uniform(0, 3), uniform(0, 9), Arbitraries.of(1, -1))
                .as((k, v, t, d) -> new U(Row.of(k), Row.of(v), t, d)).withoutEdgeCases();
        Arbitrary<List<U>> batch = update.list().ofMaxSize(perBatch).withSizeDistribution(RandomDistribution.uniform());
        return batch.list().ofMinSize(minBatches).ofMaxSize(maxBatches).withSizeDistribution(RandomDistribution.biased())
                .map(CursorListProperties::timed);
    }

    private static Arbitrary<Integer> uniform(int min, int max) {
        return Arbitraries.integers().between(min, max).withDistribution(RandomDistribution.uniform());
    }

    /** Moves the updates of list {@code i} from times {@code [0, 10)} to {@code [10i, 10i + 10)}. */
    private static List<List<U>> timed(List<List<U>> batches) {
        List<List<U>> timed = new ArrayList<>();
        for (int i = 0; i < batches.size(); i++) {
            List<U> us = new ArrayList<>();
            for (U u : batches.get(i)) {
                us.add(new U(u.key(), u.val(), 10L * i + u.time(), u.diff()));
            }
            timed.add(us);
        }
        return timed;
    }

    /** Builds each list into a batch of {@code [10i, 10i + 10)}. */
    static List<Batch> build(List<List<U>> updates) {
        List<Batch> batches = new ArrayList<>();
        for (int i = 0; i < updates.size(); i++) {
            BatchBuilder b = new BatchBuilder();
            for (U u : updates.get(i)) {
                b.push(u.key(), u.val(), u.time(), u.diff());
            }
            batches.add(b.build(Description.of(Frontier.at(10L * i), Frontier.at(10L * i + 10))));
        }
        return batches;
    }

    /** Up to 6 batches of up to 40 updates over 30 keys. */
    @Provide
    Arbitrary<List<List<U>>> fewKeys() {
        return batches(0, 6, 40, 30);
    }

    /** 1 to 5 batches of up to 60 updates over 200 keys. */
    @Provide
    Arbitrary<List<List<U>>> manyKeys() {
        return batches(1, 5, 60, 200);
    }

    /** The gaps between successive seek targets, from 0 to 24; the seeks end at 220 at the latest. */
    @Provide
    Arbitrary<List<Integer>> seekGaps() {
        return uniform(0, 24).list().ofMaxSize(40).withSizeDistribution(RandomDistribution.uniform());
    }

    @Property(tries = 200)
    void mergedWalkHasEveryUpdateOnceInKeyValOrder(@ForAll("fewKeys") List<List<U>> updates) {
        List<U> all = updates.stream().flatMap(List::stream).toList();
        List<Batch> batches = build(updates);
        List<Cursor> cursors = new ArrayList<>();
        batches.forEach(b -> cursors.add(b.cursor()));
        List<U> walked = NaiveTrace.contents(new CursorList(cursors));
        // Cursor order is (key, val); times across batches come in batch order. Compare as multisets.
        List<U> sortedWalk = new ArrayList<>(walked);
        sortedWalk.sort(NaiveTrace.BY_KEY_VAL_TIME);
        assertEquals(NaiveTrace.consolidate(all, 0), NaiveTrace.consolidate(sortedWalk, 0));
        for (int i = 1; i < walked.size(); i++) {
            NaiveTrace.KV a = new NaiveTrace.KV(walked.get(i - 1).key(), walked.get(i - 1).val());
            NaiveTrace.KV b = new NaiveTrace.KV(walked.get(i).key(), walked.get(i).val());
            assertFalse(a.compareTo(b) > 0, "walk is in (key, val) order");
        }
        int updateCount = batches.stream().mapToInt(Batch::records).sum();
        assertEquals(updateCount, walked.size());
    }

    @Property(tries = 200)
    void seeksLandOnTheFirstKeyAndValueAtOrAfterTheTarget(@ForAll("manyKeys") List<List<U>> updates,
                                                           @ForAll("seekGaps") List<Integer> gaps) {
        List<Batch> batches = build(updates);
        Cursor single = batches.get(0).cursor();
        List<Cursor> cursors = new ArrayList<>();
        batches.forEach(b -> cursors.add(b.cursor()));
        Cursor merged = new CursorList(cursors);
        TreeSet<Row> firstKeys = new TreeSet<>();
        NaiveTrace.contents(batches.get(0)).forEach(u -> firstKeys.add(u.key()));
        List<Integer> targets = new ArrayList<>();
        int target = 0;
        for (int gap : gaps) {
            target += gap;
            if (target >= 220) {
                break;
            }
            targets.add(target);
        }
        targets.add(220); // past every key
        for (int tg : targets) {
            Row t = Row.of(tg);
            single.seekKey(t);
            merged.seekKey(t);
            Row expectSingle = firstKeys.ceiling(t);
            Row expectMerged = keysStillPresent(batches, t);
            assertEquals(expectSingle, single.keyValid() ? single.key() : null, "single seek to " + tg);
            assertEquals(expectMerged, merged.keyValid() ? merged.key() : null, "merged seek to " + tg);
            if (merged.keyValid()) {
                merged.seekVal(Row.of(2));
                if (merged.valValid()) {
                    assertTrue(merged.compareVal(Row.of(2)) >= 0);
                }
            }
        }
    }

    private static Row keysStillPresent(List<Batch> batches, Row t) {
        Row best = null;
        for (Batch b : batches) {
            for (U u : NaiveTrace.contents(b)) {
                if (u.key().compareTo(t) >= 0 && (best == null || u.key().compareTo(best) < 0)) {
                    best = u.key();
                }
            }
        }
        return best;
    }

    @Example
    void seekNeverMovesBackwardsAndRewindRestarts() {
        BatchBuilder b = new BatchBuilder();
        for (int k = 0; k < 100; k += 10) {
            b.push(Row.of(k), Row.of(0), 0, 1);
            b.push(Row.of(k), Row.of(5), 0, 1);
        }
        Batch batch = b.build(Description.of(Frontier.MIN, Frontier.at(1)));
        Cursor c = batch.cursor();
        c.seekKey(Row.of(45));
        assertEquals(Row.of(50), c.key());
        c.seekKey(Row.of(10));
        assertEquals(Row.of(50), c.key(), "seeking backwards does nothing");
        c.seekVal(Row.of(3));
        assertEquals(Row.of(5), c.val());
        c.stepVal();
        assertFalse(c.valValid());
        assertThrows(IllegalStateException.class, c::val);
        c.seekKey(Row.of(1000));
        assertFalse(c.keyValid());
        assertFalse(c.valValid());
        c.rewind();
        assertEquals(Row.of(0), c.key());
        assertEquals(0, c.compareKey(Row.of(0)));
        assertEquals(-1, c.compareKey(Row.of(1)));
        assertEquals(1, c.compareVal(Row.EMPTY));
        assertEquals(1, c.accumulate(0));
        assertEquals(0, c.accumulate(-1));
    }
}
