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
import java.util.Random;
import java.util.TreeSet;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/** {@link CursorList} and the batch cursor's seeks against naive scans over random batches. */
class CursorListProperties {

    static List<Batch> randomBatches(Random r, int count, int perBatch, int keys, List<U> all) {
        List<Batch> batches = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            BatchBuilder b = new BatchBuilder();
            int n = r.nextInt(perBatch + 1);
            for (int j = 0; j < n; j++) {
                U u = new U(Row.of(r.nextInt(keys)), Row.of(r.nextInt(4)), 10L * i + r.nextInt(10), r.nextBoolean() ? 1 : -1);
                all.add(u);
                b.push(u.key(), u.val(), u.time(), u.diff());
            }
            batches.add(b.build(Description.of(Frontier.at(10L * i), Frontier.at(10L * i + 10))));
        }
        return batches;
    }

    @Property(tries = 200)
    void mergedWalkHasEveryUpdateOnceInKeyValOrder(@ForAll long seed, @ForAll @IntRange(min = 0, max = 6) int count) {
        Random r = new Random(seed);
        List<U> all = new ArrayList<>();
        List<Batch> batches = randomBatches(r, count, 40, 30, all);
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
        int updates = batches.stream().mapToInt(Batch::records).sum();
        assertEquals(updates, walked.size());
    }

    @Property(tries = 200)
    void seeksLandOnTheFirstKeyAndValueAtOrAfterTheTarget(@ForAll long seed, @ForAll @IntRange(min = 1, max = 5) int count) {
        Random r = new Random(seed);
        List<U> all = new ArrayList<>();
        List<Batch> batches = randomBatches(r, count, 60, 200, all);
        TreeSet<Row> keys = new TreeSet<>();
        all.forEach(u -> keys.add(u.key()));
        Cursor single = batches.get(0).cursor();
        List<Cursor> cursors = new ArrayList<>();
        batches.forEach(b -> cursors.add(b.cursor()));
        Cursor merged = new CursorList(cursors);
        TreeSet<Row> firstKeys = new TreeSet<>();
        NaiveTrace.contents(batches.get(0)).forEach(u -> firstKeys.add(u.key()));
        int target = 0;
        while (target < 220) {
            target += r.nextInt(25);
            Row t = Row.of(target);
            single.seekKey(t);
            merged.seekKey(t);
            Row expectSingle = firstKeys.ceiling(t);
            Row expectMerged = keysStillPresent(batches, t);
            assertEquals(expectSingle, single.keyValid() ? single.key() : null, "single seek to " + target);
            assertEquals(expectMerged, merged.keyValid() ? merged.key() : null, "merged seek to " + target);
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
