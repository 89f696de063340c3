package dev.spindle.planner.calcite;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelFieldCollation;
import org.apache.calcite.rel.core.Aggregate;
import org.apache.calcite.rel.core.AggregateCall;
import org.apache.calcite.rel.core.Filter;
import org.apache.calcite.rel.core.Join;
import org.apache.calcite.rel.core.JoinRelType;
import org.apache.calcite.rel.core.Project;
import org.apache.calcite.rel.logical.LogicalProject;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeField;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexShuttle;
import org.apache.calcite.util.ImmutableBitSet;
import org.apache.calcite.util.mapping.Mapping;
import org.apache.calcite.util.mapping.MappingType;
import org.apache.calcite.util.mapping.Mappings;

/**
 * Narrows the inputs of joins to the columns used above them, so that joins carry (and, rendered,
 * arrange) only those: what Calcite's field trimmer did here, without its cost. The trimmer visits
 * every node by reflective dispatch, rebuilds each through a {@code RelBuilder} that asks the
 * metadata whether an aggregation's keys are already unique, and so cost a sixth of planning a
 * query over a join, more than the rest of planning it but conversion.
 *
 * <p>Demand flows from the root (every column of it is used) down through projections, filters
 * and joins. A projection keeps only the expressions used above it (none used: it is left out, as
 * only its rows' count is read); a filter passes
 * the demand on with its condition's columns; a join splits it between its sides, adds its
 * condition's columns, and projects a side that carries more than that onto it; an aggregation
 * passes on its keys and its calls' columns. Any other operator (sorts, set operations, values,
 * scans, correlations) uses all of its input's columns, and its inputs are narrowed in turn from
 * there: conversion already projects a set operation's input onto what it uses.
 *
 * <p>Thread-safety: stateless; each call works on its own objects.
 */
final class Narrowing {
    private Narrowing() {
    }

    /** {@code rel} with its joins' inputs narrowed; every column of {@code rel} itself is kept, in order. */
    static RelNode narrow(RelNode rel) {
        return narrow(rel, ImmutableBitSet.range(rel.getRowType().getFieldCount())).rel;
    }

    /**
     * A narrowed relation and where each old column went ({@code map[old]}, -1 if dropped); a null
     * map means every column stayed where it was.
     */
    private record Narrowed(RelNode rel, int[] map) {
        int at(int column) {
            return map == null ? column : map[column];
        }
    }

    private static Narrowed narrow(RelNode rel, ImmutableBitSet demanded) {
        if (rel instanceof Project) {
            return project((Project) rel, demanded);
        }
        if (rel instanceof Filter) {
            return filter((Filter) rel, demanded);
        }
        if (rel instanceof Join) {
            return join((Join) rel, demanded);
        }
        if (rel instanceof Aggregate) {
            return aggregate((Aggregate) rel);
        }
        List<RelNode> inputs = new ArrayList<>();
        boolean changed = false;
        for (RelNode input : rel.getInputs()) {
            RelNode in = narrow(input, ImmutableBitSet.range(input.getRowType().getFieldCount())).rel;
            inputs.add(in);
            changed |= in != input;
        }
        return new Narrowed(changed ? rel.copy(rel.getTraitSet(), inputs) : rel, null);
    }

    private static Narrowed project(Project p, ImmutableBitSet demanded) {
        List<RexNode> exprs = p.getProjects();
        if (demanded.isEmpty()) {
            // only the rows' count is read, and a projection keeps it: what it projects is left out
            return new Narrowed(narrow(p.getInput(), demanded).rel, dropped(exprs.size()));
        }
        ImmutableBitSet kept = demanded;
        List<RexNode> keptExprs = new ArrayList<>();
        for (int i : kept) {
            keptExprs.add(exprs.get(i));
        }
        Narrowed in = narrow(p.getInput(), RelOptUtil.InputFinder.bits(keptExprs, null));
        if (kept.cardinality() == exprs.size() && in.rel == p.getInput()) {
            return new Narrowed(p, null);
        }
        List<RexNode> newExprs = remap(keptExprs, in);
        List<RelDataType> types = new ArrayList<>();
        List<String> names = new ArrayList<>();
        int[] map = dropped(exprs.size());
        for (int i : kept) {
            map[i] = names.size();
            types.add(p.getRowType().getFieldList().get(i).getType());
            names.add(p.getRowType().getFieldNames().get(i));
        }
        RelDataType rowType = p.getCluster().getTypeFactory().createStructType(types, names);
        return new Narrowed(p.copy(p.getTraitSet(), in.rel, newExprs, rowType), kept.cardinality() == exprs.size() ? null : map);
    }

    private static Narrowed filter(Filter f, ImmutableBitSet demanded) {
        Narrowed in = narrow(f.getInput(), demanded.union(RelOptUtil.InputFinder.bits(f.getCondition())));
        if (in.rel == f.getInput()) {
            return new Narrowed(f, null);
        }
        return new Narrowed(f.copy(f.getTraitSet(), in.rel, remap(List.of(f.getCondition()), in).get(0)), in.map);
    }

    private static Narrowed join(Join j, ImmutableBitSet demanded) {
        int leftWidth = j.getLeft().getRowType().getFieldCount();
        int rightWidth = j.getRight().getRowType().getFieldCount();
        ImmutableBitSet used = demanded.union(RelOptUtil.InputFinder.bits(j.getCondition()));
        ImmutableBitSet leftUsed = used.intersect(ImmutableBitSet.range(leftWidth));
        ImmutableBitSet rightUsed = used.intersect(ImmutableBitSet.range(leftWidth, leftWidth + rightWidth)).shift(-leftWidth);
        Side left = side(j.getLeft(), leftUsed);
        Side right = side(j.getRight(), rightUsed);
        if (left.rel == j.getLeft() && right.rel == j.getRight()) {
            return new Narrowed(j, null);
        }
        int[] map = new int[leftWidth + rightWidth];
        for (int c = 0; c < leftWidth; c++) {
            map[c] = left.map[c];
        }
        int newLeftWidth = left.rel.getRowType().getFieldCount();
        for (int c = 0; c < rightWidth; c++) {
            map[leftWidth + c] = right.map[c] < 0 ? -1 : newLeftWidth + right.map[c];
        }
        Narrowed both = new Narrowed(null, map);
        RexNode condition = remap(List.of(j.getCondition()), both).get(0);
        Join narrowed = j.copy(j.getTraitSet(), condition, left.rel, right.rel, j.getJoinType(), j.isSemiJoinDone());
        boolean leftOnly = j.getJoinType() == JoinRelType.SEMI || j.getJoinType() == JoinRelType.ANTI;
        return new Narrowed(narrowed, leftOnly ? java.util.Arrays.copyOf(map, leftWidth) : map);
    }

    /**
     * An aggregation keeps its output; its input is narrowed to its keys and its calls' arguments,
     * filters and orders (a count over a join uses none of the join's columns). Every map here
     * keeps the columns' order, so the keys come out in the order they had.
     */
    private static Narrowed aggregate(Aggregate a) {
        ImmutableBitSet.Builder used = a.getGroupSet().rebuild();
        for (AggregateCall call : a.getAggCallList()) {
            used.addAll(call.getArgList());
            if (call.filterArg >= 0) {
                used.set(call.filterArg);
            }
            for (RelFieldCollation c : call.collation.getFieldCollations()) {
                used.set(c.getFieldIndex());
            }
            if (call.distinctKeys != null) {
                used.addAll(call.distinctKeys);
            }
        }
        Narrowed in = narrow(a.getInput(), used.build());
        if (in.rel == a.getInput()) {
            return new Narrowed(a, null);
        }
        if (in.map == null) {
            return new Narrowed(a.copy(a.getTraitSet(), List.of(in.rel)), null);
        }
        Mapping mapping = Mappings.create(MappingType.PARTIAL_FUNCTION, in.map.length, in.rel.getRowType().getFieldCount());
        for (int c = 0; c < in.map.length; c++) {
            if (in.map[c] >= 0) {
                mapping.set(c, in.map[c]);
            }
        }
        List<ImmutableBitSet> groupSets = new ArrayList<>();
        for (ImmutableBitSet g : a.getGroupSets()) {
            groupSets.add(g.permute(mapping));
        }
        List<AggregateCall> calls = new ArrayList<>();
        for (AggregateCall call : a.getAggCallList()) {
            calls.add(call.transform(mapping));
        }
        return new Narrowed(a.copy(a.getTraitSet(), in.rel, a.getGroupSet().permute(mapping), groupSets, calls), null);
    }

    /** A join's side narrowed to exactly its used columns, in their order, and where each went. */
    private record Side(RelNode rel, int[] map) {
    }

    private static Side side(RelNode input, ImmutableBitSet used) {
        int width = input.getRowType().getFieldCount();
        Narrowed in = narrow(input, used);
        List<Integer> positions = new ArrayList<>();
        int[] map = dropped(width);
        for (int c : used) {
            map[c] = positions.size();
            positions.add(in.at(c));
        }
        if (positions.isEmpty() && in.rel.getRowType().getFieldCount() > 0) {
            positions.add(0); // nothing above reads this side but its rows' count: one column of what is left
        }
        boolean exact = positions.size() == in.rel.getRowType().getFieldCount();
        for (int i = 0; exact && i < positions.size(); i++) {
            exact = positions.get(i) == i;
        }
        if (exact) {
            return new Side(in.rel, map);
        }
        List<RexNode> refs = new ArrayList<>(positions.size());
        List<String> names = new ArrayList<>(positions.size());
        for (int p : positions) {
            RelDataTypeField f = in.rel.getRowType().getFieldList().get(p);
            refs.add(new RexInputRef(p, f.getType()));
            names.add(f.getName());
        }
        return new Side(LogicalProject.create(in.rel, List.of(), refs, names, Set.of()), map);
    }

    /** A map of {@code width} columns, every one dropped until set. */
    private static int[] dropped(int width) {
        int[] map = new int[width];
        java.util.Arrays.fill(map, -1);
        return map;
    }

    /** {@code exprs} with their input references moved where {@code in} put the columns. */
    private static List<RexNode> remap(List<RexNode> exprs, Narrowed in) {
        if (in.map == null) {
            return exprs;
        }
        RexShuttle shuttle = new RexShuttle() {
            @Override
            public RexNode visitInputRef(RexInputRef ref) {
                int to = in.map[ref.getIndex()];
                if (to < 0) {
                    throw new IllegalStateException("narrowed away a column in use: " + ref);
                }
                return to == ref.getIndex() ? ref : new RexInputRef(to, ref.getType());
            }
        };
        List<RexNode> out = new ArrayList<>(exprs.size());
        for (RexNode e : exprs) {
            out.add(e.accept(shuttle));
        }
        return out;
    }
}
