package dev.spindle.compute.arrangement.spine;

import dev.spindle.common.time.Frontier;
import dev.spindle.compute.arrangement.batch.Batch;
import dev.spindle.compute.arrangement.batch.Description;
import dev.spindle.compute.arrangement.trace.ArrangementSize;
import dev.spindle.compute.arrangement.trace.SharedTrace;
import dev.spindle.compute.arrangement.trace.TraceHandle;
import dev.spindle.compute.arrangement.trace.TracePublisher;
import dev.spindle.compute.arrangement.trace.TraceSnapshot;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * An arrangement's trace as its single writer sees it: a chain of immutable batches, merged
 * geometrically in fueled slices, compacted to what its readers' holds allow, and published after
 * every change for readers on other threads.
 *
 * <h2>Structure</h2>
 * The chain, oldest first, is the <em>ladder</em>'s levels from the highest down to level 0, then
 * the <em>pending</em> batches. A ladder level is vacant, holds one batch, or holds two batches
 * being merged ({@link dev.spindle.compute.arrangement.batch.BatchMerger}) into one for the next
 * level up. Pending batches are inserted batches not yet admitted to the ladder.
 *
 * <h2>Invariants of the merge algorithm</h2>
 * <ol>
 *   <li><b>Order.</b> The chain is contiguous and ordered by time: every batch at level {@code i}
 *       is newer than every batch at a level {@code > i}, a merge's older input precedes its newer
 *       one, pending batches are the newest. Only neighbours are ever merged.</li>
 *   <li><b>Size classes.</b> A batch enters the ladder at level {@code k = ceil(log2 records)} and
 *       counts as {@code 2^k} <em>virtual</em> records at level {@code k} whatever compaction later
 *       removes from it, so fuel accounting never depends on how well data compacts. When the top
 *       level's batch shrank below its class, it is drawn down (into a vacant level, or into a merge
 *       with a single batch below if little lies beneath it).</li>
 *   <li><b>Fuel.</b> Introducing a batch of class {@code k} first gives {@code 8 * effort * 2^k}
 *       units of work to <em>each</em> merge in progress (one unit = one input update read). A merge
 *       begun at level {@code i} reads at most {@code 2^(i+1)} updates, and a new batch can reach
 *       level {@code i} only after at least {@code 2^i} virtual records arrive below it, which bring
 *       {@code 8 * 2^i}: four times what the merge needs. So merges finish before their level is
 *       needed again, each inserted record pays {@code O(log n)} work (8 per merging level), and no
 *       insert stalls on a large merge. Should a level ever be needed while still merging (fuel
 *       withheld), the merge is completed on the spot: correctness never rests on the arithmetic.</li>
 *   <li><b>Roll-up.</b> Before a batch is placed at level {@code k}, every level below {@code k}
 *       is emptied by merging its contents into one batch placed at {@code k} (completing the merge
 *       that may start there); those levels hold fewer than {@code 2^k} virtual records, which the
 *       arriving batch's {@code 2^k} records pay for.</li>
 *   <li><b>Logarithmic length.</b> From 1-3: at most two batches per level and about
 *       {@code log2(records inserted) + 1} levels, so readers merge {@code O(log n)} batches, plus
 *       the pending ones.</li>
 *   <li><b>Logical compaction.</b> Each merge applies the logical grant current when it begins
 *       (times before it advanced to it, then consolidated). A grant never passes the meet of the
 *       live logical holds, nor {@code upper - 1} ({@link SharedTrace}); {@link #since()} is the
 *       latest grant and every batch's since is at or before it.</li>
 *   <li><b>Physical compaction.</b> A pending batch is admitted to the ladder only when its upper
 *       is at or before the physical grant {@code P} (the meet of the physical holds, capped at the
 *       upper), so every boundary at or after {@code P} survives for
 *       {@link TraceSnapshot#cursorThrough}. Empty batches are admitted at once and consecutive
 *       empty batches at the new end are fused (a straddled empty batch hides nothing), so advancing
 *       the upper without data costs no space.</li>
 *   <li><b>Publication.</b> After every insert, and after work that changed the chain or the
 *       since, the spine publishes an immutable {@link TraceSnapshot} ({@code AtomicReference}, as
 *       H2's {@code RootReference}); a merge in progress shows as its two inputs, never its partial
 *       output. Upper listeners run after the publish.</li>
 * </ol>
 *
 * <h2>Idle maintenance</h2>
 * Merges happen only as records arrive, so a trace that stops changing keeps its batches and their
 * uncompacted history. {@link #exert} introduces <em>virtual</em> records (an empty batch counted
 * as that many records) to move merges along at the same amortized cost, until one batch remains,
 * compacted to the since.
 *
 * <h2>Thread-safety</h2>
 * A spine is owned by one writer thread: {@link #insert}, {@link #work}, {@link #exert},
 * {@link #advanceUpper} and {@link #close} must be called from it (or with external happens-before between callers).
 * {@link #upper()}, {@link #since()} and {@link #size()} are the writer's view. Readers on other
 * threads use {@link #trace()} (snapshots, {@code tryAcquire}, listeners) and {@link TraceHandle}s,
 * which never block the writer for longer than a hold update.
 */
public final class Spine implements AutoCloseable {
    /** Default multiplier of the fuel inserted records provide. */
    public static final long DEFAULT_EFFORT = 1;

    private final TracePublisher publisher;
    private final MergeLadder ladder;
    private final ArrayDeque<Batch> pending = new ArrayDeque<>();
    private Frontier upper = Frontier.MIN;
    private Frontier since;
    private Frontier physical = Frontier.MIN;
    private long sequence;
    private long publishedChanges;
    private Frontier publishedSince;
    private boolean closed;

    private Spine(Frontier initialSince, long effort) {
        this.publisher = TracePublisher.create(initialSince);
        this.since = initialSince;
        this.publishedSince = initialSince;
        this.ladder = new MergeLadder(() -> since, effort);
    }

    /** A new empty trace (upper and since {@code MIN}) and its first handle. */
    public static TracePair create() {
        return create(Frontier.MIN, DEFAULT_EFFORT);
    }

    /**
     * A new empty trace whose reads start at {@code initialSince} (for a trace hydrated from data
     * already compacted to it), and its first handle, holding logical {@code initialSince} and
     * physical {@code MIN}. The first handle's holds keep the trace from compacting or merging
     * until its owner advances them (as {@code AllowCompaction} does).
     *
     * @param effort multiplier of the merge work each inserted record pays for (at least 1)
     */
    public static TracePair create(Frontier initialSince, long effort) {
        Objects.requireNonNull(initialSince, "initialSince");
        Spine spine = new Spine(initialSince, effort);
        return new TracePair(spine, spine.publisher.newHandle());
    }

    /** The reader side: snapshots, {@code tryAcquire}, listeners. */
    public SharedTrace trace() {
        return publisher.trace();
    }

    /** The latest published snapshot. */
    public TraceSnapshot snapshot() {
        return publisher.trace().snapshot();
    }

    /** Times before this are sealed. */
    public Frontier upper() {
        return upper;
    }

    /** The logical compaction applied (granted): reads must be at or after it. */
    public Frontier since() {
        return since;
    }

    /** The physical compaction applied: batch boundaries before it may have been merged away. */
    public Frontier physicalCompaction() {
        return physical;
    }

    /**
     * Appends {@code batch}, whose lower must be this spine's upper, and advances the upper to its
     * upper; does merge work in proportion to its size and publishes. An empty batch only advances
     * the upper (an empty interval changes nothing).
     *
     * @throws IllegalArgumentException if the batch does not start at the upper, or was compacted
     *     past this trace's since
     * @throws IllegalStateException if the spine is closed
     */
    public void insert(Batch batch) {
        checkOpen();
        Description d = batch.description();
        if (!d.lower().equals(upper)) {
            throw new IllegalArgumentException("batch " + d + " does not start at the trace's upper " + upper);
        }
        if (!d.faithfulFrom(since)) {
            throw new IllegalArgumentException("batch " + d + " is compacted beyond the trace's since " + since);
        }
        if (d.lower().equals(d.upper())) {
            return;
        }
        upper = d.upper();
        refreshGrants();
        if (batch.isEmpty()) {
            appendEmpty(batch);
        } else {
            pending.addLast(batch);
        }
        admitPending();
        publish();
    }

    /** Advances the upper to {@code frontier} without data; a frontier at or before it does nothing. */
    public void advanceUpper(Frontier frontier) {
        if (upper.lessThan(frontier)) {
            insert(Batch.empty(Description.of(upper, frontier)));
        }
    }

    /**
     * Does up to about {@code fuel} units of merge work (lowest levels first), after taking up new
     * compaction grants; publishes if the chain or the since changed.
     *
     * @return true if merges remain in progress
     * @throws IllegalStateException if the spine is closed
     */
    public boolean work(long fuel) {
        checkOpen();
        refreshGrants();
        admitPending();
        boolean more = ladder.work(fuel);
        if (ladder.changes() != publishedChanges || !since.equals(publishedSince)) {
            publish();
        }
        return more;
    }

    /**
     * Idle maintenance (differential's "exert"): if no merge is in progress and the ladder holds
     * several batches, or one whose history logical compaction could shrink, introduces an empty
     * batch that counts as {@code virtualRecords} records, so merges proceed, and compact, exactly
     * as if that many updates had arrived (same amortized cost); then does that much work. A worker
     * with nothing else to do calls this until it returns false, so a quiet trace converges to one
     * batch compacted to its since.
     *
     * @return true if calling again would do more work
     * @throws IllegalArgumentException if {@code virtualRecords <= 0}
     * @throws IllegalStateException if the spine is closed
     */
    public boolean exert(long virtualRecords) {
        if (virtualRecords <= 0) {
            throw new IllegalArgumentException("virtual records must be positive: " + virtualRecords);
        }
        checkOpen();
        refreshGrants();
        admitPending();
        if (!ladder.hasMerges() && idleWorkRemains()) {
            Frontier end = ladder.newest().description().upper();
            int level = MergeLadder.levelOf(virtualRecords);
            ladder.introduce(Batch.empty(new Description(end, end, Frontier.MIN)), level);
        }
        ladder.work(virtualRecords > Long.MAX_VALUE / MergeLadder.FUEL_PER_RECORD ? Long.MAX_VALUE
                : virtualRecords * MergeLadder.FUEL_PER_RECORD);
        if (ladder.changes() != publishedChanges || !since.equals(publishedSince)) {
            publish();
        }
        return ladder.hasMerges() || idleWorkRemains();
    }

    private boolean idleWorkRemains() {
        int n = ladder.batchCount();
        if (n != 1) {
            return n > 1;
        }
        Batch only = ladder.newest();
        return only.description().since().lessThan(since) && only.minTime() < since.time()
                && only.records() > only.valCount();
    }

    /** True if a merge is in progress. */
    public boolean hasWork() {
        return !closed && ladder.hasMerges();
    }

    /** Records, batches and bytes as they are now (see {@link ArrangementSize}). */
    public ArrangementSize size() {
        if (closed) {
            return ArrangementSize.ZERO;
        }
        return sizeOf(chain());
    }

    /** Number of inserted batches not yet admitted to merging because of a physical hold. */
    public int pendingBatches() {
        return pending.size();
    }

    /**
     * The writer is done: no more inserts. Readers holding handles keep reading the last snapshot
     * until they close; then (or now, with no handle) its batches are released. Idempotent.
     */
    @Override
    public void close() {
        if (!closed) {
            closed = true;
            pending.clear();
            ladder.clear();
            publisher.close();
        }
    }

    // ------------------------------------------------------------------ internals

    private void checkOpen() {
        if (closed) {
            throw new IllegalStateException("spine is closed");
        }
    }

    private void refreshGrants() {
        since = publisher.grantLogical(upper);
        physical = publisher.grantPhysical(upper);
    }

    private static Batch fuse(Batch older, Batch newer) {
        Description a = older.description();
        Description b = newer.description();
        return Batch.empty(new Description(a.lower(), b.upper(), a.since().join(b.since())));
    }

    private void appendEmpty(Batch batch) {
        Batch last = pending.peekLast();
        if (last != null) {
            if (last.isEmpty()) {
                pending.pollLast();
                pending.addLast(fuse(last, batch));
            } else {
                pending.addLast(batch);
            }
            return;
        }
        Batch newest = ladder.newest();
        if (newest == null || !newest.isEmpty() || !ladder.replaceNewestEmpty(fuse(newest, batch))) {
            pending.addLast(batch);
        }
    }

    private void admitPending() {
        while (!pending.isEmpty()) {
            Batch head = pending.peekFirst();
            if (!head.isEmpty() && !head.description().upper().lessEqual(physical)) {
                return;
            }
            ladder.introduce(pending.pollFirst());
        }
    }

    private List<Batch> chain() {
        List<Batch> batches = new ArrayList<>();
        ladder.forEachBatch(batches::add);
        batches.addAll(pending);
        return batches;
    }

    private ArrangementSize sizeOf(List<Batch> batches) {
        long records = 0;
        long bytes = ladder.mergeBytes();
        for (Batch b : batches) {
            records += b.records();
            bytes += b.sizeBytes();
        }
        return new ArrangementSize(records, batches.size(), bytes);
    }

    private void publish() {
        List<Batch> batches = chain();
        publisher.publish(new TraceSnapshot(batches, upper, since, sizeOf(batches), ++sequence, false));
        publishedChanges = ladder.changes();
        publishedSince = since;
    }
}
