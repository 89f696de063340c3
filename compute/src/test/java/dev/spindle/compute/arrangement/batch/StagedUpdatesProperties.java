package dev.spindle.compute.arrangement.batch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.spindle.common.time.Frontier;
import dev.spindle.compute.arrangement.NaiveTrace;
import dev.spindle.compute.arrangement.NaiveTrace.U;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/** {@link StagedUpdates} keeps what was pushed, splits by frontier and feeds batch builders exactly. */
class StagedUpdatesProperties {

    private static StagedUpdates stage(List<U> us) {
        StagedUpdates s = new StagedUpdates();
        for (U u : us) {
            s.push(u.key(), u.val(), u.time(), u.diff());
        }
        return s;
    }

    private static List<U> contents(StagedUpdates s) {
        List<U> out = new ArrayList<>();
        for (int i = 0; i < s.size(); i++) {
            out.add(new U(s.key(i), s.val(i), s.time(i), s.diff(i)));
            assertEquals(new dev.spindle.common.update.Update(s.val(i), s.time(i), s.diff(i)), s.update(i));
        }
        return out;
    }

    /** Up to 600 updates at times 10..29 over 1 to 50 keys and 1 to 5 values. */
    @Provide
    Arbitrary<List<U>> updates() {
        return BatchBuilderProperties.updates(Arbitraries.integers().between(1, 50), Arbitraries.integers().between(1, 5),
                10, 30, 600);
    }

    @Property(tries = 200)
    void splitOffKeepsSealedInOrderAndMovesTheRest(@ForAll("updates") List<U> us,
                                                   @ForAll @IntRange(min = 10, max = 31) int frontier) {
        StagedUpdates s = stage(us);
        List<U> nonZero = us.stream().filter(u -> u.diff() != 0).toList();
        assertEquals(nonZero, contents(s), "pushed in order, zero diffs dropped");
        StagedUpdates later = s.splitOff(Frontier.at(frontier));
        assertEquals(nonZero.stream().filter(u -> u.time() < frontier).toList(), contents(s));
        assertEquals(nonZero.stream().filter(u -> u.time() >= frontier).toList(), contents(later));
        later.push(dev.spindle.common.row.Row.of(1), dev.spindle.common.row.Row.EMPTY, 40, 1);
        assertEquals(nonZero.stream().filter(u -> u.time() >= frontier).count() + 1, later.size(), "still writable");
        List<U> kept = new ArrayList<>(nonZero.stream().filter(u -> u.time() < frontier).toList());
        U extra = new U(dev.spindle.common.row.Row.of(2), dev.spindle.common.row.Row.of("x"), 5, 3);
        s.push(extra.key(), extra.val(), extra.time(), extra.diff());
        kept.add(extra);
        assertEquals(kept, contents(s), "the kept stage stays writable after a split");
        assertEquals(0, s.splitOff(Frontier.at(Math.max(frontier, 6))).size(), "everything kept is sealed");
    }

    /**
     * As an arrange operator uses it: pushes interleaved with frontier advances, each advance
     * splitting what is pending into the sealed updates and the rest, which stays pending and
     * writable. Advances below every pending time (a snapshot read batch by batch) included.
     */
    @Property(tries = 200)
    void repeatedSplitsSealExactlyWhatEachFrontierSeals(@ForAll("updates") List<U> us,
                                                       @ForAll @IntRange(min = 1, max = 12) int advances,
                                                       @ForAll long seed) {
        Random r = new Random(seed);
        StagedUpdates pending = new StagedUpdates();
        List<U> naive = new ArrayList<>();
        int frontier = 10;
        int next = 0;
        for (int a = 0; a <= advances; a++) {
            int upTo = a == advances ? us.size() : Math.min(us.size(), next + r.nextInt(us.size() / advances + 2));
            for (; next < upTo; next++) {
                U u = us.get(next);
                if (u.time() >= frontier) { // an arrange's input only gives times at or after its frontier
                    pending.push(u.key(), u.val(), u.time(), u.diff());
                    if (u.diff() != 0) {
                        naive.add(u);
                    }
                }
            }
            int f = a == advances ? 31 : frontier + r.nextInt(4);
            StagedUpdates sealing = pending;
            pending = sealing.splitOff(Frontier.at(f));
            int ff = f;
            assertEquals(naive.stream().filter(u -> u.time() < ff).toList(), contents(sealing), "sealed at " + f);
            naive = new ArrayList<>(naive.stream().filter(u -> u.time() >= ff).toList());
            assertEquals(naive, contents(pending), "pending after " + f);
            frontier = f;
        }
        assertEquals(0, pending.size());
    }

    @Test
    void stagesAcrossChunksAndSplitsThem() {
        Random r = new Random(11);
        int n = 2 * StagedUpdates.CHUNK + 777;
        List<U> us = BatchBuilderProperties.randomUpdates(r, n, 5000, 7, 10, 30);
        StagedUpdates s = stage(us);
        List<U> nonZero = us.stream().filter(u -> u.diff() != 0).toList();
        assertEquals(nonZero, contents(s));
        BatchBuilder b = new BatchBuilder();
        s.copyTo(0, s.size() / 3, b);
        s.copyTo(s.size() / 3, s.size(), b);
        assertEquals(NaiveTrace.consolidate(us, 10),
                NaiveTrace.contents(b.build(new Description(Frontier.at(10), Frontier.at(30), Frontier.at(10)))));
        StagedUpdates later = s.splitOff(Frontier.at(20));
        assertEquals(nonZero.stream().filter(u -> u.time() < 20).toList(), contents(s));
        assertEquals(nonZero.stream().filter(u -> u.time() >= 20).toList(), contents(later));
        // a late update after a long sealed prefix: only the tail is copied, across a chunk boundary
        StagedUpdates t = new StagedUpdates();
        List<U> sealedPart = new ArrayList<>();
        for (int i = 0; i < StagedUpdates.CHUNK + 100; i++) {
            U u = new U(dev.spindle.common.row.Row.of(i), dev.spindle.common.row.Row.EMPTY, 1, 1);
            t.push(u.key(), u.val(), u.time(), u.diff());
            if (i == StagedUpdates.CHUNK - 3) {
                t.push(u.key(), u.val(), 9, 1); // unsealed, in the first chunk
            }
            sealedPart.add(u);
        }
        StagedUpdates late = t.splitOff(Frontier.at(2));
        assertEquals(sealedPart, contents(t));
        assertEquals(1, late.size());
        assertEquals(9, late.time(0));
    }

    /** A datum of one of several encodings: small and large integers, strings, booleans, NULL. */
    private static Object datum(Random r) {
        return switch (r.nextInt(6)) {
            case 0 -> r.nextInt(10) - 3;
            case 1 -> r.nextLong();
            case 2 -> "s".repeat(r.nextInt(12)) + r.nextInt(100);
            case 3 -> r.nextBoolean();
            case 4 -> null;
            default -> (long) r.nextInt(1 << 20);
        };
    }

    /** Staging a row under some of its columns equals staging the projected key row with it. */
    @Property(tries = 200)
    void pushProjectedStagesWhatProjectingTheKeyStages(@ForAll @IntRange(min = 0, max = 300) int n,
                                                       @ForAll long seed) {
        Random r = new Random(seed);
        StagedUpdates projected = new StagedUpdates();
        StagedUpdates naive = new StagedUpdates();
        for (int i = 0; i < n; i++) {
            int arity = 1 + r.nextInt(4);
            Object[] values = new Object[arity];
            for (int c = 0; c < arity; c++) {
                values[c] = datum(r);
            }
            dev.spindle.common.row.Row row = dev.spindle.common.row.Row.of(values);
            int[] cols = new int[1 + r.nextInt(3)];
            for (int k = 0; k < cols.length; k++) {
                cols[k] = r.nextInt(arity); // any order, repeats allowed
            }
            long time = r.nextInt(5);
            long diff = r.nextInt(3) - 1;
            projected.pushProjected(row, cols, time, diff);
            naive.push(row.project(cols), row, time, diff);
            if (r.nextInt(10) == 0) {
                int size = projected.size();
                int[] bad = {arity};
                assertThrows(IndexOutOfBoundsException.class, () -> projected.pushProjected(row, bad, 1, 1));
                assertEquals(size, projected.size(), "nothing staged by a failed push");
            }
        }
        assertEquals(contents(naive), contents(projected));
    }

    @Property(tries = 100)
    void copiedRangesBuildTheNaiveConsolidation(@ForAll("updates") List<U> us,
                                                @ForAll @IntRange(min = 1, max = 5) int parts) {
        StagedUpdates s = stage(us);
        BatchBuilder b = new BatchBuilder();
        int step = Math.max(1, s.size() / parts);
        for (int from = 0; from < s.size(); from += step) {
            s.copyTo(from, Math.min(s.size(), from + step), b);
        }
        Batch batch = b.build(new Description(Frontier.at(10), Frontier.at(30), Frontier.at(10)));
        assertEquals(NaiveTrace.consolidate(us, 10), NaiveTrace.contents(batch));
    }
}
