package dev.spindle.compute.arrangement.trace;

import dev.spindle.common.time.Frontier;
import java.util.Map;
import java.util.TreeMap;

/**
 * A multiset of frontiers (one per live handle) with its meet; differential's
 * {@code MutableAntichain} for a total order. Guarded by its {@link SharedTrace}'s lock.
 */
final class HoldCounts {
    private final TreeMap<Frontier, Integer> counts = new TreeMap<>();

    void add(Frontier f) {
        counts.merge(f, 1, Integer::sum);
    }

    void remove(Frontier f) {
        Integer c = counts.get(f);
        if (c == null) {
            throw new IllegalStateException("no hold at " + f);
        }
        if (c == 1) {
            counts.remove(f);
        } else {
            counts.put(f, c - 1);
        }
    }

    /** The least hold, or {@link Frontier#EMPTY} when there is none (nothing is held). */
    Frontier meet() {
        Map.Entry<Frontier, Integer> e = counts.firstEntry();
        return e == null ? Frontier.EMPTY : e.getKey();
    }
}
