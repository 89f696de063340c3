package dev.spindle.sql.unique;

import dev.spindle.common.error.ErrorCode;
import dev.spindle.common.error.SpindleException;
import dev.spindle.common.id.GlobalId;
import dev.spindle.common.row.Row;
import dev.spindle.common.update.Update;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Every uniqueness rule of a database, per table: the {@link KeyCounts} of its PRIMARY KEY, its
 * UNIQUE constraints (from {@code CREATE TABLE}) and its unique indexes (from {@code CREATE UNIQUE
 * INDEX}, being built or enforced), in the order they were made.
 *
 * <p>A write is checked with {@link #check} before it commits and counted with {@link #apply} when
 * it does, both under the coordinator's write lock, which serializes writers: so the counts are
 * always those of the last committed state, which is the state the next write lands on. A check
 * costs a hash lookup per key its rows add, whatever the table's size.
 *
 * <p>Thread-safety: not thread-safe; every method must be called with the coordinator's write
 * lock held (checked by assertions).
 */
public final class UniqueKeys {
    private final Object lock;
    private final Map<GlobalId, List<KeyCounts>> byTable = new HashMap<>();

    /** An empty registry guarded by {@code lock}, the coordinator's write lock. */
    public UniqueKeys(Object lock) {
        this.lock = Objects.requireNonNull(lock, "lock");
    }

    /** Adds {@code rule}: it counts every change committed to its table from now on. */
    public void add(KeyCounts rule) {
        assert Thread.holdsLock(lock);
        byTable.computeIfAbsent(rule.table(), t -> new ArrayList<>()).add(rule);
    }

    /** Removes {@code rule} (a build that failed or was cancelled); nothing if it is not here. */
    public void remove(KeyCounts rule) {
        assert Thread.holdsLock(lock);
        List<KeyCounts> rules = byTable.get(rule.table());
        if (rules != null) {
            rules.remove(rule);
            if (rules.isEmpty()) {
                byTable.remove(rule.table());
            }
        }
    }

    /** Removes every rule of table {@code table} (DROP TABLE). */
    public void removeTable(GlobalId table) {
        assert Thread.holdsLock(lock);
        byTable.remove(table);
    }

    /** Removes the rule of unique index {@code index} (DROP INDEX); nothing if it has none. */
    public void removeIndex(GlobalId index) {
        assert Thread.holdsLock(lock);
        for (List<KeyCounts> rules : byTable.values()) {
            for (KeyCounts rule : List.copyOf(rules)) {
                if (rule.owner().equals(index)) {
                    remove(rule);
                    return;
                }
            }
        }
    }

    /** The rules of table {@code table}, enforced or being built, in the order they were made. */
    public List<KeyCounts> rules(GlobalId table) {
        assert Thread.holdsLock(lock);
        return List.copyOf(byTable.getOrDefault(table, List.of()));
    }

    /**
     * Checks that committing {@code delta} (updates to table {@code table}; times ignored, rows
     * repeated or not consolidated allowed) leaves no key of an enforced rule held by two rows, on
     * top of the committed rows and, for a statement of a transaction, of what the transaction
     * buffered before it ({@code pending}, or null). The retractions of {@code delta} count first,
     * since a statement's changes land together: an UPDATE may swap two rows' keys, and a row
     * deleted and inserted again keeps its key. Keys with a NULL are never checked.
     *
     * @throws SpindleException {@link ErrorCode#UNIQUE_VIOLATION_3} for the first added row (in
     *     {@code delta}'s order) whose key would repeat, naming the first rule (in the order they
     *     were made) that it breaks; any error evaluating an expression key on a row
     */
    public void check(GlobalId table, Collection<Update> delta, PendingKeys pending) {
        assert Thread.holdsLock(lock);
        List<KeyCounts> rules = new ArrayList<>();
        for (KeyCounts rule : byTable.getOrDefault(table, List.of())) {
            if (rule.enforced()) {
                if (rule.failure() != null) {
                    throw rule.failure();
                }
                rules.add(rule);
            }
        }
        if (rules.isEmpty() || delta.isEmpty()) {
            return;
        }
        List<Map<Row, Long>> mine = new ArrayList<>();
        for (int i = 0; i < rules.size(); i++) {
            mine.add(new HashMap<>());
        }
        for (Update u : delta) {
            if (u.diff() < 0) {
                for (int i = 0; i < rules.size(); i++) {
                    Row key = rules.get(i).key().keyOf(u.row());
                    if (key != null) {
                        mine.get(i).merge(key, u.diff(), Long::sum);
                    }
                }
            }
        }
        for (Update u : delta) {
            if (u.diff() > 0) {
                for (int i = 0; i < rules.size(); i++) {
                    KeyCounts rule = rules.get(i);
                    Row key = rule.key().keyOf(u.row());
                    if (key == null) {
                        continue;
                    }
                    long total = rule.count(key) + mine.get(i).merge(key, u.diff(), Long::sum)
                            + (pending == null ? 0 : pending.net(rule, key));
                    if (total > 1) {
                        throw new SpindleException(ErrorCode.UNIQUE_VIOLATION_3, rule.name(), rule.key().text(),
                                rule.key().valuesText(key));
                    }
                }
            }
        }
    }

    /**
     * Counts {@code changes}, just committed to table {@code table}, in every rule of it (being
     * built or enforced): retractions first, as {@link #check} does. Never throws: a key that
     * cannot be evaluated marks its rule failed ({@link KeyCounts#fail}).
     */
    public void apply(GlobalId table, Collection<Update> changes) {
        assert Thread.holdsLock(lock);
        List<KeyCounts> rules = byTable.get(table);
        if (rules == null) {
            return;
        }
        for (KeyCounts rule : rules) {
            count(rule, changes, true);
            count(rule, changes, false);
        }
    }

    private static void count(KeyCounts rule, Collection<Update> changes, boolean retractions) {
        for (Update u : changes) {
            if (u.diff() < 0 == retractions && u.diff() != 0) {
                Row key;
                try {
                    key = rule.key().keyOf(u.row());
                } catch (RuntimeException e) {
                    rule.fail(e);
                    continue;
                }
                if (key != null) {
                    rule.add(key, u.diff());
                }
            }
        }
    }
}
