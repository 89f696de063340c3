package dev.spindle.compute.operator.arrange;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spindle.common.row.Row;
import dev.spindle.common.time.Frontier;
import dev.spindle.compute.arrangement.batch.StagedUpdates;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** Large inserts are assembled in slices: nothing is visible until the whole batch is in. */
class SpineArrangementTest {

    @Test
    void largeInsertIsAssembledInSlicesAndConsolidatedAcrossParts() {
        SpineArrangement a = new SpineArrangement();
        ArrangementPort.Reader reader = a.openReader();
        Random rnd = new Random(3);
        StagedUpdates ups = new StagedUpdates();
        Map<Row, Long> expected = new TreeMap<>();
        int n = SpineArrangement.PART * 5 + 123;
        for (int i = 0; i < n; i++) {
            Row r = Row.of((long) rnd.nextInt(1000), (long) rnd.nextInt(3)); // many duplicates across parts
            long d = rnd.nextInt(4) == 0 ? -1 : 1;
            ups.push(r.project(0), r, 3, d);
            expected.merge(r, d, Long::sum);
        }
        expected.values().removeIf(v -> v == 0);
        a.insert(ups, Frontier.MIN, Frontier.at(4));
        assertEquals(Frontier.MIN, a.upper(), "not visible before it is assembled");
        assertThrows(IllegalStateException.class, () -> a.insert(new StagedUpdates(), Frontier.MIN, Frontier.at(5)));
        int steps = 0;
        while (a.upper().equals(Frontier.MIN)) {
            assertTrue(a.work());
            steps++;
        }
        assertTrue(steps > 5, "assembled over " + steps + " steps");
        Map<Row, Long> got = new TreeMap<>();
        reader.scan((row, t, d) -> got.merge(row, d, Long::sum));
        got.values().removeIf(v -> v == 0);
        assertEquals(expected, got);
        assertEquals(Frontier.at(4), reader.upper());
        a.insert(new StagedUpdates(), Frontier.at(4), Frontier.at(5));
        assertEquals(Frontier.at(5), a.upper(), "small inserts go in at once");
        reader.close();
        a.close();
    }
}
