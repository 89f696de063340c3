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
 */
public record TraceBundle(GlobalId id, ArrangementPort.Reader oks, ArrangementPort.Reader errs, PublishToken publication)
        implements AutoCloseable {
    public TraceBundle {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(oks, "oks");
        Objects.requireNonNull(errs, "errs");
    }

    /** An unpublished bundle. */
    public TraceBundle(GlobalId id, ArrangementPort.Reader oks, ArrangementPort.Reader errs) {
        this(id, oks, errs, null);
    }

    /** Allows both arrangements to compact up to {@code since}, here and at the publication point. */
    public void allowCompaction(Frontier since) {
        oks.allowCompaction(since);
        errs.allowCompaction(since);
        if (publication != null) {
            publication.point().allowCompaction(since);
        }
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
