package dev.spindle.compute.arrangement.batch;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.spindle.common.row.Row;
import dev.spindle.common.time.Frontier;
import dev.spindle.compute.arrangement.NaiveTrace;
import dev.spindle.compute.arrangement.NaiveTrace.U;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/** {@link BatchBuilder} against naive consolidation, over keys of many shapes and sizes. */
class BatchBuilderProperties {

    static Row randomKey(Random r, int domain) {
        int x = r.nextInt(domain);
        switch (r.nextInt(4)) {
            case 0: return Row.of(x);
            case 1: return Row.of((long) x * 1_000_003L - 500_000_000L);
            case 2: return Row.of("key-with-a-long-shared-prefix-" + x);
            default: return Row.of(x % 3, "s" + x);
        }
    }

    static List<U> randomUpdates(Random r, int n, int keyDomain, int valDomain, long lower, long upper) {
        List<U> us = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            Row key = randomKey(r, keyDomain);
            Row val = r.nextInt(5) == 0 ? Row.EMPTY : Row.of(r.nextInt(valDomain));
            long t = lower + (long) r.nextInt((int) (upper - lower));
            long d = r.nextInt(7) - 3;
            us.add(new U(key, val, t, d));
        }
        return us;
    }

    @Property(tries = 200)
    void buildEqualsNaiveConsolidation(@ForAll long seed, @ForAll @IntRange(min = 0, max = 400) int n,
                                       @ForAll @IntRange(min = 1, max = 60) int keyDomain,
                                       @ForAll @IntRange(min = 0, max = 20) int sinceOffset) {
        Random r = new Random(seed);
        List<U> us = randomUpdates(r, n, keyDomain, 1 + r.nextInt(5), 10, 30);
        long since = 10 + sinceOffset;
        BatchBuilder b = new BatchBuilder(r.nextInt(8));
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
