package dev.spindle.planner.calcite;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rel.RelHomogeneousShuttle;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Aggregate;
import org.apache.calcite.rel.core.AggregateCall;
import org.apache.calcite.rel.core.CorrelationId;
import org.apache.calcite.rel.core.Filter;
import org.apache.calcite.rel.core.JoinRelType;
import org.apache.calcite.rel.core.Project;
import org.apache.calcite.rel.logical.LogicalAggregate;
import org.apache.calcite.rel.logical.LogicalFilter;
import org.apache.calcite.rel.logical.LogicalJoin;
import org.apache.calcite.rel.logical.LogicalProject;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeField;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexCorrelVariable;
import org.apache.calcite.rex.RexFieldAccess;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexShuttle;
import org.apache.calcite.rex.RexSubQuery;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.type.SqlTypeUtil;
import org.apache.calcite.util.ImmutableBitSet;

/**
 * Removes the common subqueries of a query's select list and WHERE without Calcite's subquery
 * rules and decorrelator (a Hep planner and a decorrelator walk, 2 ms a query): a scalar subquery
 * that is one aggregate ({@code (SELECT count(*) FROM t1 AS x WHERE x.b < t1.b)}, or uncorrelated
 * {@code (SELECT avg(c) FROM t1)}) and an {@code EXISTS} over a filter, each correlated (or not)
 * only through the filter directly under it. They are most of the subqueries of the sqllogictest
 * corpus's {@code select1}–{@code select3}. Also an uncorrelated {@code x IN (SELECT y ...)}
 * reached from a filter's condition through AND and OR only (the {@code index/} files ask them
 * inside long ORs): a left join on {@code x = y} with the distinct {@code y}, the IN being whether
 * it matched.
 *
 * <p>For a node (a project or a filter) over input {@code R} whose subqueries all have that form,
 * each subquery becomes a join of {@code R} with what it computes per distinct value of the
 * columns of {@code R} it reads (the keys {@code K}), as the decorrelator builds it:
 * <pre>
 *   K = distinct R.f1..fk
 *   A = Aggregate(group by K; the subquery's calls) over Join(K, U, cond[$cor.fi := K.i])
 *   R ⟕ A on R.fi = A.i
 * </pre>
 * A key that is NULL matches nothing, so the equality is {@code IS NOT DISTINCT FROM} unless the
 * filter rejects every row when a correlated column is NULL (each correlated column appears only
 * in comparisons of a conjunct of the filter). A key without a row in {@code A} is a subquery over
 * no rows: {@code COUNT} is 0 there, other aggregates NULL, {@code EXISTS} false. An uncorrelated
 * aggregate ({@code k = 0}) is one row, joined on TRUE. An IN or EXISTS that is a conjunct of a
 * filter's condition joins inner instead (only the rows that match stay, and it is TRUE on them).
 * Anything else is left to Calcite, the whole node: a node whose subqueries are not all of these
 * forms keeps them all.
 *
 * <p>Thread-safety: stateless.
 */
final class JoinedSubqueries {
    private JoinedSubqueries() {
    }

    /** {@code rel} with the subqueries of this form removed from every project and filter. */
    static RelNode remove(RelNode rel) {
        return rel.accept(new RelHomogeneousShuttle() {
            @Override
            public RelNode visit(RelNode other) {
                RelNode r = super.visit(other);
                if (r instanceof Project p && RexUtil.SubQueryFinder.find(p.getProjects()) != null) {
                    RelNode out = project(p);
                    return out != null ? out : r;
                }
                if (r instanceof Filter f && RexUtil.SubQueryFinder.find(f.getCondition()) != null) {
                    RelNode out = filter(f);
                    return out != null ? out : r;
                }
                return r;
            }
        });
    }

    private static RelNode project(Project p) {
        Rewrite w = Rewrite.of(p.getInput(), p.getProjects(), p.getVariablesSet(), Set.of(), Set.of());
        if (w == null) {
            return null;
        }
        return LogicalProject.create(w.input, p.getHints(), w.exprs, p.getRowType(), Set.of());
    }

    private static RelNode filter(Filter f) {
        Set<RexSubQuery> positive = new java.util.HashSet<>();
        positiveIns(f.getCondition(), positive);
        Set<RexSubQuery> semi = new java.util.HashSet<>(); // a conjunct of the filter: only matching rows stay
        for (RexNode c : RelOptUtil.conjunctions(f.getCondition())) {
            if (c instanceof RexSubQuery q && (q.getKind() == SqlKind.IN || q.getKind() == SqlKind.EXISTS)) {
                semi.add(q);
            }
        }
        Rewrite w = Rewrite.of(f.getInput(), List.of(f.getCondition()), f.getVariablesSet(), positive, semi);
        if (w == null) {
            return null;
        }
        RexBuilder rex = f.getCluster().getRexBuilder();
        // the conjuncts an inner join took are TRUE now: dropped, and the filter with them if none is left
        RexNode condition = RexUtil.composeConjunction(rex, RelOptUtil.conjunctions(w.exprs.get(0)));
        RelNode filtered = condition.isAlwaysTrue() ? w.input : LogicalFilter.create(w.input, condition);
        List<RexNode> keep = new ArrayList<>();
        for (int i = 0; i < f.getRowType().getFieldCount(); i++) {
            keep.add(rex.makeInputRef(filtered, i));
        }
        return LogicalProject.create(filtered, List.of(), keep, f.getRowType(), Set.of());
    }

    /**
     * The {@code IN} subqueries of a filter's {@code condition} reached from it through AND and OR
     * only. A filter keeps a row only where its condition is TRUE, and AND and OR are monotone: an
     * {@code IN} there that is NULL (no match, but a NULL on either side) may be taken as FALSE
     * without changing which rows are kept.
     */
    private static void positiveIns(RexNode condition, Set<RexSubQuery> out) {
        if (condition instanceof RexSubQuery q && q.getKind() == SqlKind.IN) {
            out.add(q);
        } else if (condition.getKind() == SqlKind.AND || condition.getKind() == SqlKind.OR) {
            for (RexNode operand : ((RexCall) condition).getOperands()) {
                positiveIns(operand, out);
            }
        }
    }

    /**
     * One subquery's form: the aggregate (null for EXISTS and IN); the correlated filter under it
     * (null for an uncorrelated aggregate and IN) and a project between the two (else null); for
     * the uncorrelated IN of a filter's positive position, the subquery's relation as {@code in}.
     */
    private record Form(RexSubQuery query, Aggregate aggregate, Filter filter, Project project, RelNode in) {
    }

    /** A node's input joined with what its subqueries compute, and its expressions over that. */
    private record Rewrite(RelNode input, List<RexNode> exprs) {
        static Rewrite of(RelNode input, List<RexNode> exprs, Set<CorrelationId> variables, Set<RexSubQuery> positive,
                          Set<RexSubQuery> semi) {
            List<RexSubQuery> found = new ArrayList<>();
            for (RexNode e : exprs) {
                e.accept(new RexShuttle() {
                    @Override
                    public RexNode visitSubQuery(RexSubQuery q) {
                        found.add(q);
                        return q;
                    }
                });
            }
            Map<RexSubQuery, Form> forms = new LinkedHashMap<>();
            for (RexSubQuery q : found) {
                Form form = positive.contains(q) ? in(q) : form(q, variables, input.getRowType());
                if (form == null) {
                    return null;
                }
                forms.put(q, form);
            }
            RelNode joined = input;
            Map<RexSubQuery, RexNode> values = new LinkedHashMap<>();
            for (Form form : forms.values()) {
                int before = joined.getRowType().getFieldCount();
                Joined j = join(joined, input, form, semi.contains(form.query));
                if (j == null) {
                    return null;
                }
                joined = j.rel;
                values.put(form.query, j.value(before));
            }
            List<RexNode> out = new ArrayList<>();
            for (RexNode e : exprs) {
                out.add(e.accept(new RexShuttle() {
                    @Override
                    public RexNode visitSubQuery(RexSubQuery q) {
                        return values.get(q);
                    }
                }));
            }
            return new Rewrite(joined, out);
        }
    }

    /** {@code x IN (SELECT y FROM ...)}, uncorrelated, one column: its form, or null. */
    private static Form in(RexSubQuery q) {
        return q.getOperands().size() == 1 && q.rel.getRowType().getFieldCount() == 1 && uncorrelated(q.rel)
                ? new Form(q, null, null, null, q.rel) : null;
    }

    /**
     * The form of {@code q}, or null: a scalar subquery that is an aggregate without groups of one
     * call over a filter correlated with {@code variables} (or over anything uncorrelated), or an
     * {@code EXISTS} over a filter, perhaps under a project.
     */
    private static Form form(RexSubQuery q, Set<CorrelationId> variables, RelDataType row) {
        RelNode rel = q.rel;
        if (q.getKind() == SqlKind.SCALAR_QUERY) {
            if (!(rel instanceof Aggregate a) || !a.getGroupSet().isEmpty() || a.getAggCallList().size() != 1
                    || a.getGroupType() != Aggregate.Group.SIMPLE || !onEmpty(a.getAggCallList().get(0))) {
                return null;
            }
            RelNode under = a.getInput();
            Project p = under instanceof Project pp && pp.getInput() instanceof Filter && pp.getVariablesSet().isEmpty()
                    && pp.getProjects().stream().noneMatch(RexUtil::containsCorrelation) ? pp : null;
            RelNode filter = p != null ? p.getInput() : under;
            if (!(filter instanceof Filter f) || !RexUtil.containsCorrelation(f.getCondition())) {
                return uncorrelated(a) ? new Form(q, a, null, null, null) : null;
            }
            return correlated(f, variables, row) ? new Form(q, a, f, p, null) : null;
        }
        if (q.getKind() == SqlKind.EXISTS) {
            RelNode under = rel instanceof Project p && p.getVariablesSet().isEmpty()
                    && p.getProjects().stream().noneMatch(RexUtil::containsCorrelation) ? p.getInput() : rel;
            if (under instanceof Filter f && RexUtil.containsCorrelation(f.getCondition()) && correlated(f, variables, row)) {
                return new Form(q, null, f, null, null);
            }
        }
        return null;
    }

    /** Whether an aggregate's value over no rows is 0 ({@code COUNT}) or NULL, as a left join gives it. */
    private static boolean onEmpty(AggregateCall call) {
        switch (call.getAggregation().getKind()) {
            case COUNT:
            case SUM:
            case MIN:
            case MAX:
            case AVG:
                return !call.hasFilter() && call.distinctKeys == null && call.getCollation().getFieldCollations().isEmpty();
            default:
                return false;
        }
    }

    private static boolean uncorrelated(RelNode rel) {
        return RelOptUtil.getVariablesUsed(rel).isEmpty() && !SubQueries.present(rel);
    }

    /**
     * Whether {@code f}'s condition reads correlation variables of {@code variables} only (as
     * fields of them, each of the node's input's type {@code row}), holds no subquery, and its
     * input is uncorrelated and holds none.
     */
    private static boolean correlated(Filter f, Set<CorrelationId> variables, RelDataType row) {
        if (!f.getVariablesSet().isEmpty() || RexUtil.SubQueryFinder.find(f.getCondition()) != null
                || !uncorrelated(f.getInput())) {
            return false;
        }
        boolean[] ok = {true};
        f.getCondition().accept(new RexShuttle() {
            @Override
            public RexNode visitFieldAccess(RexFieldAccess access) {
                if (access.getReferenceExpr() instanceof RexCorrelVariable v) {
                    ok[0] &= variables.contains(v.id) && v.getType().equals(row);
                    return access;
                }
                return super.visitFieldAccess(access);
            }

            @Override
            public RexNode visitCorrelVariable(RexCorrelVariable v) {
                ok[0] = false; // a whole row: not a field
                return v;
            }
        });
        return ok[0];
    }

    /**
     * The join that computes one subquery, and where its value is.
     *
     * @param semi whether the join keeps only the rows that match (an IN or EXISTS that is a
     *     conjunct of a filter), so the subquery is TRUE on every row it gives
     */
    private record Joined(RelNode rel, boolean count, boolean exists, boolean semi, RexBuilder rex, RelDataType type) {
        /** The subquery's value: the field after the first {@code before} ones, of the subquery's type. */
        RexNode value(int before) {
            RexNode field = rex.makeInputRef(rel, before);
            if (semi) {
                return rex.makeLiteral(true);
            }
            if (exists) {
                return rex.makeCall(SqlStdOperatorTable.IS_NOT_NULL, field);
            }
            if (count) { // a key without rows counts 0
                return rex.makeCall(type, SqlStdOperatorTable.CASE, List.of(rex.makeCall(SqlStdOperatorTable.IS_NULL, field),
                        rex.makeZeroLiteral(type), field));
            }
            return field.getType().equals(type) ? field : rex.makeAbstractCast(type, field);
        }
    }

    /**
     * {@code left} (whose first fields are those of {@code base}, the node's input, which the
     * correlation variables stand for) joined with what {@code form} computes: an inner join that
     * keeps only matching rows if {@code semi} (an IN or EXISTS), else a left join.
     */
    private static Joined join(RelNode left, RelNode base, Form form, boolean semi) {
        RexBuilder rex = left.getCluster().getRexBuilder();
        RelDataType type = form.query.getType();
        JoinRelType joinType = semi ? JoinRelType.INNER : JoinRelType.LEFT;
        if (form.query.getKind() == SqlKind.IN) {
            // x = y over the distinct y; y is its own mark, = matching no NULL
            RelNode distinct = LogicalAggregate.create(form.in, List.of(), ImmutableBitSet.of(0), null, List.of());
            int leftWidth = left.getRowType().getFieldCount();
            RexNode on = rex.makeCall(SqlStdOperatorTable.EQUALS, form.query.getOperands().get(0),
                    new RexInputRef(leftWidth, distinct.getRowType().getFieldList().get(0).getType()));
            return new Joined(LogicalJoin.create(left, distinct, List.of(), on, Set.of(), joinType), false, true, semi, rex, type);
        }
        if (form.filter == null) { // uncorrelated: one row
            Aggregate a = form.aggregate;
            if (!SqlTypeUtil.equalSansNullability(a.getRowType().getFieldList().get(0).getType(), type)) {
                return null;
            }
            return new Joined(LogicalJoin.create(left, a, List.of(), rex.makeLiteral(true), Set.of(), JoinRelType.INNER),
                    false, false, false, rex, type);
        }
        // the keys: the input's columns the condition reads, in order (its variables are all of the input's row)
        RexNode condition = form.filter.getCondition();
        ImmutableBitSet read = ImmutableBitSet.of();
        for (CorrelationId id : RelOptUtil.getVariablesUsed(form.filter)) {
            read = read.union(RelOptUtil.correlationColumns(id, form.filter));
        }
        List<Integer> keys = read.asList();
        int k = keys.size();
        // K: the distinct keys of the node's input
        RelNode distinct = LogicalAggregate.create(base, List.of(), read, null, List.of());
        RelNode u = form.filter.getInput();
        RexNode shifted = condition.accept(new RexShuttle() {
            @Override
            public RexNode visitInputRef(RexInputRef ref) {
                return new RexInputRef(ref.getIndex() + k, ref.getType());
            }

            @Override
            public RexNode visitFieldAccess(RexFieldAccess access) {
                if (access.getReferenceExpr() instanceof RexCorrelVariable) {
                    int key = keys.indexOf(access.getField().getIndex());
                    return new RexInputRef(key, distinct.getRowType().getFieldList().get(key).getType());
                }
                return super.visitFieldAccess(access);
            }
        });
        RelNode matched = LogicalJoin.create(distinct, u, List.of(), shifted, Set.of(), JoinRelType.INNER);
        if (form.project != null) { // the aggregate's arguments: the keys, then the project's
            List<RexNode> exprs = new ArrayList<>();
            for (int i = 0; i < k; i++) {
                exprs.add(rex.makeInputRef(matched, i));
            }
            for (RexNode e : form.project.getProjects()) {
                exprs.add(RexUtil.shift(e, k));
            }
            matched = LogicalProject.create(matched, List.of(), exprs, (List<String>) null, Set.of());
        }
        RelNode computed;
        boolean count = false;
        if (form.aggregate != null) {
            AggregateCall call = form.aggregate.getAggCallList().get(0);
            List<Integer> args = new ArrayList<>();
            for (int arg : call.getArgList()) {
                args.add(arg + k);
            }
            AggregateCall moved = call.adaptTo(matched, args, -1, 0, k);
            computed = LogicalAggregate.create(matched, List.of(), ImmutableBitSet.range(k), null, List.of(moved));
            count = call.getAggregation().getKind() == SqlKind.COUNT;
            RelDataType got = computed.getRowType().getFieldList().get(k).getType();
            if (!SqlTypeUtil.equalSansNullability(got, type)) {
                return null;
            }
        } else {
            RelNode keysOnly = LogicalAggregate.create(matched, List.of(), ImmutableBitSet.range(k), null, List.of());
            List<RexNode> exprs = new ArrayList<>();
            for (int i = 0; i < k; i++) {
                exprs.add(rex.makeInputRef(keysOnly, i));
            }
            exprs.add(rex.makeLiteral(true));
            computed = LogicalProject.create(keysOnly, List.of(), exprs, (List<String>) null, Set.of());
        }
        boolean strict = strict(condition);
        List<RexNode> on = new ArrayList<>();
        int leftWidth = left.getRowType().getFieldCount();
        for (int i = 0; i < k; i++) {
            RexNode l = rex.makeInputRef(left, keys.get(i));
            RelDataTypeField rf = computed.getRowType().getFieldList().get(i);
            RexNode r = new RexInputRef(leftWidth + i, rf.getType());
            on.add(rex.makeCall(strict ? SqlStdOperatorTable.EQUALS : SqlStdOperatorTable.IS_NOT_DISTINCT_FROM, l, r));
        }
        RelNode joined = LogicalJoin.create(left, computed, List.of(), RexUtil.composeConjunction(rex, on), Set.of(),
                joinType);
        // only the subquery's value is kept after the node's input: drop the keys
        List<RexNode> exprs = new ArrayList<>();
        for (int i = 0; i < leftWidth; i++) {
            exprs.add(rex.makeInputRef(joined, i));
        }
        exprs.add(rex.makeInputRef(joined, leftWidth + k));
        RelNode kept = LogicalProject.create(joined, List.of(), exprs, (List<String>) null, Set.of());
        return new Joined(kept, count, form.aggregate == null, semi, rex, type);
    }

    /**
     * Whether {@code condition} is false or unknown whenever a correlated column it reads is
     * NULL: it is a conjunction, and each correlation variable's field is an operand of a
     * comparison that is one of its conjuncts.
     */
    private static boolean strict(RexNode condition) {
        List<RexNode> rest = new ArrayList<>();
        for (RexNode c : RelOptUtil.conjunctions(condition)) {
            if (c instanceof RexCall call && isComparison(call.getKind())
                    && call.getOperands().stream().allMatch(o -> o instanceof RexInputRef || isCorrelated(o))) {
                continue;
            }
            rest.add(c);
        }
        return rest.stream().noneMatch(RexUtil::containsCorrelation);
    }

    private static boolean isCorrelated(RexNode o) {
        return o instanceof RexFieldAccess a && a.getReferenceExpr() instanceof RexCorrelVariable;
    }

    private static boolean isComparison(SqlKind kind) {
        switch (kind) {
            case EQUALS:
            case NOT_EQUALS:
            case LESS_THAN:
            case LESS_THAN_OR_EQUAL:
            case GREATER_THAN:
            case GREATER_THAN_OR_EQUAL:
                return true;
            default:
                return false;
        }
    }
}
