package dev.spindle.planner.calcite;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Join;
import org.apache.calcite.rel.core.JoinRelType;
import org.apache.calcite.rel.logical.LogicalFilter;
import org.apache.calcite.rel.logical.LogicalJoin;
import org.apache.calcite.rel.logical.LogicalProject;
import org.apache.calcite.rel.type.RelDataTypeField;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexShuttle;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.util.ImmutableBitSet;

/**
 * Join order for queries whose joins, in the order the FROM clause lists the relations, include a
 * cross product: {@code FROM t9, t56, t53 WHERE a9 = b53 AND ...} joins t9 with t56 on nothing,
 * and a chain of such joins multiplies the relations' sizes (SQLite's corpus has 17- to 64-way
 * joins of ten-row tables, which ran out of heap). Each tree of inner joins is flattened into its
 * relations and the conjuncts of its conditions, and rebuilt left-deep greedily: the first
 * relation in FROM order, then again and again the first relation that a condition connects to
 * those already joined (a cross product only when none is connected, and then to a relation that
 * a condition connects to others first), each conjunct applied at
 * the first join where every relation it names is present. A projection restores the original
 * column order. Queries without a cross product keep the order they were written in, so their
 * plans do not change.
 *
 * <p>Calcite's {@code LoptOptimizeJoinRule} did this before; it costs every candidate tree
 * through the metadata system and took 85% of planning a 64-way join (seconds per query).
 *
 * <p>Thread-safety: stateless.
 */
final class JoinOrder {
    private JoinOrder() {
    }

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

    /** {@code rel} with each tree of inner joins reordered (see the class comment). */
    static RelNode reorder(RelNode rel) {
        try {
            return reorderAll(rel);
        } catch (RuntimeException e) {
            return rel; // the written order is still a correct plan
        }
    }

    private static RelNode reorderAll(RelNode rel) {
        if (rel instanceof LogicalFilter && isInner(((LogicalFilter) rel).getInput())
                && rel.getVariablesSet().isEmpty() && hasCrossProduct(((LogicalFilter) rel).getInput())) {
            return reorderFiltered((LogicalFilter) rel);
        }
        if (isInner(rel)) {
            return reorderTree((Join) rel);
        }
        List<RelNode> inputs = rel.getInputs();
        List<RelNode> reordered = new ArrayList<>(inputs.size());
        boolean changed = false;
        for (RelNode input : inputs) {
            RelNode r = reorderAll(input);
            changed |= r != input;
            reordered.add(r);
        }
        return changed ? rel.copy(rel.getTraitSet(), reordered) : rel;
    }

    /**
     * A filter over a tree of inner joins: its conjuncts join the tree's (a conjunct of an inner
     * join's filter may be applied at any join that has its relations), so the tree is rebuilt with
     * each at its first join at once. Calcite's filter push-down would take them down the tree one
     * join at a time, deriving each join's row type anew at every step (most of planning a 40-way
     * join). Every conjunct goes in, as Calcite's push-down takes them (one that calls a function
     * Calcite does not take for deterministic, such as a shape's literal slot, too: left above, it
     * would filter the whole cross product), except one that refers to an outer query's row.
     */
    private static RelNode reorderFiltered(LogicalFilter filter) {
        Join join = (Join) filter.getInput();
        RexBuilder rex = filter.getCluster().getRexBuilder();
        List<RexNode> pushed = new ArrayList<>();
        List<RexNode> kept = new ArrayList<>();
        pushed.add(join.getCondition());
        for (RexNode c : RelOptUtil.conjunctions(filter.getCondition())) {
            (RexUtil.containsCorrelation(c) ? kept : pushed).add(c);
        }
        Join merged = join.copy(join.getTraitSet(), RexUtil.composeConjunction(rex, pushed), join.getLeft(),
                join.getRight(), join.getJoinType(), join.isSemiJoinDone());
        RelNode tree = reorderTree(merged);
        return kept.isEmpty() ? tree : LogicalFilter.create(tree, RexUtil.composeConjunction(rex, kept));
    }

    private static boolean isInner(RelNode rel) {
        return rel instanceof LogicalJoin && ((Join) rel).getJoinType() == JoinRelType.INNER
                && ((Join) rel).getVariablesSet().isEmpty();
    }

    /** The relations of an inner-join tree, left to right, and the conjuncts over their fields. */
    private static final class Flat {
        final List<RelNode> factors = new ArrayList<>();
        final List<Integer> starts = new ArrayList<>(); // each factor's first field in the whole row
        final List<RexNode> conjuncts = new ArrayList<>();
        int width;

        void add(RelNode rel) {
            if (isInner(rel)) {
                Join j = (Join) rel;
                int offset = width;
                add(j.getLeft());
                add(j.getRight());
                RexNode shifted = offset == 0 ? j.getCondition() : RexUtil.shift(j.getCondition(), offset);
                for (RexNode c : RelOptUtil.conjunctions(shifted)) {
                    if (!c.isAlwaysTrue()) {
                        conjuncts.add(c);
                    }
                }
                return;
            }
            factors.add(reorderAll(rel));
            starts.add(width);
            width += rel.getRowType().getFieldCount();
        }

        int factorOf(int field) {
            int f = 0;
            while (f + 1 < starts.size() && starts.get(f + 1) <= field) {
                f++;
            }
            return f;
        }
    }

    private static RelNode reorderTree(Join root) {
        RexBuilder rex = root.getCluster().getRexBuilder();
        Flat flat = new Flat();
        flat.add(root);
        int n = flat.factors.size();
        List<BitSet> uses = new ArrayList<>(); // the factors each conjunct names
        for (RexNode c : flat.conjuncts) {
            BitSet fs = new BitSet(n);
            for (int field : ImmutableBitSet.of(RelOptUtil.InputFinder.bits(c))) {
                fs.set(flat.factorOf(field));
            }
            uses.add(fs);
        }
        int[] position = new int[flat.width]; // a field of the whole row → its column in the tree so far
        BitSet joined = new BitSet(n);
        BitSet applied = new BitSet(flat.conjuncts.size());
        RelNode tree = null;
        for (int step = 0; step < n; step++) {
            int next = step == 0 ? 0 : nextFactor(joined, uses, n);
            RelNode factor = flat.factors.get(next);
            int width = tree == null ? 0 : tree.getRowType().getFieldCount();
            int start = flat.starts.get(next);
            for (int k = 0; k < factor.getRowType().getFieldCount(); k++) {
                position[start + k] = width + k;
            }
            joined.set(next);
            if (tree == null) {
                tree = factor;
                continue;
            }
            List<RexNode> now = new ArrayList<>();
            for (int c = 0; c < flat.conjuncts.size(); c++) {
                if (!applied.get(c) && contains(joined, uses.get(c))) {
                    applied.set(c);
                    now.add(remap(flat.conjuncts.get(c), position));
                }
            }
            tree = LogicalJoin.create(tree, factor, List.of(), RexUtil.composeConjunction(rex, now),
                    java.util.Set.of(), JoinRelType.INNER);
        }
        List<RexNode> columns = new ArrayList<>(flat.width);
        List<String> names = new ArrayList<>(flat.width);
        List<RelDataTypeField> fields = root.getRowType().getFieldList();
        for (int g = 0; g < flat.width; g++) {
            columns.add(new RexInputRef(position[g], tree.getRowType().getFieldList().get(position[g]).getType()));
            names.add(fields.get(g).getName());
        }
        return LogicalProject.create(tree, List.of(), columns, names, java.util.Set.of());
    }

    /**
     * The first factor not joined yet that a conjunct connects to the joined ones; else (a cross
     * product is due) the first that a conjunct connects to other factors not joined yet, so that
     * the next group of connected factors is joined along its conditions before the factors that
     * nothing connects multiply the rows ({@code FROM t4, t6, t8, t2, t3, t5, t9 WHERE c5 = a9}
     * joins t5 and t9 second, not after four cross products); else the first not joined.
     */
    private static int nextFactor(BitSet joined, List<BitSet> uses, int n) {
        for (int f = joined.nextClearBit(0); f < n; f = joined.nextClearBit(f + 1)) {
            for (BitSet u : uses) {
                if (u.get(f) && u.intersects(joined)) {
                    BitSet with = (BitSet) joined.clone();
                    with.set(f);
                    if (contains(with, u)) {
                        return f;
                    }
                }
            }
        }
        for (int f = joined.nextClearBit(0); f < n; f = joined.nextClearBit(f + 1)) {
            for (BitSet u : uses) {
                if (u.get(f) && u.cardinality() > 1) {
                    return f;
                }
            }
        }
        return joined.nextClearBit(0);
    }

    private static boolean contains(BitSet set, BitSet subset) {
        BitSet rest = (BitSet) subset.clone();
        rest.andNot(set);
        return rest.isEmpty();
    }

    private static RexNode remap(RexNode c, int[] position) {
        return c.accept(new RexShuttle() {
            @Override
            public RexNode visitInputRef(RexInputRef ref) {
                return new RexInputRef(position[ref.getIndex()], ref.getType());
            }
        });
    }
}
