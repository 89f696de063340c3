package dev.spindle.compute.peek;

import dev.spindle.common.error.SpindleException;
import dev.spindle.common.row.PackedRows;
import dev.spindle.common.row.Row;
import dev.spindle.compute.plan.RowSetFinishing;
import java.util.List;
import java.util.Objects;

/** The controller's answer to a peek. */
public sealed interface PeekResponse {
    /**
     * The finished rows. The workers' packed parts are merged (sorted by row, then finished) on
     * the first call of {@link #rows()} or {@link #packed()}, in the calling thread: a large
     * result is assembled by the client that reads it, never by an interactive worker.
     *
     * <p>Thread-safety: safe to share; the merge runs once, under this object's monitor.
     */
    final class Rows implements PeekResponse {
        private final List<PackedRows> parts;
        private final RowSetFinishing finishing;
        private PackedRows finished;

        /** The rows of {@code parts} (each worker's), to be merged and finished with {@code finishing}. */
        public Rows(List<PackedRows> parts, RowSetFinishing finishing) {
            this.parts = List.copyOf(parts);
            this.finishing = Objects.requireNonNull(finishing, "finishing");
        }

        /** The finished rows with their copies, packed. */
        public synchronized PackedRows packed() {
            if (finished == null) {
                finished = finishing.finish(PackedRows.concat(parts).sorted());
            }
            return finished;
        }

        /**
         * The finished rows, one element per copy, as an unmodifiable list that decodes each row
         * when it is read. When nothing is to be finished and the parts are already in row order
         * (an index scan whose key is a prefix of its rows, on one worker), the list reads the
         * parts in place and nothing is copied.
         */
        public List<Row> rows() {
            synchronized (this) {
                if (finished == null && finishing.isIdentity() && PackedRows.inRowOrder(parts)) {
                    return PackedRows.asList(parts);
                }
            }
            return packed().asList();
        }

        @Override
        public String toString() {
            return "Rows" + packed();
        }
    }

    /** The peek failed. */
    record Error(SpindleException error) implements PeekResponse {
    }

    /** The peek was cancelled before it was answered. */
    record Canceled() implements PeekResponse {
    }
}
