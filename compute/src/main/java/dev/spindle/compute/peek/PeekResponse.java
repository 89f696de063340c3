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
     * the first call of {@link #rows()} or {@link #packed()}, in the calling thread, so a large
     * result is assembled by the client that reads it, not by an interactive worker (unless a
     * caller reads it in a synchronous continuation of the peek's future, which completes on a
     * worker). Merge failures (a result beyond 2 GB or {@link Integer#MAX_VALUE} rows) surface
     * from those calls as {@link IllegalStateException}.
     *
     * <p>Thread-safety: safe to share; the merge runs once, under this object's monitor.
     */
    final class Rows implements PeekResponse {
        private final RowSetFinishing finishing;
        private List<PackedRows> parts; // null once merged
        private PackedRows finished;
        private Boolean inPlace; // whether the parts can be read as they are (decided once)

        /** The rows of {@code parts} (each worker's), to be merged and finished with {@code finishing}. */
        public Rows(List<PackedRows> parts, RowSetFinishing finishing) {
            this.parts = List.copyOf(parts);
            this.finishing = Objects.requireNonNull(finishing, "finishing");
        }

        /** The finished rows with their copies, packed. */
        public synchronized PackedRows packed() {
            if (finished == null) {
                finished = finishing.finish(PackedRows.concat(parts).sorted());
                parts = null;
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
                if (finished == null) {
                    if (inPlace == null) {
                        inPlace = finishing.isIdentity() && PackedRows.inRowOrder(parts);
                    }
                    if (inPlace) {
                        return PackedRows.asList(parts);
                    }
                }
            }
            return packed().asList();
        }

        @Override
        public synchronized String toString() {
            return finished != null ? "Rows" + finished : "Rows[" + parts.size() + " parts, not merged yet]";
        }
    }

    /** The peek failed. */
    record Error(SpindleException error) implements PeekResponse {
    }

    /** The peek was cancelled before it was answered. */
    record Canceled() implements PeekResponse {
    }
}
