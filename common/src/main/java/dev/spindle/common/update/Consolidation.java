package dev.spindle.common.update;

import dev.spindle.common.row.Row;
import dev.spindle.common.time.Frontier;
import dev.spindle.common.time.Timestamp;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Consolidation: the canonical form of a multiset of updates. Updates with equal
 * {@code (row, time)} are summed into one, updates whose diff sums to zero are dropped, and the
 * result is sorted by row, then time. Two update lists describe the same collection history
 * exactly when their consolidations are equal, whatever order or batching they came in.
 *
 * <p>Diff sums are exact: an overflow of {@code long} throws {@link ArithmeticException} rather
 * than wrapping. Stateless; safe for use from any thread.
 */
public final class Consolidation {
    private Consolidation() {
    }

    /** The consolidation of {@code updates}; the input is not modified. */
    public static List<Update> consolidate(Collection<Update> updates) {
        Update[] sorted = updates.toArray(new Update[0]);
        Arrays.sort(sorted, Update.BY_ROW_THEN_TIME);
        List<Update> out = new ArrayList<>(sorted.length);
        int i = 0;
        while (i < sorted.length) {
            Update first = sorted[i];
            long sum = first.diff();
            int j = i + 1;
            while (j < sorted.length && sorted[j].time() == first.time() && sorted[j].row().equals(first.row())) {
                sum = Math.addExact(sum, sorted[j].diff());
                j++;
            }
            if (sum != 0) {
                out.add(sum == first.diff() ? first : new Update(first.row(), first.time(), sum));
            }
            i = j;
        }
        return out;
    }

    /**
     * Logical compaction: every time below {@code since} advanced to {@code since}, then
     * consolidated. The result accumulates to the same collection as the input at every time
     * {@code t} with {@code since <= t}.
     */
    public static List<Update> advanceAndConsolidate(Collection<Update> updates, Frontier since) {
        List<Update> advanced = new ArrayList<>(updates.size());
        for (Update u : updates) {
            advanced.add(u.withTime(Timestamp.advanceBy(u.time(), since)));
        }
        return consolidate(advanced);
    }

    /**
     * The collection at time {@code asOf}: each row with the sum of the diffs of its updates at
     * times {@code <= asOf}, sorted by row, rows whose sum is zero dropped. Multiplicities may be
     * negative if the input is not a valid collection history; callers decide whether that is an
     * error.
     */
    public static Map<Row, Long> accumulate(Collection<Update> updates, long asOf) {
        TreeMap<Row, Long> acc = new TreeMap<>();
        for (Update u : updates) {
            if (u.time() <= asOf) {
                acc.merge(u.row(), u.diff(), Math::addExact);
            }
        }
        acc.values().removeIf(v -> v == 0L);
        return acc;
    }
}
