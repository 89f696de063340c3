package dev.spindle.compute.export;

import dev.spindle.common.id.GlobalId;
import dev.spindle.common.time.Frontier;
import dev.spindle.compute.operator.arrange.ArrangementPort;
import java.util.Objects;

/**
 * One worker's part of an exported index: readers of its {@code oks} arrangement (the rows) and
 * its {@code errs} arrangement (evaluation errors), each holding compaction where the controller
 * last allowed. Closing the bundle releases both holds.
 *
 * <p>Thread-safety: used on its worker's thread.
 *
 * @param id the index
 * @param oks reader of the rows, keyed by the index key
 * @param errs reader of the errors
 */
public record TraceBundle(GlobalId id, ArrangementPort.Reader oks, ArrangementPort.Reader errs) implements AutoCloseable {
    public TraceBundle {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(oks, "oks");
        Objects.requireNonNull(errs, "errs");
    }

    /** Allows both arrangements to compact up to {@code since}. */
    public void allowCompaction(Frontier since) {
        oks.allowCompaction(since);
        errs.allowCompaction(since);
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
        oks.close();
        errs.close();
    }
}
