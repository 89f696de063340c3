package dev.spindle.common.update;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spindle.common.row.Row;
import dev.spindle.common.time.Frontier;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/** Consolidation against a naive oracle: a map from (row, time) to summed diff. */
class ConsolidationProperties {

    @Provide
    Arbitrary<List<Update>> updates() {
        Arbitrary<Row> rows = Arbitraries.integers().between(0, 6).map(k -> Row.of(k, k % 3 == 0 ? null : "v" + k));
        Arbitrary<Long> times = Arbitraries.longs().between(0, 8);
        Arbitrary<Long> diffs = Arbitraries.longs().between(-3, 3);
        return Combinators.combine(rows, times, diffs).as(Update::new).list().ofMaxSize(60);
    }

    private static Map<List<Object>, Long> naive(List<Update> updates) {
        Map<List<Object>, Long> m = new HashMap<>();
        for (Update u : updates) {
            m.merge(List.of(u.row(), u.time()), u.diff(), Long::sum);
        }
        m.values().removeIf(v -> v == 0);
        return m;
    }

    @Property
    void preservesSumsAndDropsZeros(@ForAll("updates") List<Update> updates) {
        List<Update> c = Consolidation.consolidate(updates);
        Map<List<Object>, Long> fromC = new HashMap<>();
        for (Update u : c) {
            assertNotEquals(0, u.diff());
            assertEquals(null, fromC.put(List.of(u.row(), u.time()), u.diff()), "one entry per (row, time)");
        }
        assertEquals(naive(updates), fromC);
    }

    @Property
    void isSortedByRowThenTime(@ForAll("updates") List<Update> updates) {
        List<Update> c = Consolidation.consolidate(updates);
        for (int i = 1; i < c.size(); i++) {
            assertTrue(Update.BY_ROW_THEN_TIME.compare(c.get(i - 1), c.get(i)) < 0);
        }
    }

    @Property
    void isIndependentOfOrderAndBatching(@ForAll("updates") List<Update> updates, @ForAll long seed) {
        Random rnd = new Random(seed);
        List<Update> shuffled = new ArrayList<>(updates);
        Collections.shuffle(shuffled, rnd);
        assertEquals(Consolidation.consolidate(updates), Consolidation.consolidate(shuffled));
        // consolidating consolidated chunks gives the same as consolidating the whole
        List<Update> chunked = new ArrayList<>();
        int i = 0;
        while (i < shuffled.size()) {
            int n = 1 + rnd.nextInt(10);
            chunked.addAll(Consolidation.consolidate(shuffled.subList(i, Math.min(shuffled.size(), i + n))));
            i += n;
        }
        assertEquals(Consolidation.consolidate(updates), Consolidation.consolidate(chunked));
    }

    @Property
    void advancingPreservesAccumulationsAtAndAfterSince(@ForAll("updates") List<Update> updates,
                                                        @ForAll("sinces") long since) {
        List<Update> compacted = Consolidation.advanceAndConsolidate(updates, Frontier.at(since));
        for (long t = since; t <= 9; t++) {
            assertEquals(Consolidation.accumulate(updates, t), Consolidation.accumulate(compacted, t), "at " + t);
        }
        for (Update u : compacted) {
            assertTrue(u.time() >= since);
        }
    }

    @Provide
    Arbitrary<Long> sinces() {
        return Arbitraries.longs().between(0, 9);
    }

    @Test
    void overflowIsAnErrorNotAWrap() {
        Row r = Row.of(1);
        List<Update> ups = List.of(new Update(r, 0, Long.MAX_VALUE), new Update(r, 0, 1));
        assertThrows(ArithmeticException.class, () -> Consolidation.consolidate(ups));
    }
}
