package dev.spindle.compute.arrangement.spine;

import dev.spindle.common.row.Row;
import dev.spindle.common.time.Frontier;
import dev.spindle.compute.arrangement.NaiveTrace.U;
import dev.spindle.compute.arrangement.batch.Batch;
import dev.spindle.compute.arrangement.batch.BatchBuilder;
import dev.spindle.compute.arrangement.batch.Description;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/** A random update stream with retractions, cut into contiguous batches. */
final class History {
    /** The updates of {@code [lower, upper)}. */
    record Step(long lower, long upper, List<U> updates) {
        Batch batch() {
            BatchBuilder b = new BatchBuilder();
            for (U u : updates) {
                b.push(u.key(), u.val(), u.time(), u.diff());
            }
            return b.build(Description.of(Frontier.at(lower), Frontier.at(upper)));
        }
    }

    final List<Step> steps = new ArrayList<>();
    final List<U> all = new ArrayList<>();

    /**
     * {@code steps} batches of width 1..maxWidth with 0..maxPerStep updates each; a third of the
     * updates retract an earlier insertion, so multiplicities stay non-negative.
     */
    static History random(Random r, int steps, int keys, int vals, int maxWidth, int maxPerStep) {
        History h = new History();
        List<U> live = new ArrayList<>();
        long t = 0;
        for (int s = 0; s < steps; s++) {
            long upper = t + 1 + r.nextInt(maxWidth);
            List<U> us = new ArrayList<>();
            int n = r.nextInt(maxPerStep + 1);
            for (int j = 0; j < n; j++) {
                long time = t + r.nextInt((int) (upper - t));
                U u;
                if (!live.isEmpty() && r.nextInt(3) == 0) {
                    U old = live.remove(r.nextInt(live.size()));
                    u = new U(old.key(), old.val(), time, -old.diff());
                } else {
                    u = new U(Row.of(r.nextInt(keys)), Row.of(r.nextInt(vals)), time, 1 + r.nextInt(2));
                    live.add(u);
                }
                us.add(u);
            }
            h.steps.add(new Step(t, upper, us));
            h.all.addAll(us);
            t = upper;
        }
        return h;
    }
}
