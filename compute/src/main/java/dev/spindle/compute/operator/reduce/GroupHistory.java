package dev.spindle.compute.operator.reduce;

import dev.spindle.common.row.Row;
import dev.spindle.common.update.Consolidation;
import dev.spindle.common.update.Update;
import dev.spindle.compute.operator.arrange.KeyedReader;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * Every update of one group as its arranged input holds them, read once and accumulated at any
 * number of times: what {@link GroupRecompute} needs twice per change time ({@code acc(t)} and
 * {@code acc(t - 1)}). An arrangement's cursor gives a key's values in row order, each value once
 * with all its times; the history keeps them in that order and accumulates a time in one pass
 * (no sort, no map). If a reader gives values out of order or a value twice apart, it falls back
 * to {@link Consolidation#accumulate}, so the result never depends on the reader's order.
 *
 * <p>Not thread-safe: one operator's scratch, refilled per group.
 */
final class GroupHistory implements KeyedReader.EntryConsumer {
    private final List<Row> vals = new ArrayList<>();
    /** Entries {@code [starts[i], starts[i + 1])} are those of {@code vals.get(i)}. */
    private int[] starts = new int[16];
    private long[] times = new long[16];
    private long[] diffs = new long[16];
    private int entries;
    private boolean ordered = true;

    /** Empties the history, for the next group. */
    void clear() {
        vals.clear();
        entries = 0;
        ordered = true;
    }

    /** Reads every entry {@code reader} holds for {@code key}. */
    void read(KeyedReader reader, Row key) {
        clear();
        reader.read(key, this);
    }

    @Override
    public void accept(Row val, long time, long diff) {
        int n = vals.size();
        Row last = n == 0 ? null : vals.get(n - 1);
        if (last != val) {
            int c = last == null ? 1 : val.compareTo(last);
            if (c < 0) {
                ordered = false;
            }
            if (c != 0) {
                if (n + 1 >= starts.length) {
                    starts = Arrays.copyOf(starts, 2 * starts.length);
                }
                vals.add(val);
                starts[n] = entries;
            }
        }
        if (entries == times.length) {
            times = Arrays.copyOf(times, 2 * entries);
            diffs = Arrays.copyOf(diffs, 2 * entries);
        }
        times[entries] = time;
        diffs[entries] = diff;
        entries++;
        starts[vals.size()] = entries;
    }

    /** The group at {@code at}: each value whose updates at times {@code <= at} sum to non-zero, in row order, with that sum. */
    Accumulated at(long at) {
        if (!ordered) {
            return fallback(at);
        }
        List<Row> rows = new ArrayList<>(vals.size());
        long[] counts = new long[vals.size()];
        int k = 0;
        for (int i = 0; i < vals.size(); i++) {
            long sum = 0;
            for (int e = starts[i]; e < starts[i + 1]; e++) {
                if (times[e] <= at) {
                    sum = Math.addExact(sum, diffs[e]);
                }
            }
            if (sum != 0) {
                rows.add(vals.get(i));
                counts[k++] = sum;
            }
        }
        return new Accumulated(rows, k == counts.length ? counts : Arrays.copyOf(counts, k));
    }

    private Accumulated fallback(long at) {
        List<Update> all = new ArrayList<>(entries);
        for (int i = 0; i < vals.size(); i++) {
            for (int e = starts[i]; e < starts[i + 1]; e++) {
                all.add(new Update(vals.get(i), times[e], diffs[e]));
            }
        }
        Map<Row, Long> acc = Consolidation.accumulate(all, at);
        long[] counts = new long[acc.size()];
        int k = 0;
        for (long c : acc.values()) {
            counts[k++] = c;
        }
        return new Accumulated(new ArrayList<>(acc.keySet()), counts);
    }

    /** A group's rows at one time, sorted, with their non-zero multiplicities. */
    record Accumulated(List<Row> rows, long[] counts) {
    }
}
