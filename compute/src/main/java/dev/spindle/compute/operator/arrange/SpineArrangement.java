package dev.spindle.compute.operator.arrange;

import dev.spindle.common.time.Frontier;
import dev.spindle.compute.arrangement.batch.Batch;
import dev.spindle.compute.arrangement.batch.BatchAssembly;
import dev.spindle.compute.arrangement.batch.BatchBuilder;
import dev.spindle.compute.arrangement.batch.Description;
import dev.spindle.compute.arrangement.batch.StagedUpdates;
import dev.spindle.compute.arrangement.spine.Spine;
import dev.spindle.compute.arrangement.spine.TracePair;
import dev.spindle.compute.arrangement.trace.ArrangementSize;
import dev.spindle.compute.arrangement.trace.SharedTrace;
import dev.spindle.compute.arrangement.trace.TraceHandle;

/**
 * The production {@link ArrangementPort}: a {@link Spine} written by its worker, read through
 * {@link TraceHandle}s. Each reader's {@link Reader#allowCompaction} moves both its logical and its
 * physical hold, so the spine merges and compacts up to the meet of what its readers still need.
 *
 * <p>Thread-safety: {@link #insert}, {@link #work} and {@link #close} on the owning worker
 * thread. Readers may be used on any thread (handles and snapshots are thread-safe), but each
 * {@link KeyedReader} they return keeps a cursor and belongs to one thread.
 */
public final class SpineArrangement implements ArrangementPort {
    /** Merge work per {@link #work()} call, in updates read. */
    static final long FUEL = 1L << 12;
    /** Largest batch built in one step; larger inserts are assembled in slices. */
    static final int PART = 1 << 12;
    /**
     * Work per step of a large insert's assembly, in {@link BatchAssembly}'s units (one update
     * through one phase): about what building one {@link #PART} costs, so a step is as short as
     * it was when large inserts were built from parts.
     */
    static final long ASSEMBLY_FUEL = 4L * PART;

    private final Spine spine;
    private TraceHandle template;
    private BatchAssembly assembly; // a large insert in progress

    /** An arrangement readable from {@code MIN}. */
    public SpineArrangement() {
        this(Frontier.MIN);
    }

    /** An arrangement whose reads start at {@code since} (its dataflow's as-of). */
    public SpineArrangement(Frontier since) {
        TracePair pair = Spine.create(since, Spine.DEFAULT_EFFORT);
        this.spine = pair.writer();
        this.template = pair.handle();
    }

    @Override
    public SharedTrace sharedTrace() {
        return spine.trace();
    }

    /** The shared trace, for readers on other threads (the sharing registry). */
    public SharedTrace trace() {
        return spine.trace();
    }

    /** Records, batches and bytes held. */
    public ArrangementSize size() {
        return spine.size();
    }

    /**
     * Inserts the batch: at once if it is small, else in fueled slices by {@link #work()} (one
     * {@link BatchAssembly}: sorted once and written once, {@link #ASSEMBLY_FUEL} per call), so a
     * large hydration never holds its worker for long. The upper advances when the batch is in.
     *
     * @throws IllegalStateException if a previous large insert is still being assembled
     */
    @Override
    public void insert(StagedUpdates updates, Frontier lower, Frontier upper) {
        releaseTemplate();
        if (assembly != null) {
            throw new IllegalStateException("an insert is still being assembled");
        }
        Description d = Description.of(lower, upper);
        if (updates.size() <= PART) {
            spine.insert(build(updates, 0, updates.size(), d));
            inserted += updates.size();
        } else {
            assembly = new BatchAssembly(updates, d);
        }
    }

    private static Batch build(StagedUpdates updates, int from, int to, Description d) {
        BatchBuilder b = new BatchBuilder(to - from);
        updates.copyTo(from, to, b);
        return b.build(d);
    }

    @Override
    public boolean work() {
        if (assembly != null) {
            if (assembly.step(ASSEMBLY_FUEL)) {
                Batch done = assembly.result();
                inserted += assembly.size();
                assembly = null;
                spine.insert(done);
            }
            return true;
        }
        return spine.work(FUEL);
    }

    @Override
    public Frontier upper() {
        return spine.upper();
    }

    @Override
    public Reader openReader() {
        if (template != null) {
            return new TraceHandleReader(template.cloneHandle(), this::arranged);
        }
        SharedTrace t = spine.trace();
        return new TraceHandleReader(t.tryAcquire(t.since(), t.physicalCompaction()), this::arranged);
    }

    /** Updates in the batches inserted so far (worker thread). */
    private long inserted;

    @Override
    public long arranged() {
        BatchAssembly a = assembly;
        return inserted + (a == null ? 0 : a.estimate());
    }

    /** Once data flows, the creator's handle (which holds everything back) is no longer needed. */
    private void releaseTemplate() {
        if (template != null) {
            template.close();
            template = null;
        }
    }

    @Override
    public void close() {
        releaseTemplate();
        assembly = null;
        spine.close();
    }
}
