package dev.spindle.compute.testing;

import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.RandomDistribution;

/**
 * Update histories with retractions as jqwik values that shrink. A history is a list of
 * {@link Op ops}, "insert this value" or "retract the i-th live value", interpreted in order by
 * {@link Live}: whatever jqwik removes from or shrinks in an op list, the rest still reads as a
 * valid history (only live values are retracted, so no multiplicity goes negative).
 */
public final class Histories {
    private Histories() {
    }

    /** One step of a history. */
    public sealed interface Op<T> permits Insert, Retract {
    }

    /** Adds one copy of {@code value}. */
    public record Insert<T>(T value) implements Op<T> {
        @Override
        public String toString() {
            return "+" + value;
        }
    }

    /** Removes the {@code pick}-th live value (modulo the live count); nothing when none is live. */
    public record Retract<T>(int pick) implements Op<T> {
        @Override
        public String toString() {
            return "-#" + pick;
        }
    }

    /** What an op did: {@code value} with {@code diff} +1 or -1. */
    public record Change<T>(T value, int diff) {
        @Override
        public String toString() {
            return (diff > 0 ? "+" : "-") + value;
        }
    }

    /**
     * Ops over {@code values}: two insertions for each retraction. Shrinking turns retractions
     * into insertions and picks towards the oldest live value. (A combination, not
     * {@code frequencyOf}, which makes a generator per value: several times slower in long lists.)
     */
    public static <T> Arbitrary<Op<T>> ops(Arbitrary<T> values) {
        Arbitrary<Integer> kind = Arbitraries.integers().between(0, 2).withDistribution(RandomDistribution.uniform());
        return Combinators.combine(kind, values, Arbitraries.integers().between(0, 63))
                .as((k, value, pick) -> k < 2 ? new Insert<>(value) : new Retract<>(pick));
    }

    /** The live values of a history so far, as a multiset in insertion order. */
    public static final class Live<T> {
        private final List<T> live = new ArrayList<>();

        /** Applies {@code op}; null for a retraction while nothing is live. */
        public Change<T> apply(Op<T> op) {
            if (op instanceof Insert<T> ins) {
                live.add(ins.value());
                return new Change<>(ins.value(), 1);
            }
            if (live.isEmpty()) {
                return null;
            }
            return new Change<>(live.remove(((Retract<T>) op).pick() % live.size()), -1);
        }

        /** Applies {@code ops} in order, dropping retractions while nothing is live. */
        public List<Change<T>> applyAll(List<Op<T>> ops) {
            List<Change<T>> out = new ArrayList<>();
            for (Op<T> op : ops) {
                Change<T> c = apply(op);
                if (c != null) {
                    out.add(c);
                }
            }
            return out;
        }
    }
}
