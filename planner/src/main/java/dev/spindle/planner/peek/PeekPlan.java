package dev.spindle.planner.peek;

import dev.spindle.common.id.GlobalId;
import dev.spindle.common.row.Row;
import dev.spindle.common.type.Column;
import java.util.List;
import dev.spindle.compute.expr.Mfp;
import dev.spindle.compute.plan.DataflowDescription;
import dev.spindle.compute.plan.RowSetFinishing;
import java.util.Objects;

/**
 * How a SELECT is answered (DESIGN §2): from an existing index ({@link Fast}: a point lookup when
 * the whole key is bound by equalities, else a scan, through a map/filter/project) or by a
 * transient dataflow ({@link Slow}) whose one export is peeked and then dropped. Plain data.
 */
public sealed interface PeekPlan {
    /** The result's columns (names and types; names may repeat, as in {@code SELECT a, a}). */
    List<Column> columns();

    /** What is done to the rows read: order, limit, offset, projection. */
    RowSetFinishing finishing();

    /** The collections the plan reads: a fast path's index; a slow path's tables, then its indexes. */
    List<GlobalId> inputs();

    /**
     * A peek of index {@code index}.
     *
     * @param literalKey the key to look up, or null to scan
     * @param mfp applied to every row read, or null for none
     */
    record Fast(GlobalId index, Row literalKey, Mfp mfp, RowSetFinishing finishing, List<Column> columns) implements PeekPlan {
        public Fast {
            Objects.requireNonNull(index, "index");
            Objects.requireNonNull(finishing, "finishing");
            columns = List.copyOf(columns);
        }

        @Override
        public List<GlobalId> inputs() {
            return List.of(index);
        }
    }

    /**
     * A transient dataflow that computes the result into its export {@code index}.
     *
     * @param dataflow the description, as of a placeholder time the coordinator replaces with the read time
     */
    record Slow(DataflowDescription dataflow, GlobalId index, RowSetFinishing finishing, List<Column> columns)
            implements PeekPlan {
        public Slow {
            Objects.requireNonNull(dataflow, "dataflow");
            Objects.requireNonNull(index, "index");
            Objects.requireNonNull(finishing, "finishing");
            columns = List.copyOf(columns);
        }

        @Override
        public List<GlobalId> inputs() {
            List<GlobalId> out = new java.util.ArrayList<>(dataflow.sourceImports().keySet());
            out.addAll(dataflow.indexImports().keySet());
            return out;
        }
    }
}
