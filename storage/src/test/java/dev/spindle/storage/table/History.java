package dev.spindle.storage.table;

import dev.spindle.common.row.Row;
import dev.spindle.common.update.Update;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;

/**
 * A random but valid table history for tests: batches of updates at increasing times in which no
 * row's multiplicity ever drops below zero. Keeps every update for the naive oracle.
 */
final class History {
    /** One append: the updates and the time they are written at. */
    record Step(List<Update> updates, long ts) {
    }

    final List<Step> steps = new ArrayList<>();
    final List<Update> all = new ArrayList<>();

    static History random(long seed, int appends, int maxBatch, int distinctRows) {
        Random rnd = new Random(seed);
        History h = new History();
        TreeMap<Row, Long> live = new TreeMap<>();
        long ts = rnd.nextInt(3);
        for (int i = 0; i < appends; i++) {
            ts += rnd.nextInt(3) == 0 ? 0 : 1 + rnd.nextInt(4);
            if (i > 0 && ts <= h.steps.get(i - 1).ts()) {
                ts = h.steps.get(i - 1).ts() + 1;
            }
            int n = rnd.nextInt(maxBatch + 1);
            List<Update> ups = new ArrayList<>();
            for (int j = 0; j < n; j++) {
                if (!live.isEmpty() && rnd.nextInt(3) == 0) {
                    // retract an existing copy
                    Row r = pick(live, rnd);
                    ups.add(Update.delete(r, ts));
                    live.merge(r, -1L, Long::sum);
                    live.values().removeIf(v -> v == 0L);
                } else {
                    int k = rnd.nextInt(distinctRows);
                    Row r = Row.of(k, k % 4 == 0 ? null : "row" + k);
                    long diff = 1 + rnd.nextInt(2);
                    ups.add(new Update(r, ts, diff));
                    live.merge(r, diff, Long::sum);
                }
            }
            h.steps.add(new Step(ups, ts));
            h.all.addAll(ups);
        }
        return h;
    }

    private static Row pick(TreeMap<Row, Long> live, Random rnd) {
        int idx = rnd.nextInt(live.size());
        for (Map.Entry<Row, Long> e : live.entrySet()) {
            if (idx-- == 0) {
                return e.getKey();
            }
        }
        throw new AssertionError();
    }

    long lastTs() {
        return steps.isEmpty() ? 0 : steps.get(steps.size() - 1).ts();
    }

    /** The naive contents at {@code t} in {@link TableLog#snapshot}'s form. */
    List<Update> naiveSnapshot(long t) {
        List<Update> out = new ArrayList<>();
        dev.spindle.common.update.Consolidation.accumulate(all, t).forEach((r, d) -> out.add(new Update(r, t, d)));
        return out;
    }
}
