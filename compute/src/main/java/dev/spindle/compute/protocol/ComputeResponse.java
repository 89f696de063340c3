package dev.spindle.compute.protocol;

import dev.spindle.common.error.SpindleException;
import dev.spindle.common.id.GlobalId;
import dev.spindle.common.time.Frontier;
import dev.spindle.compute.peek.PeekPartial;
import java.io.Serializable;
import java.util.List;
import java.util.Objects;
import java.util.UUID;

/**
 * What a compute runtime's workers tell the controller. Plain, {@link Serializable} values, each
 * from one worker ({@code worker}); the controller combines them (a dataflow is created once every
 * worker answered, a peek is answered once every worker sent its part).
 */
public sealed interface ComputeResponse extends Serializable {
    /** The worker that answers. */
    int worker();

    /** Calls the visitor method for this response. */
    <R> R accept(Visitor<R> visitor);

    /** A visitor over responses. */
    interface Visitor<R> {
        R visitDataflowCreated(DataflowCreated r);

        R visitDataflowFailed(DataflowFailed r);

        R visitFrontiers(Frontiers r);

        R visitPeekAnswer(PeekAnswer r);

        R visitExportSample(ExportSample r);
    }

    /** The worker rendered dataflow {@code id}: {@code operators} operators. */
    record DataflowCreated(long id, int worker, int operators) implements ComputeResponse {
        @Override
        public <R> R accept(Visitor<R> v) {
            return v.visitDataflowCreated(this);
        }
    }

    /**
     * Dataflow {@code id} failed on the worker, while rendering or later (an operator threw); it
     * is stopped there and its indexes are gone from that worker.
     */
    record DataflowFailed(long id, int worker, SpindleException error) implements ComputeResponse {
        public DataflowFailed {
            Objects.requireNonNull(error, "error");
        }

        @Override
        public <R> R accept(Visitor<R> v) {
            return v.visitDataflowFailed(this);
        }
    }

    /**
     * The frontiers of index {@code id} on the worker changed: times before {@code upper} are
     * complete, reads need {@code t >= since}.
     */
    record Frontiers(GlobalId id, int worker, Frontier upper, Frontier since) implements ComputeResponse {
        public Frontiers {
            Objects.requireNonNull(id, "id");
            Objects.requireNonNull(upper, "upper");
            Objects.requireNonNull(since, "since");
        }

        @Override
        public <R> R accept(Visitor<R> v) {
            return v.visitFrontiers(this);
        }
    }

    /** The worker's part of the answer to peek {@code uuid}: its rows, or an error. */
    record PeekAnswer(UUID uuid, int worker, PeekPartial partial) implements ComputeResponse {
        public PeekAnswer {
            Objects.requireNonNull(uuid, "uuid");
            Objects.requireNonNull(partial, "partial");
        }

        @Override
        public <R> R accept(Visitor<R> v) {
            return v.visitPeekAnswer(this);
        }
    }

    /** The worker's answer to {@link ComputeCommand.SampleExports} {@code sample}. */
    record ExportSample(long sample, int worker, List<ExportStat> exports) implements ComputeResponse {
        public ExportSample {
            exports = List.copyOf(exports);
        }

        @Override
        public <R> R accept(Visitor<R> v) {
            return v.visitExportSample(this);
        }
    }

    /**
     * One index on one worker: the records, batches and bytes it owns (none for a re-export), the
     * errors it holds at its latest complete time, and the updates it has arranged so far, a batch
     * still being assembled included (a hydration's progress).
     */
    record ExportStat(GlobalId id, long records, long batches, long bytes, long errors, long arranged)
            implements Serializable {
        public ExportStat {
            Objects.requireNonNull(id, "id");
        }
    }
}
