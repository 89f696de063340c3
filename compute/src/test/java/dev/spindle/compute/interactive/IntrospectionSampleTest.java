package dev.spindle.compute.interactive;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spindle.common.id.GlobalId;
import dev.spindle.common.row.Row;
import dev.spindle.common.update.Update;
import dev.spindle.compute.controller.RuntimeMode;
import dev.spindle.compute.introspection.IntrospectionCollector;
import dev.spindle.compute.introspection.IntrospectionRelation;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@link IntrospectionCollector#sample()}: the changes since the previous sample, at time 0, for a
 * host that appends them to the logs at its own timestamps (as the SQL coordinator does).
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class IntrospectionSampleTest {
    private final SplitFixture f = new SplitFixture(RuntimeMode.SPLIT, 2);

    @AfterEach
    void close() {
        f.close();
    }

    @Test
    void aSampleIsTheDifferenceFromThePreviousOneAndAppendsAtTheHostsTime() throws Exception {
        f.write(1, Update.insert(Row.of(1L, 1L), 1), Update.insert(Row.of(2L, 2L), 1));
        GlobalId index = GlobalId.user(10);
        long df = f.createIndex(index, 1);
        f.rows(index, 1);
        IntrospectionCollector c = IntrospectionCollector.start(f.ctl, f.tables);

        Map<GlobalId, List<Update>> first = c.sample();
        assertTrue(first.values().stream().flatMap(List::stream).allMatch(u -> u.time() == 0 && u.diff() > 0),
                "the first sample only inserts, at time 0");
        assertTrue(first.get(IntrospectionRelation.DATAFLOWS.id()).stream().anyMatch(u -> u.row().getLong(0) == df));
        assertFalse(first.containsKey(IntrospectionRelation.ARRANGEMENT_SIZES_TOTAL.id()), "derived, not a log");

        f.ctl.dropIndex(index);
        Map<GlobalId, List<Update>> second = c.sample();
        Map<Row, Long> dataflows = new TreeMap<>();
        for (List<Update> us : List.of(first.get(IntrospectionRelation.DATAFLOWS.id()),
                second.getOrDefault(IntrospectionRelation.DATAFLOWS.id(), List.of()))) {
            for (Update u : us) {
                dataflows.merge(u.row(), u.diff(), Long::sum);
            }
        }
        dataflows.values().removeIf(d -> d == 0);
        assertTrue(dataflows.keySet().stream().noneMatch(r -> r.getLong(0) == df), "the dropped index's dataflow retracted");

        // the host appends at its own time; the logging index serves it there
        long ts = 5;
        for (IntrospectionRelation r : IntrospectionRelation.values()) {
            if (r != IntrospectionRelation.ARRANGEMENT_SIZES_TOTAL) {
                List<Update> at = new java.util.ArrayList<>();
                for (Map<GlobalId, List<Update>> sample : List.of(first, second)) {
                    sample.getOrDefault(r.id(), List.of()).forEach(u -> at.add(u.withTime(ts)));
                }
                c.log(r).append(at, ts);
            }
        }
        assertEquals(dataflows.keySet().stream().toList(), f.rows(IntrospectionRelation.DATAFLOWS.indexId(), ts).stream()
                .sorted().toList());
    }
}
