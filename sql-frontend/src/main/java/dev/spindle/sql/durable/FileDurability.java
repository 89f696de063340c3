package dev.spindle.sql.durable;

import dev.spindle.common.error.ErrorCode;
import dev.spindle.common.error.SpindleException;
import dev.spindle.common.id.GlobalId;
import dev.spindle.common.update.Update;
import dev.spindle.planner.catalog.Catalog;
import dev.spindle.planner.catalog.CatalogItem;
import dev.spindle.sql.coord.Coordinator;
import dev.spindle.sql.Progress;
import dev.spindle.sql.coord.Durability;
import dev.spindle.sql.exec.Statements;
import dev.spindle.sql.parser.SpindleParser;
import dev.spindle.sql.parser.ddl.SqlCreateIndex;
import dev.spindle.storage.durable.DurableStore;
import dev.spindle.storage.durable.LogRecord;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;
import java.util.logging.Logger;

/**
 * File mode's {@link Durability}: a {@link DurableStore} in a directory.
 *
 * <ul>
 *   <li>Each commit of user tables becomes one log record (tables by durable key: a key is given
 *       to a table when it is created and kept in the log, since ids are given again on replay);
 *       each catalog change one record holding the statement that made it (or, for a change no
 *       statement text is known for, statements that recreate it).</li>
 *   <li>A statement returns once its records are synced: {@link #run} waits, outside the write
 *       lock, so commits of many sessions share one sync (group commit).</li>
 *   <li>A commit is published as the read timestamp ({@link #applied}) only once every record
 *       appended up to it is acknowledged, by the log's writer thread or the statement's own
 *       thread, whichever comes first: no read sees a commit a crash could lose.</li>
 *   <li>A checkpoint (the {@code CHECKPOINT} statement, or automatically once the log passes its
 *       threshold, run by the statement that found it due) captures the catalog as statements and
 *       every table's rows under the write lock, then writes them without it.</li>
 *   <li>Open replays the last checkpoint (tables and views, then their rows, then indexes, which
 *       hydrate as {@code CREATE INDEX} does) and the log after it, through the statement and
 *       commit paths a session uses; consecutive commits are replayed as one.</li>
 * </ul>
 *
 * <p>Thread-safety: shared by the sessions of a database; {@link #catalogChanged} and
 * {@link #committed} run under the coordinator's write lock, which guards the key maps and the
 * replay flag; the statement text and the LSN to wait for are per thread (a session's statement
 * runs on its caller's thread); checkpoints are serialized by their own lock; the commits waiting
 * to be published by the queue's monitor (taken by the log's writer thread too).
 */
public final class FileDurability implements Durability {
    private static final Logger LOG = Logger.getLogger(FileDurability.class.getName());

    private final Coordinator coord;
    private final DurableStore store;
    private final Path dir;
    // guarded by the coordinator's write lock
    private final Map<GlobalId, Long> keys = new HashMap<>();
    private final Map<Long, GlobalId> tables = new HashMap<>();
    private final Map<GlobalId, String> indexTexts = new HashMap<>();
    private long nextKey;
    private boolean replaying;
    private long replayKey;
    private final ThreadLocal<String> statement = new ThreadLocal<>();
    private final ThreadLocal<long[]> lastLsn = ThreadLocal.withInitial(() -> new long[] {-1});
    private final ReentrantLock checkpointLock = new ReentrantLock();
    /** Counted down when the replay on open ended, successfully or not. */
    private final java.util.concurrent.CountDownLatch opened = new java.util.concurrent.CountDownLatch(1);
    /** Completed with {@link #opened} (for waits that also watch a cancel or a deadline). */
    private final java.util.concurrent.CompletableFuture<Void> openedFuture = new java.util.concurrent.CompletableFuture<>();
    /** Why the replay failed (every statement then fails with it), or null. */
    private volatile RuntimeException openFailure;
    /** The replay's statements (their running CREATE INDEX reports its hydration), while it runs. */
    private volatile Statements replayStatements;
    /** Where the replay spent its time, once it succeeded. */
    private volatile OpenTimes openTimes;
    /** The replay's current step, for {@link #opening()}: what, records done, of how many. */
    private volatile Progress replayStep;

    /** Commits applied but not yet published: the log's last LSN at their commit, in order. */
    private final java.util.ArrayDeque<Unpublished> unpublished = new java.util.ArrayDeque<>();

    /** A commit at {@code ts} that may be read once record {@code lsn} is acknowledged. */
    private record Unpublished(long lsn, long ts, java.util.function.LongConsumer publish) {
    }
    private final List<String> notices;

    private FileDurability(Coordinator coord, DurableStore store, Path dir, long nextKey, List<String> notices) {
        this.coord = coord;
        this.store = store;
        this.dir = dir;
        this.nextKey = nextKey;
        this.notices = List.copyOf(notices);
    }

    /**
     * Opens the database directory {@code dir} for {@code coord} (a fresh coordinator no session
     * has used): recovers and replays it, then attaches itself. Fails with 55006 if another process
     * has it open, XX001 if it is damaged.
     */
    public static FileDurability open(Coordinator coord, Path dir, DurableStore.Options options) {
        long start = System.nanoTime();
        // the first query after the open would pay for the planner's first run: done beside the open instead
        dev.spindle.planner.PlannerWarmup.startOnce(dev.spindle.sql.parser.SpindleParser::parse);
        return open(coord, DurableStore.open(dir, options), dir, start);
    }

    /**
     * The same over the file seam {@code io}, without the directory lock (tests: a sync that
     * blocks or fails).
     */
    public static FileDurability open(Coordinator coord, dev.spindle.storage.durable.FileIO io,
                                      DurableStore.Options options) {
        long start = System.nanoTime();
        return open(coord, DurableStore.open(io, options), Path.of(io.describe("")), start);
    }

    private static FileDurability open(Coordinator coord, DurableStore store, Path dir, long start) {
        DurableStore.Recovered rec = store.recovered();
        FileDurability d = new FileDurability(coord, store, dir, rec.nextTableKey(), rec.notices());
        for (String n : rec.notices()) {
            LOG.warning(dir + ": " + n);
        }
        store.onAcknowledged(d::publishThrough);
        try {
            coord.attachDurability(d);
        } catch (RuntimeException e) {
            store.close();
            throw e;
        }
        long recovered = System.nanoTime() - start;
        Thread replay = new Thread(() -> d.replayOnOpen(rec, recovered), "spindle-open " + dir);
        replay.setDaemon(true);
        replay.start();
        return d;
    }

    private void replayOnOpen(DurableStore.Recovered rec, long recoverNanos) {
        try {
            OpenTimes t = replay(rec, recoverNanos);
            openTimes = t;
            LOG.fine(() -> dir + ": opened in " + t.totalNanos() / 1_000_000 + " ms: " + t);
        } catch (RuntimeException e) {
            openFailure = e;
            LOG.severe(dir + ": opening failed, every statement will fail: " + e.getMessage());
        } finally {
            replayStatements = null;
            replayStep = null;
            opened.countDown();
            openedFuture.complete(null);
        }
    }

    /**
     * Waits until the replay on open has ended (statements wait here; the session's progress shows
     * the replay meanwhile); throws what made it fail, if it did.
     */
    private void awaitOpen() {
        if (opened.getCount() > 0) {
            try {
                opened.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new SpindleException(ErrorCode.QUERY_CANCELED_0);
            }
        }
        RuntimeException failure = openFailure;
        if (failure != null) {
            throw failure;
        }
    }

    @Override
    public java.util.Optional<Progress> opening() {
        if (opened.getCount() == 0) {
            return java.util.Optional.empty();
        }
        Statements st = replayStatements;
        Progress p = st == null ? null : st.control().progress().orElse(null);
        if (p != null) {
            return java.util.Optional.of(new Progress("opening " + dir + ": " + p.statement(), p.done(), p.total()));
        }
        Progress step = replayStep;
        return java.util.Optional.of(step != null ? step : new Progress("opening " + dir, 0, -1));
    }

    /** Where opening spent its time, once the replay succeeded (measurements). */
    public java.util.Optional<OpenTimes> openTimes() {
        return java.util.Optional.ofNullable(openTimes);
    }

    @Override
    public java.util.concurrent.CompletableFuture<Void> opened() {
        return openedFuture.copy();
    }

    @Override
    public void awaitOpened() {
        try {
            opened.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** What recovery repaired on open (a torn tail cut off), for the user. */
    public List<String> notices() {
        return notices;
    }

    /** The database directory. */
    public Path directory() {
        return dir;
    }

    /** Syncs issued by the log so far (measurements). */
    public long syncs() {
        return store.syncs();
    }

    // ------------------------------------------------------------------ commit path

    @Override
    public void catalogChanged(Catalog before, Catalog after) {
        List<CatalogItem> created = new ArrayList<>();
        List<CatalogItem> dropped = new ArrayList<>();
        List<CatalogItem> changed = new ArrayList<>();
        for (CatalogItem i : after.items(CatalogItem.class)) {
            CatalogItem old = before.get(i.id()).orElse(null);
            if (old == null) {
                created.add(i);
            } else if (!old.equals(i)) {
                changed.add(i);
            }
        }
        for (CatalogItem i : before.items(CatalogItem.class)) {
            if (after.get(i.id()).isEmpty()) {
                dropped.add(i);
            }
        }
        created.sort(Comparator.comparing(CatalogItem::id));
        dropped.sort(Comparator.comparing(CatalogItem::id).reversed());
        if (created.isEmpty() && dropped.isEmpty() && changed.isEmpty()) {
            return;
        }
        String text = statement.get();
        statement.remove(); // one statement, one record, however many changes it makes
        List<CatalogItem> newTables = created.stream().filter(i -> i instanceof CatalogItem.Table).toList();
        for (CatalogItem i : dropped) {
            Long key = keys.remove(i.id());
            if (key != null) {
                tables.remove(key);
            }
            indexTexts.remove(i.id());
        }
        if (replaying) {
            if (!newTables.isEmpty()) {
                if (newTables.size() != 1 || replayKey == 0) {
                    throw new SpindleException(ErrorCode.INTERNAL_ERROR_1, "replaying a statement created tables "
                            + newTables + " where the log has table key " + replayKey);
                }
                bind(newTables.get(0).id(), replayKey);
                replayKey = 0;
            }
            for (CatalogItem i : created) {
                if (i instanceof CatalogItem.Index) {
                    indexTexts.put(i.id(), text);
                }
            }
            return;
        }
        List<LogRecord.DdlEntry> entries = new ArrayList<>();
        if (text != null && newTables.size() <= 1) {
            long key = 0;
            if (newTables.size() == 1) {
                key = nextKey++;
                bind(newTables.get(0).id(), key);
            }
            entries.add(new LogRecord.DdlEntry(text, key));
            for (CatalogItem i : created) {
                if (i instanceof CatalogItem.Index) {
                    indexTexts.put(i.id(), text);
                }
            }
        } else {
            for (CatalogItem i : dropped) {
                entries.add(new LogRecord.DdlEntry(CatalogScript.drop(i), 0));
            }
            for (CatalogItem i : changed) {
                entries.add(new LogRecord.DdlEntry(CatalogScript.drop(i), 0));
                created.add(i);
            }
            for (CatalogItem i : created) {
                long key = 0;
                if (i instanceof CatalogItem.Table) {
                    key = nextKey++;
                    bind(i.id(), key);
                }
                String sql = CatalogScript.create(after, i, indexTexts);
                if (i instanceof CatalogItem.Index) {
                    indexTexts.put(i.id(), sql);
                }
                entries.add(new LogRecord.DdlEntry(sql, key));
            }
        }
        lastLsn.get()[0] = store.append(new LogRecord.Catalog(entries));
    }

    private void bind(GlobalId id, long key) {
        keys.put(id, key);
        tables.put(key, id);
        nextKey = Math.max(nextKey, key + 1);
    }

    @Override
    public void committed(Map<GlobalId, List<Update>> changes) {
        if (replaying) {
            return;
        }
        List<LogRecord.TableChange> out = new ArrayList<>();
        for (Map.Entry<GlobalId, List<Update>> e : changes.entrySet()) {
            Long key = keys.get(e.getKey());
            if (key != null && !e.getValue().isEmpty()) {
                out.add(new LogRecord.TableChange(key, e.getValue()));
            }
        }
        if (out.isEmpty()) {
            String poisoned = store.poisoned();
            if (poisoned != null && changes.keySet().stream().anyMatch(keys::containsKey)) {
                throw new SpindleException(ErrorCode.DATABASE_POISONED_1, poisoned);
            }
            return;
        }
        lastLsn.get()[0] = store.append(new LogRecord.Commit(out));
    }

    /**
     * Publishes the commit at {@code ts} once every record appended so far is acknowledged: a
     * commit applied after an unsynced one (whatever it wrote) must not make that one readable.
     */
    @Override
    public void applied(long ts, java.util.function.LongConsumer publish) {
        long lsn = store.appendedThrough();
        synchronized (unpublished) {
            if (unpublished.isEmpty() && lsn <= store.acknowledgedThrough()) {
                publish.accept(ts);
            } else {
                unpublished.addLast(new Unpublished(lsn, ts, publish));
            }
        }
        if (lsn <= store.acknowledgedThrough()) {
            publishThrough(lsn); // acknowledged meanwhile: the listener may have run before the entry was added
        }
    }

    /** Publishes every commit whose records are acknowledged through {@code lsn} (any thread). */
    private void publishThrough(long lsn) {
        synchronized (unpublished) {
            Unpublished last = null;
            while (!unpublished.isEmpty() && unpublished.peekFirst().lsn() <= lsn) {
                last = unpublished.pollFirst();
            }
            if (last != null) {
                last.publish().accept(last.ts());
            }
        }
    }

    @Override
    public <T> T run(String sql, Supplier<T> body) {
        awaitOpen();
        statement.set(sql);
        long[] lsn = lastLsn.get();
        lsn[0] = -1;
        T result;
        try {
            result = body.get();
        } finally {
            statement.remove();
        }
        if (lsn[0] >= 0) {
            long wait = lsn[0];
            lsn[0] = -1;
            store.awaitDurable(wait);
            publishThrough(store.acknowledgedThrough()); // read your writes, whenever the listener runs
            if (store.checkpointDue()) {
                checkpointIfIdle();
            }
        }
        return result;
    }

    // ------------------------------------------------------------------ checkpoints

    @Override
    public void checkpoint() {
        awaitOpen();
        checkpointLock.lock();
        try {
            doCheckpoint();
        } finally {
            checkpointLock.unlock();
        }
    }

    private void checkpointIfIdle() {
        if (checkpointLock.tryLock()) {
            try {
                if (store.checkpointDue()) {
                    doCheckpoint();
                }
            } finally {
                checkpointLock.unlock();
            }
        }
    }

    private void doCheckpoint() {
        DurableStore.Checkpoint c;
        List<LogRecord.DdlEntry> catalog = new ArrayList<>();
        Map<Long, List<Update>> rows = new LinkedHashMap<>();
        synchronized (coord.writeLock()) {
            c = store.beginCheckpoint();
            Catalog cat = coord.catalog();
            long asOf = coord.oracle().readTimestamp();
            List<CatalogItem> items = new ArrayList<>(cat.items(CatalogItem.class));
            items.sort(Comparator.comparing((CatalogItem i) -> i instanceof CatalogItem.Index ? 1 : 0)
                    .thenComparing(CatalogItem::id));
            for (CatalogItem i : items) {
                Long key = keys.get(i.id());
                catalog.add(new LogRecord.DdlEntry(CatalogScript.create(cat, i, indexTexts), key == null ? 0 : key));
                if (key != null) {
                    rows.put(key, coord.tables().get(i.id()).snapshot(asOf));
                }
            }
        }
        store.completeCheckpoint(c, catalog, rows);
    }

    // ------------------------------------------------------------------ replay

    private OpenTimes replay(DurableStore.Recovered rec, long recoverNanos) {
        Statements st = new Statements(coord);
        replayStatements = st;
        synchronized (coord.writeLock()) {
            replaying = true;
        }
        try {
            long t0 = System.nanoTime();
            List<LogRecord.DdlEntry> indexes = new ArrayList<>();
            List<LogRecord.DdlEntry> rest = new ArrayList<>();
            for (LogRecord.DdlEntry e : rec.catalog()) {
                (SpindleParser.parse(e.sql()) instanceof SqlCreateIndex ? indexes : rest).add(e);
            }
            step("the checkpoint's catalog", 0, rec.catalog().size());
            runAll(st, rest, true);
            long t1 = System.nanoTime();
            Map<GlobalId, List<Update>> data = new HashMap<>();
            long rows = 0;
            for (Map.Entry<Long, List<Update>> e : rec.snapshots().entrySet()) {
                data.put(table(e.getKey()), e.getValue());
                rows += e.getValue().size();
            }
            step("loading the checkpoint's rows", 0, rows);
            commit(data);
            long t2 = System.nanoTime();
            runAll(st, indexes, false);
            long t3 = System.nanoTime();
            Map<GlobalId, List<Update>> pending = new HashMap<>();
            int done = 0;
            long logRows = 0;
            long statementNanos = 0;
            for (LogRecord r : rec.tail()) {
                step("replaying the log", done++, rec.tail().size());
                if (r instanceof LogRecord.Commit c) {
                    for (LogRecord.TableChange t : c.tables()) {
                        pending.computeIfAbsent(table(t.tableKey()), k -> new ArrayList<>()).addAll(t.updates());
                        logRows += t.updates().size();
                    }
                } else {
                    commit(pending);
                    pending = new HashMap<>();
                    long s0 = System.nanoTime();
                    runAll(st, ((LogRecord.Catalog) r).statements(), false);
                    statementNanos += System.nanoTime() - s0;
                }
            }
            commit(pending);
            long t4 = System.nanoTime();
            return new OpenTimes(recoverNanos, t1 - t0, rows, t2 - t1, t3 - t2, rec.tail().size(), logRows,
                    t4 - t3 - statementNanos, statementNanos);
        } finally {
            synchronized (coord.writeLock()) {
                replaying = false;
            }
        }
    }

    private void step(String what, long done, long total) {
        replayStep = new Progress("opening " + dir + ": " + what, done, total);
    }

    private GlobalId table(long key) {
        synchronized (coord.writeLock()) {
            GlobalId id = tables.get(key);
            if (id == null) {
                throw new SpindleException(ErrorCode.DATABASE_CORRUPTED_3, dir, "log",
                        "a commit names table key " + key + ", which no catalog statement created");
            }
            return id;
        }
    }

    private void commit(Map<GlobalId, List<Update>> data) {
        data.values().removeIf(List::isEmpty);
        if (data.isEmpty()) {
            return;
        }
        synchronized (coord.writeLock()) {
            coord.commitReplayed(data); // rows as they were committed: not checked again
        }
    }

    /**
     * Runs catalog statements; with {@code reorder}, one that names an object a later one creates
     * (a view replaced to read a newer table) is tried again after the others.
     */
    private void runAll(Statements st, List<LogRecord.DdlEntry> entries, boolean reorder) {
        List<LogRecord.DdlEntry> todo = new ArrayList<>(entries);
        while (!todo.isEmpty()) {
            List<LogRecord.DdlEntry> failed = new ArrayList<>();
            SpindleException last = null;
            for (LogRecord.DdlEntry e : todo) {
                try {
                    runOne(st, e);
                } catch (SpindleException ex) {
                    if (!reorder) {
                        throw replayFailed(e, ex);
                    }
                    failed.add(e);
                    last = ex;
                }
            }
            if (failed.size() == todo.size()) {
                throw replayFailed(failed.get(0), last);
            }
            todo = failed;
        }
    }

    private void runOne(Statements st, LogRecord.DdlEntry e) {
        synchronized (coord.writeLock()) {
            replayKey = e.tableKey();
        }
        statement.set(e.sql());
        try {
            st.execute(SpindleParser.parse(e.sql()), e.sql());
        } finally {
            statement.remove();
            synchronized (coord.writeLock()) {
                replayKey = 0;
            }
        }
    }

    private SpindleException replayFailed(LogRecord.DdlEntry e, SpindleException cause) {
        return SpindleException.withCause(cause, ErrorCode.INTERNAL_ERROR_1,
                "replaying the catalog of " + dir + " failed at \"" + e.sql() + "\": " + cause.getMessage());
    }

    @Override
    public void close() {
        store.close();
    }
}
