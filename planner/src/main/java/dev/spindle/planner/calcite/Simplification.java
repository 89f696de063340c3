package dev.spindle.planner.calcite;

import org.apache.calcite.plan.RelOptRule;
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
 * The Hep program that simplifies every converted query, and the part of it a query needs. A Hep
 * program costs a walk of the whole tree per rule even when no rule matches, and most ad-hoc
 * queries (a projection over a filter over one table) match none: no join, no filter over a
 * filter, no projection over a projection, no trivial projection, no aggregation over a
 * projection, no union over a union. {@link #program} looks for those patterns (each rule's
 * operands, or more) and gives the program's rules that may match, in the program's order: the
 * program runs each rule once, in order, to a fixed point, so a rule whose pattern is absent when
 * its turn comes leaves the tree as it is, and leaving it out changes nothing. A pattern is taken
 * as possible when it is there before the program runs or an earlier rule may make it:
 * <ul>
 *   <li>a join: the whole program (the join rules add projections);
 *   <li>a filter over a filter: the whole program (a merged condition the builder simplifies to
 *       TRUE drops the filter, which may put a projection, an aggregation or a union directly
 *       over what was under it);
 *   <li>a projection over a projection: their merge may leave a trivial projection, whose removal
 *       may put an aggregation over a projection or a union over a union;
 *   <li>a trivial projection: its removal may do the same;
 *   <li>an aggregation over a projection: its merge makes nothing the later union rule matches.
 * </ul>
 *
 * <p>Thread-safety: stateless; the programs are immutable.
 */
final class Simplification {
    private Simplification() {
    }

    private static final RelOptRule[] RULES = {CoreRules.FILTER_MERGE, CoreRules.FILTER_INTO_JOIN,
        CoreRules.JOIN_CONDITION_PUSH, CoreRules.JOIN_PUSH_EXPRESSIONS, CoreRules.PROJECT_MERGE,
        CoreRules.PROJECT_REMOVE, CoreRules.AGGREGATE_PROJECT_MERGE, CoreRules.UNION_MERGE};
    private static final int PROJECT_MERGE = 1 << 4;
    private static final int PROJECT_REMOVE = 1 << 5;
    private static final int AGGREGATE_PROJECT_MERGE = 1 << 6;
    private static final int UNION_MERGE = 1 << 7;
    private static final int ALL = (1 << RULES.length) - 1;

    /** The whole program: every rule, bottom up. */
    static final HepProgram PROGRAM = programOf(ALL);

    /** The programs of the rule sets {@link #program} gives without a join or a filter over a filter, by their rules' bits. */
    private static final HepProgram[] PARTS = new HepProgram[1 << RULES.length];

    static {
        for (int rules = PROJECT_MERGE; rules < PARTS.length; rules += PROJECT_MERGE) {
            PARTS[rules] = programOf(rules);
        }
    }

    private static HepProgram programOf(int rules) {
        HepProgramBuilder b = new HepProgramBuilder().addMatchOrder(HepMatchOrder.BOTTOM_UP);
        for (int i = 0; i < RULES.length; i++) {
            if ((rules & (1 << i)) != 0) {
                b.addRuleInstance(RULES[i]);
            }
        }
        return b.build();
    }

    /** Whether some rule of {@link #PROGRAM} may match somewhere in {@code rel}. */
    static boolean mayApply(RelNode rel) {
        return program(rel) != null;
    }

    /**
     * The part of {@link #PROGRAM} that may change {@code rel} (the whole program, or some of its
     * rules in its order), planning it as the whole program plans it; null if no rule can match.
     */
    static HepProgram program(RelNode rel) {
        Patterns p = new Patterns();
        p.find(rel);
        if (p.join || p.filterOverFilter) {
            return PROGRAM;
        }
        int rules = 0;
        if (p.projectOverProject) {
            rules |= PROJECT_MERGE | PROJECT_REMOVE | AGGREGATE_PROJECT_MERGE | UNION_MERGE;
        }
        if (p.trivialProject) {
            rules |= PROJECT_REMOVE | AGGREGATE_PROJECT_MERGE | UNION_MERGE;
        }
        if (p.aggregateOverProject) {
            rules |= AGGREGATE_PROJECT_MERGE;
        }
        if (p.unionOverUnion) {
            rules |= UNION_MERGE;
        }
        return rules == 0 ? null : PARTS[rules];
    }

    /** Which of the rules' patterns a tree has. */
    private static final class Patterns {
        boolean join;
        boolean filterOverFilter;
        boolean projectOverProject;
        boolean trivialProject;
        boolean aggregateOverProject;
        boolean unionOverUnion;

        void find(RelNode rel) {
            if (rel instanceof Join) {
                join = true; // the three join rules
            } else if (rel instanceof Filter && rel.getInput(0) instanceof Filter) {
                filterOverFilter = true; // FILTER_MERGE (FILTER_INTO_JOIN needs a join)
            } else if (rel instanceof Project) {
                Project project = (Project) rel;
                projectOverProject |= project.getInput() instanceof Project; // PROJECT_MERGE
                trivialProject |= ProjectRemoveRule.isTrivial(project); // PROJECT_REMOVE
            } else if (rel instanceof Aggregate && rel.getInput(0) instanceof Project) {
                aggregateOverProject = true; // AGGREGATE_PROJECT_MERGE
            } else if (rel instanceof Union) {
                for (RelNode input : rel.getInputs()) {
                    unionOverUnion |= input instanceof Union; // UNION_MERGE
                }
            }
            for (RelNode input : rel.getInputs()) {
                find(input);
            }
        }
    }
}
