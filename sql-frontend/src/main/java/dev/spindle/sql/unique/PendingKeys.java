package dev.spindle.sql.unique;

import dev.spindle.common.id.GlobalId;
import dev.spindle.common.row.Row;
import dev.spindle.common.update.Update;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

/**
 * What a transaction has buffered, as each uniqueness rule sees it: per rule, each key to the net
 * number of rows holding it that the buffered writes add (negative where they delete), so that a
 * statement of the transaction is checked against the committed rows plus the transaction's own
 * writes with a lookup per key. A rule's map is built from the buffered rows the first time a
 * statement is checked against it (a unique index may appear during the transaction), then kept up
 * to date with every buffered write ({@link #written}).
 *
 * <p>Thread-safety: confined to the transaction, hence to its session's thread.
 */
public final class PendingKeys {
    private final Function<GlobalId, Map<Row, Long>> buffered;
    private final Map<KeyCounts, Map<Row, Long>> nets = new HashMap<>();

    /** Over {@code buffered}: a table's buffered rows, row to net multiplicity change. */
    public PendingKeys(Function<GlobalId, Map<Row, Long>> buffered) {
        this.buffered = Objects.requireNonNull(buffered, "buffered");
    }

    /** The net number of rows holding {@code key} of {@code rule} that the buffered writes add. */
    long net(KeyCounts rule, Row key) {
        Map<Row, Long> m = nets.get(rule);
        if (m == null) {
            m = new HashMap<>();
            for (Map.Entry<Row, Long> e : buffered.apply(rule.table()).entrySet()) {
                merge(m, rule.key().keyOf(e.getKey()), e.getValue());
            }
            nets.put(rule, m);
        }
        return m.getOrDefault(key, 0L);
    }

    /** Counts {@code updates}, just buffered for table {@code table}, for every rule seen so far. */
    public void written(GlobalId table, Collection<Update> updates) {
        for (Map.Entry<KeyCounts, Map<Row, Long>> e : nets.entrySet()) {
            if (e.getKey().table().equals(table)) {
                for (Update u : updates) {
                    merge(e.getValue(), e.getKey().key().keyOf(u.row()), u.diff());
                }
            }
        }
    }

    /** Forgets everything (the transaction ended). */
    public void clear() {
        nets.clear();
    }

    private static void merge(Map<Row, Long> m, Row key, long diff) {
        if (key != null && diff != 0) {
            m.merge(key, diff, (a, b) -> a + b == 0 ? null : a + b);
        }
    }
}
