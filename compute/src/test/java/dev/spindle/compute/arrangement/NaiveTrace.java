package dev.spindle.compute.arrangement;

import dev.spindle.common.row.Row;
import dev.spindle.compute.arrangement.batch.Batch;
import dev.spindle.compute.arrangement.cursor.Cursor;
import dev.spindle.compute.arrangement.trace.KeyValDiff;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** The oracle arrangements are checked against: a plain list of updates, summed on demand. */
public final class NaiveTrace {
    /** One raw update. */
    public record U(Row key, Row val, long time, long diff) {
    }

    /** A (key, val) pair ordered by key, then value. */
    public record KV(Row key, Row val) implements Comparable<KV> {
        @Override
        public int compareTo(KV o) {
            int c = key.compareTo(o.key);
            return c != 0 ? c : val.compareTo(o.val);
        }
    }

    public static final Comparator<U> BY_KEY_VAL_TIME = Comparator.comparing((U u) -> u.key)
            .thenComparing(u -> u.val).thenComparingLong(u -> u.time);

    private final List<U> updates = new ArrayList<>();

    public void add(U u) {
        updates.add(u);
    }

    public void addAll(List<U> us) {
        updates.addAll(us);
    }

    public List<U> updates() {
        return updates;
    }

    /** The collection at {@code t}: sums of diffs at times {@code <= t}, zeros dropped, sorted. */
    public List<KeyValDiff> at(long t) {
        return at(updates, t);
    }

    public static List<KeyValDiff> at(List<U> updates, long t) {
        TreeMap<KV, Long> acc = new TreeMap<>();
        for (U u : updates) {
            if (u.time <= t) {
                acc.merge(new KV(u.key, u.val), u.diff, Math::addExact);
            }
        }
        List<KeyValDiff> out = new ArrayList<>();
        for (Map.Entry<KV, Long> e : acc.entrySet()) {
            if (e.getValue() != 0) {
                out.add(new KeyValDiff(e.getKey().key(), e.getKey().val(), e.getValue()));
            }
        }
        return out;
    }

    /** Advance times to {@code since}, sum equal (key, val, time), drop zeros, sort. */
    public static List<U> consolidate(List<U> updates, long since) {
        TreeMap<KV, TreeMap<Long, Long>> acc = new TreeMap<>();
        for (U u : updates) {
            acc.computeIfAbsent(new KV(u.key, u.val), k -> new TreeMap<>())
                    .merge(Math.max(u.time, since), u.diff, Math::addExact);
        }
        List<U> out = new ArrayList<>();
        acc.forEach((kv, times) -> times.forEach((t, d) -> {
            if (d != 0) {
                out.add(new U(kv.key(), kv.val(), t, d));
            }
        }));
        return out;
    }

    /** Every update of a batch, in cursor order. */
    public static List<U> contents(Batch b) {
        return contents(b.cursor());
    }

    /** Every update a cursor walks, in its order. */
    public static List<U> contents(Cursor c) {
        List<U> out = new ArrayList<>();
        while (c.keyValid()) {
            Row key = c.key();
            while (c.valValid()) {
                Row val = c.val();
                c.forEachTime((t, d) -> out.add(new U(key, val, t, d)));
                c.stepVal();
            }
            c.stepKey();
        }
        return out;
    }

    public static Row row(Object... values) {
        return Row.of(values);
    }
}
