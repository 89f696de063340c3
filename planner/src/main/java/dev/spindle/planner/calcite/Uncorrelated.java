package dev.spindle.planner.calcite;

import java.util.List;
import java.util.Set;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rel.RelHomogeneousShuttle;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Correlate;
import org.apache.calcite.rel.logical.LogicalJoin;
import org.apache.calcite.util.Litmus;

/**
 * Turns each {@link Correlate} the decorrelator left whose right side no longer reads its
 * correlation variable into the join it is: the same join type, on TRUE. Calcite's simplification
 * can drop a subquery's correlated condition (a conjunct that makes the whole condition false,
 * such as {@code y.k <> y.k}, replaces the filtered scan by an empty one), and the decorrelator
 * then leaves the {@code Correlate} in place.
 *
 * <p>Thread-safety: stateless.
 */
final class Uncorrelated {
    private Uncorrelated() {
    }

    /** {@code rel} with every correlate that correlates nothing replaced by a join. */
    static RelNode joins(RelNode rel) {
        return rel.accept(new RelHomogeneousShuttle() {
            @Override
            public RelNode visit(RelNode other) {
                RelNode r = super.visit(other);
                if (r instanceof Correlate c
                        && RelOptUtil.notContainsCorrelation(c.getRight(), c.getCorrelationId(), Litmus.IGNORE)) {
                    return LogicalJoin.create(c.getLeft(), c.getRight(), List.of(),
                            c.getCluster().getRexBuilder().makeLiteral(true), Set.of(), c.getJoinType());
                }
                return r;
            }
        });
    }
}
