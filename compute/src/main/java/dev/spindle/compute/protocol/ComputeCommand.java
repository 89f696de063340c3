package dev.spindle.compute.protocol;

import dev.spindle.common.id.GlobalId;
import dev.spindle.common.time.Frontier;
import dev.spindle.compute.peek.PeekRequest;
import dev.spindle.compute.plan.DataflowDescription;
import java.io.Serializable;
import java.util.Objects;
import java.util.UUID;

/**
 * What the compute controller tells a compute runtime (DESIGN §2). Plain values: nothing
 * callable, every command {@link Serializable}, so a runtime could run in another process
 * ({@link ProtocolCodec} proves the round trip). A runtime applies its commands in the order it
 * receives them, on every worker, and answers with {@link ComputeResponse}s.
 */
public sealed interface ComputeCommand extends Serializable {
    /** Calls the visitor method for this command. */
    <R> R accept(Visitor<R> visitor);

    /** A visitor over commands (Java 17 has no pattern switch over sealed types). */
    interface Visitor<R> {
        R visitCreateDataflow(CreateDataflow c);

        R visitDropDataflow(DropDataflow c);

        R visitDropIndex(DropIndex c);

        R visitAllowCompaction(AllowCompaction c);

        R visitPeek(Peek c);

        R visitCancelPeek(CancelPeek c);

        R visitSampleExports(SampleExports c);
    }

    /**
     * Build dataflow {@code id} from {@code desc} on every worker; each worker renders it itself
     * and answers {@link ComputeResponse.DataflowCreated} or {@link ComputeResponse.DataflowFailed}.
     */
    record CreateDataflow(long id, DataflowDescription desc) implements ComputeCommand {
        public CreateDataflow {
            Objects.requireNonNull(desc, "desc");
        }

        @Override
        public <R> R accept(Visitor<R> v) {
            return v.visitCreateDataflow(this);
        }
    }

    /** Stop dataflow {@code id}'s operators and close every index it still exports. */
    record DropDataflow(long id) implements ComputeCommand {
        @Override
        public <R> R accept(Visitor<R> v) {
            return v.visitDropDataflow(this);
        }
    }

    /**
     * Index {@code index} was dropped: close its bundle (holds released, registry slot removed,
     * publication ended) and forget what was remembered for it (compaction, standing holds); its
     * dataflow keeps running for whatever still reads its arrangement.
     */
    record DropIndex(GlobalId index) implements ComputeCommand {
        public DropIndex {
            Objects.requireNonNull(index, "index");
        }

        @Override
        public <R> R accept(Visitor<R> v) {
            return v.visitDropIndex(this);
        }
    }

    /**
     * Index {@code id} may compact up to {@code since}: a maintenance or solo worker moves its
     * export's holds and its point's {@code writerLogical}; an interactive worker the point's
     * standing hold.
     */
    record AllowCompaction(GlobalId id, Frontier since) implements ComputeCommand {
        public AllowCompaction {
            Objects.requireNonNull(id, "id");
            Objects.requireNonNull(since, "since");
        }

        @Override
        public <R> R accept(Visitor<R> v) {
            return v.visitAllowCompaction(this);
        }
    }

    /** Read {@code request}; every worker answers one {@link ComputeResponse.PeekAnswer}. */
    record Peek(PeekRequest request) implements ComputeCommand {
        public Peek {
            Objects.requireNonNull(request, "request");
        }

        @Override
        public <R> R accept(Visitor<R> v) {
            return v.visitPeek(this);
        }
    }

    /** Forget peek {@code uuid} wherever it waits, releasing its holds; no answer follows. */
    record CancelPeek(UUID uuid) implements ComputeCommand {
        public CancelPeek {
            Objects.requireNonNull(uuid, "uuid");
        }

        @Override
        public <R> R accept(Visitor<R> v) {
            return v.visitCancelPeek(this);
        }
    }

    /**
     * Report the size and error count of every index each worker exports (introspection); every
     * worker answers one {@link ComputeResponse.ExportSample} tagged {@code sample}.
     */
    record SampleExports(long sample) implements ComputeCommand {
        @Override
        public <R> R accept(Visitor<R> v) {
            return v.visitSampleExports(this);
        }
    }
}
