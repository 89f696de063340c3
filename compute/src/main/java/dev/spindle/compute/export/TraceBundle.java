package dev.spindle.compute.export;

import dev.spindle.common.id.GlobalId;
import dev.spindle.common.time.Frontier;
import dev.spindle.compute.operator.arrange.ArrangementPort;
import dev.spindle.compute.sharing.PublishToken;
import java.util.Objects;

/**
 * One worker's part of an exported index: readers of its {@code oks} arrangement (the rows) and
 * its {@code errs} arrangement (evaluation errors), each holding compaction where the controller
 * last allowed, and, on a maintenance runtime, the index's publication in the sharing registry.
 * Closing the bundle releases both holds and ends the publication: the token lives exactly as long
 * as the bundle (DESIGN invariant 11).
 *
 * <p>Thread-safety: used on its worker's thread.
 *
 * @param id the index
 * @param oks reader of the rows, keyed by the index key
 * @param errs reader of the errors
 * @param publication the index's publication, or null where the runtime publishes nothing
 * @param reexportOf the index whose arrangement this one re-exports, or null for an original
 */
public record TraceBundle(GlobalId id, ArrangementPort.Reader oks, ArrangementPort.Reader errs, PublishToken publication,
                          GlobalId reexportOf) implements AutoCloseable {
    public TraceBundle {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(oks, "oks");
        Objects.requireNonNull(errs, "errs");
    }

    /** An unpublished bundle. */
    public TraceBundle(GlobalId id, ArrangementPort.Reader oks, ArrangementPort.Reader errs) {
        this(id, oks, errs, null, null);
    }

    /** Allows both arrangements to compact up to {@code since}, here and at the publication point. */
    public void allowCompaction(Frontier since) {
        oks.allowCompaction(since);
        errs.allowCompaction(since);
        if (publication != null) {
            publication.point().allowCompaction(since);
        }
    }

    /**
     * The records, batches and bytes this index owns on this worker: none for a re-export, which
     * shares another index's arrangement.
     */
    public dev.spindle.compute.arrangement.trace.ArrangementSize ownSize() {
        if (reexportOf != null) {
            return new dev.spindle.compute.arrangement.trace.ArrangementSize(0, 0, 0);
        }
        return oks.size();
    }

    /**
     * The updates this index has arranged on this worker, a batch being assembled included
     * (0 for a re-export): while an index hydrates, how far it got.
     */
    public long arranged() {
        return reexportOf != null ? 0 : oks.arranged();
    }

    /** The number of errors the index holds at its latest complete time (its upper - 1). */
    public long errorCount() {
        Frontier upper = errs.upper();
        if (upper.equals(Frontier.MIN)) {
            return 0;
        }
        long[] n = new long[1];
        errs.scan((row, t, d) -> {
            if (upper.isSealed(t)) {
                n[0] += d;
            }
        });
        return n[0];
    }

    /** The meet of both uppers: times before it are complete in rows and errors. */
    public Frontier upper() {
        return oks.upper().meet(errs.upper());
    }

    /** The join of both sinces: a read at {@code t} needs {@code since <= t}. */
    public Frontier since() {
        return oks.since().join(errs.since());
    }

    @Override
    public void close() {
        if (publication != null) {
            publication.close();
        }
        oks.close();
        errs.close();
    }
}
