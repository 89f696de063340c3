package dev.spindle.planner.calcite;

import org.apache.calcite.plan.hep.HepMatchOrder;
import org.apache.calcite.plan.hep.HepPlanner;
import org.apache.calcite.plan.hep.HepProgram;
import org.apache.calcite.plan.hep.HepProgramBuilder;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Join;
import org.apache.calcite.rel.core.JoinRelType;
import org.apache.calcite.rel.rules.CoreRules;

/**
 * Join order for queries whose joins, in the order the FROM clause lists the relations, include a
 * cross product: {@code FROM t9, t56, t53 WHERE a9 = b53 AND ...} joins t9 with t56 on nothing,
 * and a chain of such joins multiplies the relations' sizes (SQLite's corpus has 17-way joins of
 * ten-row tables, which ran out of heap). The inner joins are gathered into one multi-way join and
 * ordered by Calcite's heuristic (LoptOptimizeJoinRule), which joins relations that share a
 * condition before it resorts to a cross product. Queries without a cross product keep the order
 * they were written in, so their plans do not change.
 *
 * <p>Thread-safety: stateless (each call has its own Hep planner).
 */
final class JoinOrder {
    private JoinOrder() {
    }

    private static final HepProgram REORDER = new HepProgramBuilder()
            .addMatchOrder(HepMatchOrder.BOTTOM_UP)
            .addRuleInstance(CoreRules.JOIN_TO_MULTI_JOIN)
            .addMatchOrder(HepMatchOrder.BOTTOM_UP)
            .addRuleInstance(CoreRules.MULTI_JOIN_OPTIMIZE)
            .addRuleInstance(CoreRules.PROJECT_MERGE)
            .addRuleInstance(CoreRules.PROJECT_REMOVE)
            .build();

    /** Whether {@code rel} holds an inner join on no condition over at least three relations. */
    static boolean hasCrossProduct(RelNode rel) {
        if (rel instanceof Join) {
            Join j = (Join) rel;
            if (j.getJoinType() == JoinRelType.INNER && j.getCondition().isAlwaysTrue() && hasJoinBelow(j)) {
                return true;
            }
        }
        for (RelNode input : rel.getInputs()) {
            if (hasCrossProduct(input)) {
                return true;
            }
        }
        return false;
    }

    private static boolean hasJoinBelow(RelNode rel) {
        for (RelNode input : rel.getInputs()) {
            if (input instanceof Join || hasJoinBelow(input)) {
                return true;
            }
        }
        return false;
    }

    /** {@code rel} with its inner joins reordered; {@code rel} itself if Calcite cannot. */
    static RelNode reorder(RelNode rel) {
        try {
            HepPlanner hep = new HepPlanner(REORDER);
            hep.setRoot(rel);
            return hep.findBestExp();
        } catch (RuntimeException e) {
            return rel; // the written order is still a correct plan
        }
    }
}
