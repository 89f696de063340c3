package dev.spindle.planner.calcite;

import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Correlate;
import org.apache.calcite.rel.core.Join;
import org.apache.calcite.rel.core.Window;

/**
 * When narrowing ({@link Narrowing}; Calcite's field trimmer before it) is worth running. It drops
 * columns no operator above uses, so that joins carry (and arrange) narrower records. Without a join there is nothing for it to narrow
 * that the lowering does not narrow already: it fuses filters, projections and the map under an
 * aggregation or set operation into one map over each scan, which reads only the columns used, and
 * SQL-to-relational conversion already projects an aggregation's input onto its keys and arguments.
 * The trimmer (reflective dispatch over every node) cost about a sixth of planning a single-relation
 * query, and a tenth of planning the corpus's aggregations and set operations, for nothing.
 *
 * <p>Thread-safety: stateless.
 */
final class Trimming {
    private Trimming() {
    }

    /** Whether {@code rel} has an operator whose inputs trimming can narrow: a join, correlation or window. */
    static boolean pays(RelNode rel) {
        if (rel instanceof Join || rel instanceof Correlate || rel instanceof Window) {
            return true;
        }
        for (RelNode input : rel.getInputs()) {
            if (pays(input)) {
                return true;
            }
        }
        return false;
    }
}
