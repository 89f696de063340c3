package dev.spindle.compute.arrangement.batch;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.spindle.common.row.Row;
import dev.spindle.common.time.Frontier;
import dev.spindle.compute.arrangement.NaiveTrace;
import dev.spindle.compute.arrangement.NaiveTrace.U;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.RandomDistribution;
import net.jqwik.api.constraints.IntRange;

/** {@link BatchBuilder} against naive consolidation, over keys of many shapes and sizes. */
class BatchBuilderProperties {

    /** Key number {@code x} in one of four shapes: int, spread-out long, long-prefixed string, pair. */
    static Row key(int shape, int x) {
        switch (shape) {
            case 0: return Row.of(x);
            case 1: return Row.of((long) x * 1_000_003L - 500_000_000L);
            case 2: return Row.of("key-with-a-long-shared-prefix-" + x);
            default: return Row.of(x % 3, "s" + x);
        }
    }

    /** For fixed-seed tests: {@code n} updates as {@link #updates} draws them. */
    static List<U> randomUpdates(Random r, int n, int keyDomain, int valDomain, long lower, long upper) {
        List<U> us = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            int x = r.nextInt(keyDomain);
            Row key = key(r.nextInt(4), x);
            Row val = r.nextInt(5) == 0 ? Row.EMPTY : Row.of(r.nextInt(valDomain));
            long t = lower + (long) r.nextInt((int) (upper - lower));
            long d = r.nextInt(7) - 3;
            us.add(new U(key, val, t, d));
        }
        return us;
    }

    /** One update before its key and value are cut to their domains; a negative val is the empty row. */
    private record Raw(int shape, int x, int val, int time, int diff) {
        U cut(int keyDomain, int valDomain, long lower) {
            return new U(key(shape, x % keyDomain), val < 0 ? Row.EMPTY : Row.of(val % valDomain),
                    lower + time, diff);
        }
    }

    /**
     * 0 to {@code maxN} updates: keys of every shape from the first {@code keyDomains} numbers,
     * values from the first {@code valDomains} numbers or empty (a fifth), times in
     * {@code [lower, upper)}, diffs in -3..3 (zeros included); as many as an {@code @IntRange}
     * would draw (mostly few). Shrinking the domains makes keys and values collide.
     */
    static Arbitrary<List<U>> updates(Arbitrary<Integer> keyDomains, Arbitrary<Integer> valDomains, long lower,
                                      long upper, int maxN) {
        Arbitrary<Raw> raw = Combinators.combine(
                Arbitraries.integers().between(0, 3),
                Arbitraries.integers().between(0, 4999),
                Arbitraries.integers().between(-25, 99).withDistribution(RandomDistribution.uniform()),
                Arbitraries.integers().between(0, (int) (upper - lower) - 1),
                Arbitraries.integers().between(-3, 3)).as(Raw::new).withoutEdgeCases();
        Arbitrary<List<Raw>> raws = raw.list().ofMaxSize(maxN).withSizeDistribution(RandomDistribution.biased());
        // No edge cases: they would only be the empty list once per pair of domain edge cases, and
        // the biased sizes give empty and one-update lists often enough.
        return Combinators.combine(keyDomains, valDomains, raws).as((kd, vd, rs) -> {
            List<U> us = new ArrayList<>();
            for (Raw r : rs) {
                us.add(r.cut(kd, vd, lower));
            }
            return us;
        }).withoutEdgeCases();
    }

    /** Up to 400 updates at times 10..29 over 1 to 60 keys and 1 to 5 values. */
    @Provide
    Arbitrary<List<U>> updates() {
        return updates(Arbitraries.integers().between(1, 60), Arbitraries.integers().between(1, 5), 10, 30, 400);
    }

    @Property(tries = 200)
    void buildEqualsNaiveConsolidation(@ForAll("updates") List<U> us,
                                       @ForAll @IntRange(min = 0, max = 20) int sinceOffset,
                                       @ForAll @IntRange(min = 0, max = 7) int expectedUpdates) {
        long since = 10 + sinceOffset;
        BatchBuilder b = new BatchBuilder(expectedUpdates);
        for (U u : us) {
            b.push(u.key(), u.val(), u.time(), u.diff());
        }
        Batch batch = b.build(new Description(Frontier.at(10), Frontier.at(30), Frontier.at(since)));
        List<U> expected = NaiveTrace.consolidate(us, since);
        assertEquals(expected, NaiveTrace.contents(batch));
        assertEquals(expected.size(), batch.records());
        assertEquals(expected.stream().map(U::key).distinct().count(), batch.keyCount());
        assertEquals(expected.stream().map(u -> new NaiveTrace.KV(u.key(), u.val())).distinct().count(), batch.valCount());
    }
}
