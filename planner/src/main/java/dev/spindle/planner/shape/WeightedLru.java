package dev.spindle.planner.shape;

import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.ToIntFunction;

/**
 * A map that keeps its most recently used entries: at most {@code capacity} of them, weighing at
 * most {@code budget} together (by {@code weigher}; the newest entry is kept even if it alone weighs
 * more). A read moves an entry to the most recent end.
 *
 * <p>Thread-safety: safe for concurrent use; every method synchronizes on the map.
 */
final class WeightedLru<K, V> {
    private final int capacity;
    private final long budget;
    private final ToIntFunction<? super V> weigher;
    private final LinkedHashMap<K, V> map = new LinkedHashMap<>(256, 0.75f, true);
    private long weight;

    WeightedLru(int capacity, long budget, ToIntFunction<? super V> weigher) {
        this.capacity = capacity;
        this.budget = budget;
        this.weigher = weigher;
    }

    /** The value of {@code key}, or null; makes it the most recently used. */
    synchronized V get(K key) {
        return map.get(key);
    }

    /** Keeps {@code value} for {@code key}, evicting the least recently used past the bounds. */
    synchronized V put(K key, V value) {
        V old = map.put(key, value);
        if (old != null) {
            weight -= weigher.applyAsInt(old);
        }
        weight += weigher.applyAsInt(value);
        Iterator<Map.Entry<K, V>> eldest = map.entrySet().iterator();
        while (map.size() > 1 && (map.size() > capacity || weight > budget)) {
            Map.Entry<K, V> e = eldest.next();
            weight -= weigher.applyAsInt(e.getValue());
            eldest.remove();
        }
        return old;
    }

    /** The number of entries. */
    synchronized int size() {
        return map.size();
    }

    /** The entries' total weight. */
    synchronized long weight() {
        return weight;
    }
}
