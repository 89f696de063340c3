package dev.spindle.sql.coord;

import dev.spindle.common.id.GlobalId;
import dev.spindle.common.time.Frontier;
import dev.spindle.common.update.Update;
import dev.spindle.compute.controller.ComputeController;
import dev.spindle.compute.controller.RuntimeMode;
import dev.spindle.planner.catalog.Catalog;
import dev.spindle.planner.catalog.CatalogItem;
import dev.spindle.sql.unique.UniqueKeys;
import dev.spindle.storage.TableStore;
import dev.spindle.storage.table.DeferredWakes;
import dev.spindle.storage.table.TableLog;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.UnaryOperator;

/**
 * What the sessions of one database share: its tables, its compute, the current catalog
 * snapshot, id counters, the timestamp oracle and the uniqueness rules' key counts.
 *
 * <p>Thread-safety: sessions run on their callers' threads. Catalog changes and writes are
 * serialized by {@link #writeLock()}; the catalog is an immutable snapshot published atomically,
 * so reads (planning, peeks) never take the lock and never wait for another session's read.
 */
public final class Coordinator implements AutoCloseable {
    private final TableStore tables = new TableStore();
    private final ComputeController compute;
    private final AtomicReference<Catalog> catalog = new AtomicReference<>(
            dev.spindle.planner.system.SystemCatalog.install(Catalog.empty()));
    private final AtomicLong ids = new AtomicLong(1);
    private final Object writeLock = new Object();
    private final TimestampOracle oracle = new TimestampOracle(writeLock);
    private final long retainMillis;
    /** The time of the latest commit that wrote each table. */
    private final Map<GlobalId, Long> lastWrite = new java.util.concurrent.ConcurrentHashMap<>();
    /** Names of indexes being built outside the write lock (guarded by the write lock). */
    private final java.util.Set<String> reserved = new java.util.HashSet<>();
    /** Read holds of open transactions: snapshot time to how many hold it. */
    private final java.util.TreeMap<Long, Integer> holds = new java.util.TreeMap<>();
    /** The greatest compaction the read policy has allowed any index so far (guarded by {@code holds}). */
    private long allowedMax;
    private final CatalogTables catalogTables;
    private final Introspection introspection;
    /** Calcite's plans of the ad-hoc query shapes read over the current catalog snapshot. */
    private final dev.spindle.planner.shape.ShapeCache shapes =
            new dev.spindle.planner.shape.ShapeCache(dev.spindle.sql.parser.SpindleParser::isKeyword);
    /** The uniqueness rules' key counts, kept with every commit (guarded by the write lock). */
    private final UniqueKeys uniqueKeys = new UniqueKeys(writeLock);
    /** Where commits and catalog changes are made durable ({@link Durability#NONE} in memory). */
    private volatile Durability durability = Durability.NONE;

    /**
     * A coordinator whose indexes keep {@code retainMillis} of history (DESIGN §4's default read
     * policy is one second): after every write, each index may compact up to that far behind it,
     * and a read {@code AS OF} an earlier time fails.
     */
    public Coordinator(RuntimeMode mode, int workers, long retainMillis) {
        if (retainMillis < 0) {
            throw new IllegalArgumentException("retainMillis must be >= 0: " + retainMillis);
        }
        this.compute = ComputeController.start(mode, workers, tables::get);
        this.retainMillis = retainMillis;
        this.introspection = new Introspection(this);
        this.catalogTables = new CatalogTables(this);
    }

    /** The catalog relations ({@code spindle_catalog}): commit them after every catalog change. */
    public CatalogTables catalogTables() {
        return catalogTables;
    }

    /** The introspection relations ({@code spindle_introspection}). */
    public Introspection introspection() {
        return introspection;
    }

    /** The tables. */
    public TableStore tables() {
        return tables;
    }

    /** The compute controller. */
    public ComputeController compute() {
        return compute;
    }

    /** The current catalog snapshot. */
    public Catalog catalog() {
        return catalog.get();
    }

    /**
     * Replaces the catalog; call with {@link #writeLock()} held, then {@link CatalogTables#commit()}
     * before the statement returns.
     */
    public void updateCatalog(UnaryOperator<Catalog> change) {
        assert Thread.holdsLock(writeLock);
        catalog.set(change.apply(catalog.get()));
    }

    /** A fresh number for an id (catalog objects, dataflows, transient collections). */
    public long nextId() {
        return ids.getAndIncrement();
    }

    /**
     * The key counts of every PRIMARY KEY, UNIQUE constraint and unique index, which
     * {@link #commit} keeps up to date; use with {@link #writeLock()} held.
     */
    public UniqueKeys uniqueKeys() {
        return uniqueKeys;
    }

    /** Where commits and catalog changes are made durable. */
    public Durability durability() {
        return durability;
    }

    /** Attaches file mode's durability, once, before any session runs. */
    public void attachDurability(Durability d) {
        if (durability != Durability.NONE) {
            throw new IllegalStateException("durability is attached already");
        }
        durability = java.util.Objects.requireNonNull(d, "d");
    }

    /** Calcite's plans of ad-hoc query shapes over the current catalog snapshot. */
    public dev.spindle.planner.shape.ShapeCache shapes() {
        return shapes;
    }

    /** The oracle. */
    public TimestampOracle oracle() {
        return oracle;
    }

    /** The lock that serializes catalog changes and writes. */
    public Object writeLock() {
        return writeLock;
    }

    /**
     * Commits {@code changes} (updates without times, per table) at one new write timestamp:
     * appends them, counts them in the tables' uniqueness rules ({@link #uniqueKeys()}: the caller
     * checked them), seals every table past it, and publishes it as the read timestamp once
     * {@link Durability#applied} says so (in memory at once; in file mode once every log record
     * so far is acknowledged, so no read sees a commit a crash could lose). Call with
     * {@link #writeLock()} held. Returns the timestamp.
     */
    public long commit(Map<GlobalId, List<Update>> changes) {
        return commit(changes, true);
    }

    /**
     * As {@link #commit}, for rows that were checked against their tables' columns when first
     * committed and are committed again as they were: file mode's replay on open, which skips
     * the per-row check (the log's and snapshots' checksums vouch for the bytes).
     */
    public long commitReplayed(Map<GlobalId, List<Update>> changes) {
        return commit(changes, false);
    }

    private long commit(Map<GlobalId, List<Update>> changes, boolean checkRows) {
        assert Thread.holdsLock(writeLock);
        // the appends and every table's seal wake the workers listening to them once, at the end
        return DeferredWakes.during(() -> commitDeferred(changes, checkRows));
    }

    private long commitDeferred(Map<GlobalId, List<Update>> changes, boolean checkRows) {
        durability.committed(changes);
        long ts = oracle.nextWrite();
        for (Map.Entry<GlobalId, List<Update>> e : changes.entrySet()) {
            List<Update> at = new java.util.ArrayList<>(e.getValue().size());
            for (Update u : e.getValue()) {
                at.add(new Update(u.row(), ts, u.diff()));
            }
            if (checkRows) {
                tables.get(e.getKey()).append(at, ts);
            } else {
                tables.get(e.getKey()).appendChecked(at, ts);
            }
            uniqueKeys.apply(e.getKey(), e.getValue());
            lastWrite.put(e.getKey(), ts);
        }
        sealThrough(ts);
        oracle.applied(ts);
        durability.applied(ts, oracle::published);
        applyReadPolicy(ts);
        return ts;
    }

    /**
     * Each index may compact up to {@code retainMillis} before {@code ts}, never past the
     * published read timestamp (which may lag {@code ts} in file mode until the sync); the
     * controller holds compaction back for peeks still pending, so a read already issued is never
     * refused. Compaction moves in steps of at least {@link #compactionStep()}: each allowance is a
     * command to both runtimes per index, waking every worker, and a burst of small commits (a
     * script of INSERTs) sent one per commit, each moving the frontier by a millisecond.
     */
    private void applyReadPolicy(long ts) {
        long allowed = Math.min(Math.max(0, ts - retainMillis), oracle.publishedTimestamp());
        synchronized (holds) {
            if (!holds.isEmpty()) {
                allowed = Math.min(allowed, holds.firstKey());
            }
            if (allowed - allowedMax < compactionStep()) {
                return; // history kept grows by less than a step: the next commits move it
            }
            allowedMax = allowed;
        }
        Frontier since = Frontier.at(allowed);
        for (dev.spindle.planner.catalog.CatalogItem.Index i : catalog.get().items(dev.spindle.planner.catalog.CatalogItem.Index.class)) {
            compute.allowCompaction(i.id(), since);
        }
        if (introspection.started()) { // the logging indexes, once they run
            for (dev.spindle.planner.catalog.CatalogItem i : catalog.get().systemItems()) {
                if (i instanceof dev.spindle.planner.catalog.CatalogItem.Index) {
                    compute.allowCompaction(i.id(), since);
                }
            }
        }
    }

    /**
     * Whether {@code name} is taken: by an item of the catalog, an index being built, or a PRIMARY
     * KEY or UNIQUE constraint (in PostgreSQL these are indexes, in the relations' name space).
     * Call with {@link #writeLock()} held.
     */
    public boolean nameTaken(String name) {
        assert Thread.holdsLock(writeLock);
        if (catalog.get().byName(name).isPresent() || reserved.contains(name)) {
            return true;
        }
        for (CatalogItem.Table t : catalog.get().items(CatalogItem.Table.class)) {
            for (dev.spindle.planner.catalog.KeyConstraint k : t.keys()) {
                if (k.name().equals(name)) {
                    return true;
                }
            }
        }
        return false;
    }

    /** Reserves {@code name} for an index built outside the write lock; call with it held. */
    public void reserveName(String name) {
        assert Thread.holdsLock(writeLock);
        reserved.add(name);
    }

    /** Releases a name {@link #reserveName} reserved; call with the write lock held. */
    public void releaseName(String name) {
        assert Thread.holdsLock(writeLock);
        reserved.remove(name);
    }

    /**
     * The time of the latest commit that wrote table {@code id}, or -1 if none has since this
     * database opened.
     */
    public long lastWrite(GlobalId id) {
        return lastWrite.getOrDefault(id, -1L);
    }

    /**
     * Takes a read hold at the current read timestamp and returns it: until {@link #releaseHold}
     * no index compacts past it, so a transaction can go on reading at its snapshot however long it
     * lasts. (No race with compaction: the read policy never allows compaction past the latest
     * published write, and the hold is taken at or after it.)
     */
    public long holdReadTimestamp() {
        return holdReadTimestamp(Long.MAX_VALUE);
    }

    /**
     * As {@link #holdReadTimestamp()}, for a read whose inputs hold the same rows at every time from
     * {@code inputsChanged} on (the latest write to the tables it reads, the as-of of the indexes
     * it reads): takes and returns the earliest time from there that no index may have compacted
     * past, never after the read timestamp. It sees every write to its inputs that the read
     * timestamp does, but need not wait for indexes to be sealed through commits that changed
     * nothing it reads (another table's write, a catalog change). No race with compaction: the
     * time is at or after every compaction the read policy has allowed, both read under the same
     * monitor as the policy reads the holds, so no later compaction passes it.
     */
    public long holdReadTimestamp(long inputsChanged) {
        synchronized (holds) {
            long ts = Math.min(oracle.readTimestamp(), Math.max(inputsChanged, allowedMax));
            holds.merge(ts, 1, Integer::sum);
            return ts;
        }
    }

    /** The greatest compaction the read policy has allowed the indexes so far (0: none yet). */
    public long compactionAllowed() {
        synchronized (holds) {
            return allowedMax;
        }
    }

    /**
     * The least step by which the read policy moves the indexes' compaction frontier: an eighth of
     * the history kept (so an index keeps at most {@code retainMillis} and an eighth), or every
     * commit when none is kept.
     */
    public long compactionStep() {
        return retainMillis / 8;
    }

    /** Releases a hold taken by {@link #holdReadTimestamp}; compaction catches up at the next write that moves it a step. */
    public void releaseHold(long ts) {
        synchronized (holds) {
            holds.computeIfPresent(ts, (k, n) -> n == 1 ? null : n - 1);
        }
    }

    /** Seals every table through {@code ts} (a new table starts sealed through the read time). */
    public void sealThrough(long ts) {
        Frontier upper = Frontier.at(ts + 1);
        DeferredWakes.during(() -> { // each listening worker woken once, after the last table
            for (GlobalId id : tables.ids()) {
                TableLog log = tables.find(id).orElse(null);
                if (log != null && log.upper().lessThan(upper)) {
                    log.advanceUpper(upper);
                }
            }
            return null;
        });
    }

    @Override
    public void close() {
        durability.awaitOpened(); // a replay still running uses the compute
        try {
            compute.close();
        } finally {
            durability.close();
        }
    }
}
