package dev.spindle.compute.arrangement.spine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spindle.common.row.Row;
import dev.spindle.common.time.Frontier;
import dev.spindle.compute.arrangement.NaiveTrace;
import dev.spindle.compute.arrangement.NaiveTrace.U;
import dev.spindle.compute.arrangement.trace.TraceHandle;
import dev.spindle.compute.arrangement.trace.TraceSnapshot;
import dev.spindle.compute.testing.Histories;
import dev.spindle.compute.testing.Histories.Change;
import dev.spindle.compute.testing.Histories.Live;
import dev.spindle.compute.testing.Histories.Op;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.RandomDistribution;
import net.jqwik.api.Tuple;
import net.jqwik.api.constraints.IntRange;

/**
 * The spine against the naive oracle: whatever the batching, the interleaved {@code work(fuel)}
 * calls and the compaction holds, a read at any {@code t} with {@code since <= t < upper} equals
 * the sum of the raw updates at times {@code <= t}.
 */
class SpineProperties {

    /** The most batches the ladder may hold after {@code virtualRecords}: two per level. */
    static int ladderBound(long virtualRecords) {
        return 2 * (MergeLadder.levelOf(virtualRecords + 1) + 3);
    }

    static void checkAllReads(TraceSnapshot snap, List<U> updates) {
        long lo = snap.since().time();
        long hi = snap.upper().time();
        for (long t = lo; t < hi; t++) {
            assertEquals(NaiveTrace.at(updates, t), snap.readAt(t), "read at " + t + " of " + snap);
        }
    }

    /** An inserted update's key, value and multiplicity (its time comes with the op). */
    record Kvd(int key, int val, int diff) {
    }

    /** An op at {@code offset} (modulo the step's width) past the step's lower bound. */
    record TimedOp(int offset, Op<Kvd> op) {
    }

    /**
     * What the test does after inserting a step's batch, null for nothing: {@code work} and
     * {@code exert} fuel; {@code hold} and {@code secondHold} move the first and second handle's
     * logical compaction that many percent of the way from where it is to {@code upper + 1};
     * {@code cloneHandle} makes the second handle (if there is none yet, and then the second hold
     * waits a step); {@code physicalLag} (physical mode 1 only) puts the first handle's physical
     * compaction that far behind the upper and releases the second's.
     */
    record Moves(Integer work, Integer exert, Integer hold, boolean cloneHandle, Integer secondHold, Integer physicalLag) {
        @Override
        public String toString() {
            StringBuilder sb = new StringBuilder();
            if (work != null) {
                sb.append(" work ").append(work);
            }
            if (exert != null) {
                sb.append(" exert ").append(exert);
            }
            if (hold != null) {
                sb.append(" hold +").append(hold).append('%');
            }
            if (cloneHandle) {
                sb.append(" clone");
            }
            if (secondHold != null) {
                sb.append(" second hold +").append(secondHold).append('%');
            }
            if (physicalLag != null) {
                sb.append(" physical lag ").append(physicalLag);
            }
            return sb.toString().trim();
        }
    }

    /** One batch of {@code [lower, lower + width)}, then the moves. */
    record GenStep(int width, List<TimedOp> ops, Moves moves) {
    }

    /** The interpreted history and the moves after each of its steps. */
    record Script(History history, List<Moves> moves) {
        static Script of(List<GenStep> gen) {
            History h = new History();
            Live<Kvd> live = new Live<>();
            List<Moves> moves = new ArrayList<>();
            long t = 0;
            for (GenStep g : gen) {
                long upper = t + g.width();
                List<U> us = new ArrayList<>();
                for (TimedOp op : g.ops()) {
                    Change<Kvd> c = live.apply(op.op());
                    if (c != null) {
                        Kvd v = c.value();
                        us.add(new U(Row.of(v.key()), Row.of(v.val()), t + op.offset() % g.width(), c.diff() * v.diff()));
                    }
                }
                h.steps.add(new History.Step(t, upper, us));
                h.all.addAll(us);
                moves.add(g.moves());
                t = upper;
            }
            return new Script(h, moves);
        }

        /** Each step as "[lower, upper): (key)(val)@time+diff ...; moves". */
        @Override
        public String toString() {
            StringBuilder sb = new StringBuilder("Script{");
            for (int i = 0; i < moves.size(); i++) {
                History.Step step = history.steps.get(i);
                sb.append(i == 0 ? "" : ", ").append('[').append(step.lower()).append(", ").append(step.upper()).append("):");
                for (U u : step.updates()) {
                    sb.append(' ').append(u.key()).append(u.val()).append('@').append(u.time())
                            .append(u.diff() > 0 ? "+" : "").append(u.diff());
                }
                sb.append("; ").append(moves.get(i));
            }
            return sb.append('}').toString();
        }
    }

    /**
     * 1 to 40 steps of width 1 to 4 with up to 6 updates each over 6 keys and 3 values,
     * multiplicities 1 or 2, a third of them retracting a live update; between steps, work in
     * half of them, exert in a quarter, the first hold moves in a third, the second handle
     * appears with a chance of a sixth and then moves in a third, the physical hold in half.
     */
    @Provide
    Arbitrary<Script> scripts() {
        Arbitrary<Kvd> kvd = Combinators.combine(Arbitraries.integers().between(0, 5), Arbitraries.integers().between(0, 2),
                Arbitraries.integers().between(1, 2)).as(Kvd::new);
        Arbitrary<TimedOp> op = Combinators.combine(Arbitraries.integers().between(0, 3), Histories.ops(kvd))
                .as(TimedOp::new);
        Arbitrary<Moves> moves = Combinators.combine(maybe(0, 39, 0.5), maybe(1, 64, 0.25), maybe(0, 100, 1.0 / 3),
                Arbitraries.frequency(Tuple.of(5, false), Tuple.of(1, true)), maybe(0, 100, 1.0 / 3), maybe(0, 5, 0.5))
                .as(Moves::new);
        Arbitrary<GenStep> step = Combinators.combine(Arbitraries.integers().between(1, 4),
                op.list().ofMaxSize(6).withSizeDistribution(RandomDistribution.uniform()), moves).as(GenStep::new)
                .withoutEdgeCases();
        return step.list().ofMinSize(1).ofMaxSize(40).withSizeDistribution(RandomDistribution.biased()).map(Script::of);
    }

    /**
     * With probability {@code p} a number in {@code [min, max]}, else null (no move); shrinks
     * towards null. (Not {@code injectNull}, which makes a generator per value: several times
     * slower.)
     */
    private static Arbitrary<Integer> maybe(int min, int max, double p) {
        int none = (int) Math.round((max - min + 1) * (1 - p) / p);
        return Arbitraries.integers().between(min - none, max).withDistribution(RandomDistribution.uniform())
                .shrinkTowards(min - 1).map(x -> x < min ? null : x);
    }

    /** {@code from} moved {@code percent} of the way to {@code upper + 1}. */
    private static Frontier moved(long from, long upper, int percent) {
        return Frontier.at(from + (upper + 1 - from) * percent / 100);
    }

    /**
     * @param physicalMode 0: no physical hold (everything mergeable); 1: physical hold lags the
     *     upper; 2: physical hold stays at MIN (nothing merges)
     */
    @Property(tries = 200)
    void readsEqualNaiveSumsUnderRandomBatchingWorkAndCompaction(
            @ForAll("scripts") Script script, @ForAll @IntRange(min = 0, max = 2) int physicalMode) {
        History h = script.history();
        TracePair pair = Spine.create();
        Spine spine = pair.writer();
        TraceHandle first = pair.handle();
        TraceHandle second = null;
        if (physicalMode == 0) {
            first.setPhysicalCompaction(Frontier.EMPTY);
        }
        List<U> inserted = new ArrayList<>();
        long virtual = 0;
        for (int i = 0; i < h.steps.size(); i++) {
            History.Step step = h.steps.get(i);
            Moves m = script.moves().get(i);
            var batch = step.batch();
            spine.insert(batch);
            inserted.addAll(step.updates());
            virtual += batch.records() + 1;
            if (m.work() != null) {
                spine.work(m.work());
            }
            if (m.exert() != null) {
                spine.exert(m.exert());
            }
            long upper = spine.upper().time();
            if (m.hold() != null) {
                first.setLogicalCompaction(moved(first.logicalCompaction().time(), upper, m.hold()));
            }
            if (second == null && m.cloneHandle()) {
                second = first.cloneHandle();
            } else if (second != null && m.secondHold() != null) {
                second.setLogicalCompaction(moved(second.logicalCompaction().time(), upper, m.secondHold()));
            }
            if (physicalMode == 1 && m.physicalLag() != null) {
                first.setPhysicalCompaction(Frontier.at(Math.max(0, upper - m.physicalLag())));
                if (second != null) {
                    second.setPhysicalCompaction(Frontier.EMPTY);
                }
            }
            TraceSnapshot snap = spine.snapshot();
            assertEquals(spine.upper(), snap.upper());
            Frontier meet = first.logicalCompaction().meet(second == null ? Frontier.EMPTY : second.logicalCompaction());
            assertTrue(snap.since().lessEqual(meet), "since " + snap.since() + " passed the holds' meet " + meet);
            assertTrue(snap.since().lessEqual(spine.trace().since()), "published since is at most the grant");
            checkAllReads(snap, inserted);
            if (physicalMode == 0) {
                assertTrue(snap.batches().size() <= ladderBound(virtual),
                        snap.batches().size() + " batches after " + virtual + " virtual records");
            }
        }
        spine.work(Long.MAX_VALUE);
        assertFalse(spine.hasWork());
        TraceSnapshot end = spine.snapshot();
        checkAllReads(end, h.all);
        long last = end.upper().time() - 1;
        assertEquals(NaiveTrace.at(h.all, last), end.readAt(last), "no update lost or duplicated");
        assertEquals(end.batches().stream().mapToLong(b -> b.records()).sum(), end.size().records());
    }
}
