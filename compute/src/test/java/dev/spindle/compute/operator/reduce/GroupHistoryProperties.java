package dev.spindle.compute.operator.reduce;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.spindle.common.row.Row;
import dev.spindle.common.update.Consolidation;
import dev.spindle.common.update.Update;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * {@link GroupHistory#at} against {@link Consolidation#accumulate} at every time, for a group's
 * entries given as an arrangement's cursor gives them (values in row order, each with its times)
 * and in any order (a value repeated apart, values out of order: the fallback).
 */
class GroupHistoryProperties {
    @Provide
    Arbitrary<List<Update>> histories() {
        Arbitrary<Update> u = Combinators.combine(Arbitraries.longs().between(0, 6), Arbitraries.longs().between(0, 5),
                Arbitraries.longs().between(-2, 2).filter(d -> d != 0)).as((v, t, d) -> new Update(Row.of(v), t, d));
        return u.list().ofMaxSize(30);
    }

    @Property(tries = 400)
    void accumulatesAsConsolidationDoesAtEveryTime(@ForAll("histories") List<Update> updates, @ForAll boolean cursorOrder,
                                                  @ForAll long seed) {
        List<Update> order = new ArrayList<>(updates);
        if (cursorOrder) {
            order.sort(Update.BY_ROW_THEN_TIME);
        } else {
            Collections.shuffle(order, new Random(seed));
        }
        GroupHistory h = new GroupHistory();
        h.read((key, consumer) -> {
            // as a cursor: one Row instance per run of equal values
            Row current = null;
            for (Update x : order) {
                Row r = current != null && current.equals(x.row()) ? current : x.row();
                current = r;
                consumer.accept(r, x.time(), x.diff());
            }
        }, Row.of(0L));
        for (long t = 0; t <= 6; t++) {
            Map<Row, Long> expected = Consolidation.accumulate(order, t);
            GroupHistory.Accumulated actual = h.at(t);
            assertEquals(new ArrayList<>(expected.keySet()), actual.rows(), "time " + t);
            assertArrayEquals(expected.values().stream().mapToLong(Long::longValue).toArray(), actual.counts(), "time " + t);
        }
    }
}
