package dev.spindle.planner.calcite;

import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Aggregate;
import org.apache.calcite.rel.core.Correlate;
import org.apache.calcite.rel.core.Join;
import org.apache.calcite.rel.core.SetOp;
import org.apache.calcite.rel.core.Window;

/**
 * When Calcite's field trimmer is worth running. Trimming drops columns no operator above uses, so
 * that joins, aggregations and set operations carry (and arrange) narrower records; over a single
 * relation with only filters, projections, sorts and values there is nothing for it to narrow that
 * the lowering does not already fuse into one map over the scan, and the trimmer (reflective
 * dispatch over every node) cost about a sixth of planning such a query.
 *
 * <p>Thread-safety: stateless.
 */
final class Trimming {
    private Trimming() {
    }

    /** Whether {@code rel} has an operator whose inputs trimming can narrow. */
    static boolean pays(RelNode rel) {
        if (rel instanceof Join || rel instanceof Correlate || rel instanceof Aggregate || rel instanceof SetOp
                || rel instanceof Window) {
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
