package dev.spindle.compute.operator.arrange;

import dev.spindle.common.time.Frontier;
import dev.spindle.compute.arrangement.batch.StagedUpdates;

/**
 * One worker's arrangement of a collection by key, as operators see it: the arrange operator
 * inserts sealed batches and does fueled maintenance; readers open handles with their own logical
 * compaction holds and read the current contents by key.
 *
 * <p>Thread-safety: {@link #insert} and {@link #work} only from the owning worker thread; readers
 * may be opened and used as their implementation documents.
 */
public interface ArrangementPort {
    /**
     * Inserts the staged updates, all at times in {@code [lower, upper)}, and advances the upper
     * to {@code upper} (at once, or once a large insert is assembled by {@link #work}); {@code
     * lower} must be the current upper. The caller hands {@code updates} over: it may read them
     * but must not push to them again.
     */
    void insert(StagedUpdates updates, Frontier lower, Frontier upper);

    /** Does a slice of maintenance work; {@code true} if more remains. */
    boolean work();

    /** The upper: times before it are complete. */
    Frontier upper();

    /** Opens a reader holding compaction at the current since until it says otherwise. */
    Reader openReader();

    /**
     * How many updates have been arranged so far: every inserted batch's, plus an estimate for a
     * large insert still being assembled (its share of the sorting and merging done), so a
     * hydration, which arrives as one batch, reports progress while it is built. Owning worker
     * thread only.
     */
    default long arranged() {
        return 0;
    }

    /** Releases the arrangement's writer side (the dataflow was dropped). */
    void close();

    /**
     * The trace other runtimes' threads can read, for publication in the sharing registry.
     *
     * @throws IllegalStateException if this arrangement cannot be shared
     */
    default dev.spindle.compute.arrangement.trace.SharedTrace sharedTrace() {
        throw new IllegalStateException(getClass().getSimpleName() + " cannot be shared");
    }

    /** A reader with its own compaction hold. Closing releases exactly that hold. */
    interface Reader extends AutoCloseable {
        /** A consistent view of the current contents, by key. */
        KeyedReader snapshot();

        /** Gives every entry of the current contents, in key order. */
        void scan(KeyedReader.EntryConsumer consumer);

        /** Times before this are complete in what {@link #scan} and {@link #snapshot} read. */
        Frontier upper();

        /** {@link ArrangementPort#arranged()} of the arrangement read, where it is known (else 0). */
        default long arranged() {
            return 0;
        }

        /** Times before this have been compacted: a read at {@code t} needs {@code since <= t}. */
        Frontier since();

        /** Allows compaction up to {@code since}; a frontier behind the current hold is ignored. */
        void allowCompaction(Frontier since);

        /**
         * A new reader of the same arrangement holding compaction at {@code readAt}. The since
         * check and the registration of the hold are one atomic step (DESIGN invariant 7).
         *
         * @throws dev.spindle.common.error.SpindleException
         *     {@link dev.spindle.common.error.ErrorCode#COMPACTION_FRONTIER_BEYOND_READ_2} if the
         *     arrangement may already have compacted past {@code readAt}
         */
        Reader openAnother(Frontier readAt);

        /**
         * Gives up this reader's physical hold: it will never read batch by batch
         * ({@link #readFrom}), only accumulations at a time, so the arrangement may merge every
         * batch its other readers do not need apart. Index exports do this, so an index merges
         * whether or not anyone ever allows it to compact logically.
         */
        default void releaseBoundaries() {
        }

        /**
         * Holds what {@link #readFrom} needs to read the updates at times {@code >= from}
         * incrementally: times before {@code from} may compact (to at most {@code from - 1}),
         * batch boundaries from {@code from} on are kept.
         */
        void holdFrom(Frontier from);

        /**
         * Gives every entry at a time {@code >= from} (and {@code < upper()} as of the call);
         * requires {@link #holdFrom} at or before {@code from}. Reads only the batches that can
         * hold such times.
         */
        void readFrom(Frontier from, KeyedReader.EntryConsumer consumer);

        /**
         * The current immutable snapshot of the arrangement read, for reads in slices (peeks),
         * or null where this reader has none; a cursor over it stays valid whatever happens to
         * the arrangement afterwards.
         */
        default dev.spindle.compute.arrangement.trace.TraceSnapshot traceSnapshot() {
            return null;
        }

        /** Records, batches and bytes of the arrangement read (zero where not measured). */
        default dev.spindle.compute.arrangement.trace.ArrangementSize size() {
            return new dev.spindle.compute.arrangement.trace.ArrangementSize(0, 0, 0);
        }

        /**
         * The shared trace this reader reads, for re-exports.
         *
         * @throws IllegalStateException if the arrangement cannot be shared
         */
        default dev.spindle.compute.arrangement.trace.SharedTrace sharedTrace() {
            throw new IllegalStateException(getClass().getSimpleName() + " cannot be shared");
        }

        @Override
        void close();
    }
}
