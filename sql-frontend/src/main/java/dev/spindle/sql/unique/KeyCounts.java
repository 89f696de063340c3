package dev.spindle.sql.unique;

import dev.spindle.common.id.GlobalId;
import dev.spindle.common.row.Row;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;

/**
 * One uniqueness rule of a table and the keys its rows hold: a hash map from each (NULL-free) key
 * of the table's rows to the number of rows that hold it. Answers "is this key present" in O(1)
 * ({@link #count}); kept up to date by the coordinator, which applies every commit's changes to the
 * table ({@link UniqueKeys#apply}).
 *
 * <p>An enforced rule counts each key at most once — a write that would count one twice is refused
 * before it commits. A rule being built for {@code CREATE UNIQUE INDEX} is not enforced yet: it
 * follows the commits from the time its build reads the table, while the build adds the rows the
 * table held then, so counts may pass through values the table never had (even negative); once both
 * are in, the counts are the table's, and {@link #repeated()} says whether a key repeats.
 *
 * <p>Memory: one {@link HashMap} entry per distinct key (a 32-byte node and 4 to 8 bytes of table)
 * plus the key as a {@link Row} (16 bytes and its encoding in a byte array of 16 bytes plus the
 * encoded length, padded to 8): about 80 bytes per row for a small integer key (see the module
 * README for the figure measured).
 *
 * <p>Thread-safety: not thread-safe; guarded by the coordinator's write lock, like the
 * {@link UniqueKeys} that holds it.
 */
public final class KeyCounts {
    private final GlobalId table;
    private final GlobalId owner;
    private final String name;
    private final UniqueKey key;
    private final Map<Row, Integer> counts = new HashMap<>();
    /** Number of keys counted more than once. */
    private long repeated;
    private boolean enforced;
    /** Why a change could not be counted (an expression key failed on a row), or null. */
    private RuntimeException failure;

    /**
     * An empty rule.
     *
     * @param table the table whose rows it counts
     * @param owner what it belongs to: the table for a PRIMARY KEY or UNIQUE constraint, the index
     *     for a unique index (dropping the owner drops the rule)
     * @param name the constraint's or index's name, as violations report it
     * @param enforced whether writes are checked against it from the start
     */
    public KeyCounts(GlobalId table, GlobalId owner, String name, UniqueKey key, boolean enforced) {
        this.table = Objects.requireNonNull(table, "table");
        this.owner = Objects.requireNonNull(owner, "owner");
        this.name = Objects.requireNonNull(name, "name");
        this.key = Objects.requireNonNull(key, "key");
        this.enforced = enforced;
    }

    /** The table whose rows it counts. */
    public GlobalId table() {
        return table;
    }

    /** The table (a constraint) or index (a unique index) it belongs to. */
    public GlobalId owner() {
        return owner;
    }

    /** The constraint's or index's name. */
    public String name() {
        return name;
    }

    /** The key it counts. */
    public UniqueKey key() {
        return key;
    }

    /** Whether writes are checked against it. */
    public boolean enforced() {
        return enforced;
    }

    /** Starts checking writes against it (once its build found no key repeated). */
    public void enforce() {
        if (repeated > 0) {
            throw new IllegalStateException(name + " repeats a key");
        }
        enforced = true;
    }

    /**
     * Records that a committed change could not be counted: the counts are no longer the table's.
     * A build then fails with {@code e}; an enforced rule refuses every write from then on (its
     * check evaluates the same keys before they commit, so it cannot get here).
     */
    public void fail(RuntimeException e) {
        if (failure == null) {
            failure = e;
        }
    }

    /** Why a change could not be counted, or null. */
    public RuntimeException failure() {
        return failure;
    }

    /** How many rows hold {@code key}. */
    public int count(Row key) {
        Integer n = counts.get(key);
        return n == null ? 0 : n;
    }

    /** Number of distinct keys counted (of rows holding one). */
    public int size() {
        return counts.size();
    }

    /** Number of keys counted more than once. */
    public long repeated() {
        return repeated;
    }

    /** A key counted more than once, or null: for the message when a build finds one. */
    public Row someRepeatedKey() {
        if (repeated == 0) {
            return null;
        }
        for (Map.Entry<Row, Integer> e : counts.entrySet()) {
            if (e.getValue() > 1) {
                return e.getKey();
            }
        }
        throw new IllegalStateException("repeated keys miscounted in " + name);
    }

    /** Adds {@code diff} rows holding {@code key} (non-null); a count that reaches 0 is dropped. */
    public void add(Row key, long diff) {
        int before = count(key);
        long after = before + diff;
        if (after > Integer.MAX_VALUE || after < Integer.MIN_VALUE) {
            throw new IllegalStateException("key count out of range in " + name + ": " + after);
        }
        if (after == 0) {
            counts.remove(key);
        } else {
            counts.put(key, (int) after);
        }
        repeated += (after > 1 ? 1 : 0) - (before > 1 ? 1 : 0);
    }

    @Override
    public String toString() {
        return name + key + (enforced ? "" : " (building)");
    }
}
