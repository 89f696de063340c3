package dev.spindle.planner.calcite;

import org.apache.calcite.plan.hep.HepMatchOrder;
import org.apache.calcite.plan.hep.HepProgram;
import org.apache.calcite.plan.hep.HepProgramBuilder;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Aggregate;
import org.apache.calcite.rel.core.Filter;
import org.apache.calcite.rel.core.Join;
import org.apache.calcite.rel.core.Project;
import org.apache.calcite.rel.core.Union;
import org.apache.calcite.rel.rules.CoreRules;
import org.apache.calcite.rel.rules.ProjectRemoveRule;

/**
 * The Hep program that simplifies every converted query, and when it can be skipped. A Hep
 * program costs a walk of the whole tree per rule even when no rule matches, and most ad-hoc
 * queries (a projection over a filter over one table) match none: no join, no filter over a
 * filter, no projection over a projection, no trivial projection, no aggregation over a
 * projection, no union over a union. {@link #mayApply} looks for those patterns (each rule's
 * operands, or more), so a tree it rejects is one the program would return unchanged.
 *
 * <p>Thread-safety: stateless; the program is immutable.
 */
final class Simplification {
    private Simplification() {
    }

    static final HepProgram PROGRAM = new HepProgramBuilder()
            .addMatchOrder(HepMatchOrder.BOTTOM_UP)
            .addRuleInstance(CoreRules.FILTER_MERGE)
            .addRuleInstance(CoreRules.FILTER_INTO_JOIN)
            .addRuleInstance(CoreRules.JOIN_CONDITION_PUSH)
            .addRuleInstance(CoreRules.JOIN_PUSH_EXPRESSIONS)
            .addRuleInstance(CoreRules.PROJECT_MERGE)
            .addRuleInstance(CoreRules.PROJECT_REMOVE)
            .addRuleInstance(CoreRules.AGGREGATE_PROJECT_MERGE)
            .addRuleInstance(CoreRules.UNION_MERGE)
            .build();

    /** Whether some rule of {@link #PROGRAM} may match somewhere in {@code rel}. */
    static boolean mayApply(RelNode rel) {
        if (rel instanceof Join) {
            return true; // the three join rules
        }
        if (rel instanceof Filter && rel.getInput(0) instanceof Filter) {
            return true; // FILTER_MERGE (FILTER_INTO_JOIN needs a join)
        }
        if (rel instanceof Project p && (p.getInput() instanceof Project || ProjectRemoveRule.isTrivial(p))) {
            return true; // PROJECT_MERGE, PROJECT_REMOVE
        }
        if (rel instanceof Aggregate && rel.getInput(0) instanceof Project) {
            return true; // AGGREGATE_PROJECT_MERGE
        }
        if (rel instanceof Union) {
            for (RelNode input : rel.getInputs()) {
                if (input instanceof Union) {
                    return true; // UNION_MERGE
                }
            }
        }
        for (RelNode input : rel.getInputs()) {
            if (mayApply(input)) {
                return true;
            }
        }
        return false;
    }
}
