package dev.spindle.storage.table;

import dev.spindle.common.error.ErrorCode;
import dev.spindle.common.error.SpindleException;
import dev.spindle.common.id.GlobalId;
import dev.spindle.common.row.DatumKind;
import dev.spindle.common.row.Row;
import dev.spindle.common.time.Frontier;
import dev.spindle.common.time.Timestamp;
import dev.spindle.common.type.Column;
import dev.spindle.common.type.RelationDesc;
import dev.spindle.common.type.TypeKind;
import dev.spindle.common.update.Consolidation;
import dev.spindle.common.update.Update;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

/**
 * A table as a timestamped log of updates, in memory, with a {@code since} and an {@code upper}.
 *
 * <h2>Time contract</h2>
 * <ul>
 *   <li>Times {@code < upper} are sealed: {@link #append} and {@link #advanceUpper} only add
 *       updates at times {@code >= upper} and then move {@code upper} forward; it never moves back.</li>
 *   <li>Times {@code < since} have been compacted: their updates were advanced to {@code since}.
 *       Reads are valid at {@code since <= t < upper}. {@link #compact} moves {@code since} forward
 *       (never back, never past {@code upper}) and never changes what a read at {@code t >= since}
 *       returns.</li>
 * </ul>
 *
 * <h2>Representation</h2>
 * The state is an immutable {@link State} swapped by the writer through a volatile field (H2's
 * {@code RootReference} idea): a consolidated <em>base</em> of updates plus the batches appended
 * since the base was last rebuilt, which are a suffix of an append-only linked chain of
 * {@link Node}s. Listeners walk that chain ({@link Subscription}); a snapshot sums the base and
 * the chain up to the state's tail. The base is rebuilt (consolidated, times kept) when the recent
 * batches hold as many updates as the base, so appends cost amortized O(log n) comparisons per
 * update, or when there are more than 64 of them and a sixteenth of the base's size (batches that
 * only advance time, as every commit to another table does, would otherwise make every listener
 * walk a chain as long as the database's history); batches that only advance time after the base
 * are folded into it at once. The base is rebuilt with times advanced when {@code since} moves.
 *
 * <h2>Thread-safety</h2>
 * <b>One writer, many readers.</b> The writing methods ({@link #append}, {@link #advanceUpper},
 * {@link #compact}, {@link #close}) are serialized by the log's monitor, so a second writer is
 * safe but waits. Readers ({@link #snapshot}, {@link #listen}, {@link #since}, {@link #upper}) on
 * any thread take no lock: each reads one published {@code State} and sees a consistent log
 * ({@link #lastUpdateTime} reads a volatile the writer sets before publishing).
 * Multiplicities are the writer's responsibility: the log does not check that a deletion removes
 * a row that exists; a snapshot that would hold a negative count fails with
 * {@link ErrorCode#NEGATIVE_MULTIPLICITY_3}.
 */
public final class TableLog {

    /** A link in the chain of appended batches. {@code next} is written once, by the writer. */
    static final class Node {
        final TableBatch batch;
        volatile Node next;

        Node(TableBatch batch) {
            this.batch = batch;
        }
    }

    /**
     * Everything a reader needs, published at once.
     *
     * @param since compaction frontier
     * @param upper sealed frontier
     * @param base consolidated updates of every batch up to and including {@code baseThrough}
     *     (an immutable list, handed to listeners without copying)
     * @param baseUpper the upper of {@code baseThrough}: every base update is at a time before it
     * @param baseThrough the last chain node folded into {@code base}
     * @param tail the last chain node of this state; later nodes belong to later states
     * @param recentUpdates number of updates in the nodes after {@code baseThrough}
     * @param recentBatches number of nodes after {@code baseThrough}
     */
    private record State(Frontier since, Frontier upper, List<Update> base, Frontier baseUpper, Node baseThrough,
                         Node tail, long recentUpdates, int recentBatches, boolean closed) {
    }

    private final GlobalId id;
    private final RelationDesc desc;
    private volatile State state;
    /** The greatest time of an update appended so far, or -1; written by the writer before it publishes. */
    private volatile long lastUpdate = -1;
    private final Object appendSignal = new Object();
    private final CopyOnWriteArrayList<Runnable> wakers = new CopyOnWriteArrayList<>();
    private final java.util.concurrent.atomic.AtomicInteger openSubscriptions = new java.util.concurrent.atomic.AtomicInteger();

    /** An empty table with {@code since = upper = {MIN}}. */
    public TableLog(GlobalId id, RelationDesc desc) {
        this.id = Objects.requireNonNull(id, "id");
        this.desc = Objects.requireNonNull(desc, "desc");
        Node sentinel = new Node(null);
        this.state = new State(Frontier.MIN, Frontier.MIN, List.of(), Frontier.MIN, sentinel, sentinel, 0, 0, false);
    }

    /** The table's id. */
    public GlobalId id() {
        return id;
    }

    /** The table's columns. */
    public RelationDesc desc() {
        return desc;
    }

    /** Times below this have been compacted together. */
    public Frontier since() {
        return state.since;
    }

    /** Times below this are sealed. */
    public Frontier upper() {
        return state.upper;
    }

    /**
     * The greatest time of any update appended so far, or -1 if none was: at every readable time
     * from it (and from {@link #since}) on, up to the upper, the table holds the same rows. An
     * append whose updates cancel out still counts. Set before the append is published, so a
     * reader that sees an append's upper also sees its time here.
     */
    public long lastUpdateTime() {
        return lastUpdate;
    }

    // ------------------------------------------------------------------ writer

    /**
     * Appends {@code updates}, each at a time in {@code [upper, ts]}, and advances the upper to
     * just past {@code ts}. An empty list only advances time.
     *
     * @throws SpindleException {@link ErrorCode#WRITE_BEHIND_UPPER_3} if {@code ts < upper} or an
     *     update's time is outside {@code [upper, ts]}; {@link ErrorCode#NOT_NULL_VIOLATION_1} if
     *     a NOT NULL column gets NULL; {@link ErrorCode#TABLE_NOT_FOUND_1} once closed
     * @throws IllegalArgumentException if a row does not match the table's columns
     */
    public synchronized void append(Collection<Update> updates, long ts) {
        append(updates, ts, true);
    }

    /**
     * As {@link #append}, without checking each row against the table's columns: for rows that
     * were checked when first written and are appended again as they were (file mode replaying its
     * snapshots and log on open). Times are still checked.
     */
    public synchronized void appendChecked(Collection<Update> updates, long ts) {
        append(updates, ts, false);
    }

    private void append(Collection<Update> updates, long ts, boolean checkRows) {
        Timestamp.check(ts);
        State s = state;
        checkOpen(s);
        if (!s.upper.lessEqual(ts)) {
            throw new SpindleException(ErrorCode.WRITE_BEHIND_UPPER_3, id, ts, s.upper);
        }
        long latest = lastUpdate;
        for (Update u : updates) {
            if (!s.upper.lessEqual(u.time()) || u.time() > ts) {
                throw new SpindleException(ErrorCode.WRITE_BEHIND_UPPER_3, id, u.time(), s.upper);
            }
            if (checkRows) {
                checkRow(u.row());
            }
            latest = Math.max(latest, u.time());
        }
        lastUpdate = latest;
        publish(s, new TableBatch(s.upper, Frontier.after(ts), Consolidation.consolidate(updates)));
    }

    /**
     * Advances the upper to {@code frontier} without data; a frontier at or below the current
     * upper changes nothing. Advancing to {@link Frontier#EMPTY} seals every time.
     */
    public synchronized void advanceUpper(Frontier frontier) {
        State s = state;
        checkOpen(s);
        if (frontier.lessEqual(s.upper)) {
            return;
        }
        publish(s, new TableBatch(s.upper, frontier, List.of()));
    }

    private void publish(State s, TableBatch batch) {
        Node node = new Node(batch);
        s.tail.next = node; // link first: a listener holding the old state reaches it through the chain
        long recent = s.recentUpdates + batch.updates().size();
        int batches = s.recentBatches + 1;
        State next;
        if (recent == 0) {
            // Only time has passed since the base was built (commits to other tables advance every
            // table's upper): the base stands for these batches too, and the chain a listener must
            // walk does not grow with commits that did not touch this table.
            next = new State(s.since, batch.upper(), s.base, batch.upper(), node, node, 0, 0, false);
        } else if (recent > Math.max(64, s.base.size()) || batches > Math.max(64, s.base.size() / 16)) {
            // A first batch of updates (a bulk load, a snapshot replayed on open, maybe after
            // batches that only advanced time) is the base as it is: a batch's updates are
            // consolidated and immutable already.
            List<Update> base = s.base.isEmpty() && s.recentUpdates == 0 ? batch.updates()
                    : List.copyOf(Consolidation.consolidate(updatesThrough(s.base, s.baseThrough, node)));
            next = new State(s.since, batch.upper(), base, batch.upper(), node, node, 0, 0, false);
        } else {
            next = new State(s.since, batch.upper(), s.base, s.baseUpper, s.baseThrough, node, recent, batches, false);
        }
        state = next;
        synchronized (appendSignal) {
            appendSignal.notifyAll();
        }
        for (Runnable w : wakers) {
            DeferredWakes.wake(w);
        }
    }

    /**
     * Advances {@code since} to {@code newSince}: updates at earlier times move to
     * {@code newSince} and are consolidated. A frontier at or below the current since changes
     * nothing.
     *
     * @throws SpindleException {@link ErrorCode#READ_NOT_SEALED_3} if {@code newSince} is beyond
     *     the upper
     */
    public synchronized void compact(Frontier newSince) {
        State s = state;
        if (newSince.lessEqual(s.since)) {
            return;
        }
        if (!newSince.lessEqual(s.upper)) {
            throw new SpindleException(ErrorCode.READ_NOT_SEALED_3, id, newSince, s.upper);
        }
        List<Update> all = updatesThrough(s.base, s.baseThrough, s.tail);
        state = new State(newSince, s.upper, List.copyOf(Consolidation.advanceAndConsolidate(all, newSince)), s.upper,
                s.tail, s.tail, 0, 0, s.closed);
    }

    /**
     * Closes the log (the table was dropped): the upper becomes {@link Frontier#EMPTY}, listeners
     * receive a last batch saying so, and further writes fail. Idempotent.
     */
    public synchronized void close() {
        State s = state;
        if (s.closed) {
            return;
        }
        if (!s.upper.isEmpty()) {
            publish(s, new TableBatch(s.upper, Frontier.EMPTY, List.of()));
            s = state;
        }
        state = new State(s.since, s.upper, s.base, s.baseUpper, s.baseThrough, s.tail, s.recentUpdates, s.recentBatches,
                true);
    }

    /** True once {@link #close} was called. */
    public boolean isClosed() {
        return state.closed;
    }

    /** {@code base} followed by the updates of the chain nodes after {@code from} through {@code to}. */
    private static List<Update> updatesThrough(List<Update> base, Node from, Node to) {
        List<Update> all = new ArrayList<>(base);
        for (Node n = from; n != to; ) {
            n = n.next;
            all.addAll(n.batch.updates());
        }
        return all;
    }

    private void checkOpen(State s) {
        if (s.closed) {
            throw new SpindleException(ErrorCode.TABLE_NOT_FOUND_1, id);
        }
        if (s.upper.isEmpty()) {
            throw new SpindleException(ErrorCode.WRITE_BEHIND_UPPER_3, id, "any time", s.upper);
        }
    }

    private void checkRow(Row row) {
        DatumKind[] kinds = row.kinds();
        if (kinds.length != desc.arity()) {
            throw new IllegalArgumentException("row " + row + " has " + kinds.length + " columns, table " + id
                    + " has " + desc.arity());
        }
        for (int i = 0; i < kinds.length; i++) {
            Column c = desc.column(i);
            DatumKind k = kinds[i];
            if (k == DatumKind.NULL) {
                if (!c.type().nullable()) {
                    throw new SpindleException(ErrorCode.NOT_NULL_VIOLATION_1, c.name());
                }
            } else if (k != expectedKind(c.type().kind())) {
                throw new IllegalArgumentException("column " + c.name() + " of type " + c.type() + " cannot hold a "
                        + k + " value in row " + row);
            }
        }
    }

    private static DatumKind expectedKind(TypeKind t) {
        switch (t) {
            case BOOLEAN: return DatumKind.BOOLEAN;
            case SMALLINT:
            case INTEGER:
            case BIGINT: return DatumKind.INTEGER;
            case REAL: return DatumKind.REAL;
            case DOUBLE: return DatumKind.DOUBLE;
            case DECIMAL: return DatumKind.DECIMAL;
            case CHAR:
            case VARCHAR:
            case TEXT: return DatumKind.STRING;
            case DATE: return DatumKind.DATE;
            case TIME: return DatumKind.TIME;
            case TIMESTAMP: return DatumKind.TIMESTAMP;
            default: throw new AssertionError(t);
        }
    }

    // ------------------------------------------------------------------ readers

    /**
     * The table's contents at {@code asOf}: one update per distinct row, at time {@code asOf},
     * with the row's multiplicity as its diff, sorted by row.
     *
     * @throws SpindleException {@link ErrorCode#READ_BEFORE_SINCE_3} if {@code asOf < since},
     *     {@link ErrorCode#READ_NOT_SEALED_3} if {@code asOf >= upper}
     */
    public List<Update> snapshot(long asOf) {
        Timestamp.check(asOf);
        State s = state;
        if (!s.since.lessEqual(asOf)) {
            throw new SpindleException(ErrorCode.READ_BEFORE_SINCE_3, id, asOf, s.since);
        }
        if (!s.upper.isSealed(asOf)) {
            throw new SpindleException(ErrorCode.READ_NOT_SEALED_3, id, asOf, s.upper);
        }
        // The base and every batch are consolidated, so sorted by row: the sort merges those runs
        // (TimSort), and equal rows are then adjacent. A map per row cost a tree insert per update
        // (a CREATE INDEX's first progress figure counts a table through this).
        Update[] all = updatesThrough(s.base, s.baseThrough, s.tail).toArray(new Update[0]);
        java.util.Arrays.sort(all, Update.BY_ROW_THEN_TIME);
        List<Update> out = new ArrayList<>();
        int i = 0;
        while (i < all.length) {
            Row row = all[i].row();
            long sum = 0;
            for (; i < all.length && all[i].row().equals(row); i++) {
                if (all[i].time() <= asOf) {
                    sum = Math.addExact(sum, all[i].diff());
                }
            }
            if (sum < 0) {
                throw new SpindleException(ErrorCode.NEGATIVE_MULTIPLICITY_3, id, sum, row);
            }
            if (sum != 0) {
                out.add(new Update(row, asOf, sum));
            }
        }
        return out;
    }

    /**
     * Subscribes to every update at a time {@code >= from}: first what the log already holds at
     * those times (the consolidated base as one batch, handed over without copying when
     * {@code from <= since}, then the recent batches), then each later batch as it is appended,
     * in order, exactly once; descriptions are contiguous from {@code from}. Cheap to call: the
     * listener, not the caller, walks the data.
     *
     * @throws SpindleException {@link ErrorCode#READ_BEFORE_SINCE_3} if {@code from < since}
     */
    public Subscription listen(Frontier from) {
        State s = state;
        if (!s.since.lessEqual(from)) {
            throw new SpindleException(ErrorCode.READ_BEFORE_SINCE_3, id, from, s.since);
        }
        // What the log already holds at times >= from, without copying or re-sorting it: the
        // consolidated base as one batch [from, baseUpper), then the recent batches as they are
        // (trimmed to from by the subscription). Contiguous with what the chain delivers next.
        List<TableBatch> catchUp = new ArrayList<>();
        if (from.lessThan(s.baseUpper)) {
            List<Update> base = s.base;
            if (s.since.lessThan(from)) {
                List<Update> kept = new ArrayList<>();
                for (Update u : base) {
                    if (from.lessEqual(u.time())) {
                        kept.add(u);
                    }
                }
                base = kept;
            }
            catchUp.add(new TableBatch(from, s.baseUpper, base));
        }
        for (Node n = s.baseThrough; n != s.tail; ) {
            n = n.next;
            catchUp.add(n.batch);
        }
        openSubscriptions.incrementAndGet();
        return new Subscription(this, from, catchUp, s.tail);
    }

    /** Number of subscriptions not yet closed (introspection; dropped dataflows must release theirs). */
    public int openSubscriptions() {
        return openSubscriptions.get();
    }

    void subscriptionClosed() {
        openSubscriptions.decrementAndGet();
    }

    // ------------------------------------------------------------------ waiting

    void awaitAppend(Node seen, long nanos) throws InterruptedException {
        synchronized (appendSignal) {
            if (seen.next == null) {
                TimeUnit.NANOSECONDS.timedWait(appendSignal, nanos);
            }
        }
    }

    void addWaker(Runnable waker) {
        wakers.add(waker);
    }

    void removeWaker(Runnable waker) {
        wakers.remove(waker);
    }
}
