package dev.spindle.sql.txn;

import dev.spindle.common.error.ErrorCode;
import dev.spindle.common.error.SpindleException;
import dev.spindle.common.id.GlobalId;
import dev.spindle.common.row.Row;
import dev.spindle.common.update.Update;
import dev.spindle.planner.catalog.Catalog;
import dev.spindle.planner.catalog.CatalogItem;
import dev.spindle.sql.coord.Coordinator;
import dev.spindle.sql.unique.PendingKeys;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * An explicit transaction ({@code BEGIN} ... {@code COMMIT}): serializable by optimistic
 * validation at table granularity.
 *
 * <ul>
 *   <li>Every read of the transaction is at one snapshot, the read timestamp when it first reads
 *       or writes; a read hold keeps every index readable there until the transaction ends.
 *   <li>Writes are buffered here, consolidated per table; reads see them through an
 *       {@link Overlay} (read your own writes).
 *   <li>PRIMARY KEY, UNIQUE and unique indexes: each statement's changes are checked against the
 *       committed keys plus the transaction's own buffered writes ({@link #checkUnique}), without
 *       reading the table (so blind inserts do not conflict), and {@code COMMIT} checks all of the
 *       buffered writes again against the keys committed by then.
 *   <li>{@code COMMIT} takes the write lock, checks that no table the transaction read was written
 *       by anyone else after the snapshot (else SQLSTATE 40001 and nothing is written: retry) and
 *       that no key would repeat (else 23505), and commits every buffered write at one new write
 *       timestamp, so the transaction appears to happen at that instant. A transaction that only
 *       reads is serialized at its snapshot.
 *   <li>A statement that fails inside the transaction fails it: later statements are refused
 *       with SQLSTATE 25P02 until {@code ROLLBACK} (or {@code COMMIT}, which then rolls back).
 * </ul>
 *
 * <p>Thread-safety: confined to its session, which one thread uses at a time.
 */
public final class Transaction {
    private final Coordinator coord;
    private long snapshot = -1;
    /** Buffered writes: table to row to net multiplicity change. */
    private final Map<GlobalId, Map<Row, Long>> pending = new LinkedHashMap<>();
    private final Set<GlobalId> reads = new HashSet<>();
    /** The buffered writes' keys, per uniqueness rule a statement was checked against. */
    private final PendingKeys pendingKeys = new PendingKeys(t -> pending.getOrDefault(t, Map.of()));
    private boolean failed;

    public Transaction(Coordinator coord) {
        this.coord = coord;
    }

    /** The time every read of this transaction is at, taken (with its read hold) on first use. */
    public long snapshot() {
        if (snapshot < 0) {
            snapshot = coord.holdReadTimestamp();
        }
        return snapshot;
    }

    /** Whether the transaction has read or written anything yet (taken its snapshot). */
    public boolean started() {
        return snapshot >= 0;
    }

    /** Whether a statement failed in this transaction. */
    public boolean failed() {
        return failed;
    }

    /** Marks the transaction failed (a statement in it failed). */
    public void fail() {
        failed = true;
    }

    /** Whether the transaction has buffered writes. */
    public boolean hasWrites() {
        return !pending.isEmpty();
    }

    /**
     * Buffers {@code updates} (times ignored) to table {@code table}; check them first
     * ({@link #checkUnique}). A write starts the transaction as a read does (its snapshot is
     * taken), though an INSERT of literal values reads nothing.
     */
    public void write(GlobalId table, List<Update> updates) {
        snapshot();
        Map<Row, Long> m = pending.computeIfAbsent(table, k -> new HashMap<>());
        for (Update u : updates) {
            m.merge(u.row(), u.diff(), (a, b) -> a + b == 0 ? null : a + b);
        }
        pendingKeys.written(table, updates);
    }

    /**
     * Checks a statement's changes {@code delta} to table {@code table} against the table's
     * uniqueness rules, on top of the committed rows and this transaction's buffered writes (a key
     * it deleted is free again, a key it inserted is taken). Takes the write lock for the lookups;
     * reads nothing at the snapshot, so it adds no table to the read set: {@link #commit} checks
     * again against what is committed by then.
     *
     * @throws SpindleException SQLSTATE 23505 if a key would repeat
     */
    public void checkUnique(GlobalId table, List<Update> delta) {
        synchronized (coord.writeLock()) {
            coord.uniqueKeys().check(table, delta, pendingKeys);
        }
    }

    /** Records that the transaction read the tables {@code tables}. */
    public void noteReads(Collection<GlobalId> tables) {
        reads.addAll(tables);
    }

    private Map<Row, Long> view(GlobalId table) {
        Map<Row, Long> out = new HashMap<>();
        for (Update u : coord.tables().get(table).snapshot(snapshot())) {
            out.put(u.row(), u.diff());
        }
        for (Map.Entry<Row, Long> e : pending.getOrDefault(table, Map.of()).entrySet()) {
            out.merge(e.getKey(), e.getValue(), (a, b) -> a + b == 0 ? null : a + b);
        }
        return out;
    }

    /**
     * What this transaction's reads plan over: the current catalog with every table it wrote
     * replaced by a sealed copy of that table at the snapshot plus the buffered writes (close the
     * overlay after the read to drop the copies).
     */
    public Overlay overlay() {
        long ts = snapshot();
        Catalog catalog = coord.catalog();
        if (pending.isEmpty()) {
            return new Overlay(coord, catalog, Map.of(), ts);
        }
        Map<GlobalId, GlobalId> originals = new HashMap<>();
        for (GlobalId table : pending.keySet()) {
            CatalogItem item = catalog.get(table).orElse(null);
            if (!(item instanceof CatalogItem.Table)) {
                continue; // dropped meanwhile: COMMIT will fail
            }
            CatalogItem.Table t = (CatalogItem.Table) item;
            for (CatalogItem d : catalog.dependentsTransitively(table)) {
                if (d instanceof CatalogItem.Index) {
                    catalog = catalog.without(d.id()); // indexes do not see the buffered writes
                }
            }
            GlobalId copy = GlobalId.transientId(coord.nextId());
            List<Update> rows = new ArrayList<>();
            for (Map.Entry<Row, Long> e : view(table).entrySet()) {
                if (e.getValue() != 0) {
                    rows.add(new Update(e.getKey(), ts, e.getValue()));
                }
            }
            coord.tables().create(copy, t.desc()).append(rows, ts);
            originals.put(copy, table);
            catalog = catalog.without(table).with(new CatalogItem.Table(copy, t.name(), t.desc(), t.keys(), t.defaults()));
        }
        return new Overlay(coord, catalog, originals, ts);
    }

    /**
     * Validates and commits the buffered writes at one new write timestamp; returns it, or -1 if
     * there was nothing to write. Releases the read hold either way.
     *
     * @throws SpindleException SQLSTATE 40001 if a table the transaction read was written after
     *     its snapshot, 42P01 if a table it wrote was dropped, 23505 if its writes would repeat a
     *     key of a uniqueness rule of the committed state (another session committed that key
     *     after this transaction's statement was checked); nothing is written then
     */
    public long commit() {
        try {
            if (pending.isEmpty()) {
                return -1;
            }
            synchronized (coord.writeLock()) {
                Catalog catalog = coord.catalog();
                for (GlobalId r : reads) {
                    if (coord.lastWrite(r) > snapshot) {
                        throw new SpindleException(ErrorCode.SERIALIZATION_FAILURE_1, name(catalog, r));
                    }
                }
                Map<GlobalId, List<Update>> changes = new LinkedHashMap<>();
                for (Map.Entry<GlobalId, Map<Row, Long>> e : pending.entrySet()) {
                    if (catalog.get(e.getKey()).isEmpty()) {
                        throw new SpindleException(ErrorCode.TABLE_NOT_FOUND_1, e.getKey().toString());
                    }
                    List<Update> ups = new ArrayList<>();
                    for (Map.Entry<Row, Long> r : e.getValue().entrySet()) {
                        ups.add(new Update(r.getKey(), 0, r.getValue()));
                    }
                    if (!ups.isEmpty()) {
                        coord.uniqueKeys().check(e.getKey(), ups, null);
                        changes.put(e.getKey(), ups);
                    }
                }
                return changes.isEmpty() ? -1 : coord.commit(changes);
            }
        } finally {
            end();
        }
    }

    /** Discards the buffered writes and releases the read hold. */
    public void rollback() {
        end();
    }

    private void end() {
        pending.clear();
        pendingKeys.clear();
        reads.clear();
        if (snapshot >= 0) {
            coord.releaseHold(snapshot);
            snapshot = -1;
        }
    }

    private static String name(Catalog catalog, GlobalId id) {
        return catalog.get(id).map(CatalogItem::name).orElse(id.toString());
    }
}
