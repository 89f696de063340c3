package dev.spindle.planner.shape;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

/** {@link WeightedLru} against a naive model: a list in recency order, trimmed from the old end. */
class WeightedLruTest {

    @Test
    void theLeastRecentlyUsedGoPastTheBudgetAndAHeavyNewcomerStaysAlone() {
        WeightedLru<String, Integer> lru = new WeightedLru<>(10, 100, v -> v);
        lru.put("a", 40);
        lru.put("b", 40);
        assertEquals(40, lru.get("a")); // a is now the most recent
        lru.put("c", 40); // 120 > 100: the least recent (b) goes
        assertNull(lru.get("b"));
        assertEquals(80, lru.weight());
        lru.put("huge", 500); // alone over the budget: everything else goes, it stays
        assertEquals(1, lru.size());
        assertEquals(500, lru.get("huge"));
    }

    @Property(tries = 200)
    void keepsWhatTheNaiveModelKeeps(@ForAll long seed) {
        Random r = new Random(seed);
        int capacity = 1 + r.nextInt(8);
        long budget = 1 + r.nextInt(200);
        WeightedLru<Integer, Integer> lru = new WeightedLru<>(capacity, budget, v -> v);
        LinkedHashMap<Integer, Integer> model = new LinkedHashMap<>(16, 0.75f, true);
        for (int step = 0; step < 300; step++) {
            int key = r.nextInt(12);
            if (r.nextInt(3) == 0) {
                assertEquals(model.get(key), lru.get(key));
            } else {
                int value = 1 + r.nextInt(60);
                model.put(key, value);
                lru.put(key, value);
                List<Integer> keys = new ArrayList<>(model.keySet());
                long total = model.values().stream().mapToLong(Integer::longValue).sum();
                for (int i = 0; model.size() > 1 && (model.size() > capacity || total > budget); i++) {
                    Integer eldest = keys.get(i);
                    total -= model.remove(eldest);
                }
            }
            assertEquals(model.size(), lru.size());
            assertEquals(model.values().stream().mapToLong(Integer::longValue).sum(), lru.weight());
            assertTrue(lru.size() <= capacity);
        }
        for (Map.Entry<Integer, Integer> e : model.entrySet()) {
            assertEquals(e.getValue(), lru.get(e.getKey()));
        }
    }
}
