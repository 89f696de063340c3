package dev.spindle.planner.calcite;

import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Correlate;
import org.apache.calcite.rel.core.Filter;
import org.apache.calcite.rel.core.Join;
import org.apache.calcite.rel.core.Project;
import org.apache.calcite.rex.RexUtil;

/**
 * Whether a converted query still holds subqueries (or correlation) for the subquery-removal
 * program and the decorrelator to work on. Most statements hold none; for them both passes (a Hep
 * planner over the whole tree and a decorrelator walk) are skipped.
 *
 * <p>Thread-safety: stateless.
 */
final class SubQueries {
    private SubQueries() {
    }

    /** Whether {@code rel} or an input has a subquery expression or sets correlation variables. */
    static boolean present(RelNode rel) {
        if (!rel.getVariablesSet().isEmpty()
                || rel instanceof Filter && RexUtil.SubQueryFinder.containsSubQuery((Filter) rel)
                || rel instanceof Project && RexUtil.SubQueryFinder.containsSubQuery((Project) rel)
                || rel instanceof Join && RexUtil.SubQueryFinder.containsSubQuery((Join) rel)
                || rel instanceof Correlate) {
            return true;
        }
        for (RelNode input : rel.getInputs()) {
            if (present(input)) {
                return true;
            }
        }
        return false;
    }
}
