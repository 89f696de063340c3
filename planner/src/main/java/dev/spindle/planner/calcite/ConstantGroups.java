package dev.spindle.planner.calcite;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rel.RelHomogeneousShuttle;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Aggregate;
import org.apache.calcite.rel.core.AggregateCall;
import org.apache.calcite.rel.core.Project;
import org.apache.calcite.rel.logical.LogicalAggregate;
import org.apache.calcite.rel.logical.LogicalFilter;
import org.apache.calcite.rel.logical.LogicalProject;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeField;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.util.ImmutableBitSet;

/**
 * Keeps Calcite's decorrelator from answering an uncorrelated {@code EXISTS} with TRUE over no
 * rows. Subquery removal turns {@code EXISTS (SELECT ... FROM u WHERE p)} into
 * {@code Aggregate(group by i) over Project(i = TRUE)}: one row if {@code u} has a row passing
 * {@code p}, else none. In a query that also has a correlated subquery, the decorrelator (Calcite
 * 1.41, {@code RelDecorrelator.decorrelateRel(Aggregate)}) drops group keys that are constants and
 * projects them back after the aggregate; with no correlated column to group by, the aggregate is
 * left without groups, and an aggregate without groups is one row even over no rows: the
 * {@code EXISTS} is TRUE over an empty {@code u}. Found by {@code DifferentialQueryProperties}:
 * {@code SELECT (SELECT count(*) FROM t2 y WHERE y.a < x.b), EXISTS (SELECT 1 FROM t2 y WHERE y.b > 2) FROM t1 x}.
 *
 * ({@code x IN (SELECT 1 ...)} makes the same shape, its matches marked by {@code LITERAL_AGG(true)}:
 * there the aggregate without groups was also a row over no rows, and the lowering could not make
 * its default row.)
 *
 * A scalar subquery grouped by a constant does the same: {@code (SELECT count(*) FROM t2 GROUP BY 'k')}
 * over an empty {@code t2} is NULL (no group, no row), and was 0 beside a correlated subquery.
 *
 * <p>Before decorrelating, each such aggregate (every group key a constant of the project under
 * it, plain calls, nothing correlated below) becomes the same rows by a count: the constants and
 * the calls over {@code Filter(count > 0) over Aggregate(no groups; the calls, COUNT())}, which
 * the decorrelator keeps (the count makes the one row of an aggregate without groups none over no
 * rows; with a row, the calls without groups are what they were in the one group).
 *
 * <p>Thread-safety: stateless.
 */
final class ConstantGroups {
    private ConstantGroups() {
    }

    /** {@code rel} with every uncorrelated aggregate of constant keys only made by a count. */
    static RelNode guard(RelNode rel) {
        return rel.accept(new RelHomogeneousShuttle() {
            @Override
            public RelNode visit(RelNode other) {
                RelNode r = super.visit(other);
                return r instanceof Aggregate a && constantKeysOnly(a) ? byCount(a) : r;
            }
        });
    }

    private static boolean constantKeysOnly(Aggregate a) {
        if (a.getGroupType() != Aggregate.Group.SIMPLE || a.getGroupSet().isEmpty() || !(a.getInput() instanceof Project p)) {
            return false;
        }
        for (AggregateCall call : a.getAggCallList()) {
            if (call.hasFilter() || call.distinctKeys != null || !call.getCollation().getFieldCollations().isEmpty()) {
                return false;
            }
        }
        for (int key : a.getGroupSet()) {
            if (!(p.getProjects().get(key) instanceof RexLiteral)) {
                return false;
            }
        }
        return RelOptUtil.getVariablesUsed(a).isEmpty();
    }

    private static RelNode byCount(Aggregate a) {
        Project p = (Project) a.getInput();
        RexBuilder rex = a.getCluster().getRexBuilder();
        RelDataType bigint = a.getCluster().getTypeFactory().createSqlType(SqlTypeName.BIGINT);
        // the calls without groups (LITERAL_AGG is its literal in every group, no call), then the count
        List<AggregateCall> calls = new ArrayList<>();
        for (AggregateCall call : a.getAggCallList()) {
            if (call.getAggregation().getKind() != SqlKind.LITERAL_AGG) {
                calls.add(call.adaptTo(p, call.getArgList(), -1, a.getGroupCount(), 0));
            }
        }
        calls.add(AggregateCall.create(SqlStdOperatorTable.COUNT, false, false, false, List.of(), List.of(), -1,
                null, org.apache.calcite.rel.RelCollations.EMPTY, bigint, "c"));
        RelNode counted = LogicalAggregate.create(p, List.of(), ImmutableBitSet.of(), null, calls);
        int count = calls.size() - 1;
        RexNode some = rex.makeCall(SqlStdOperatorTable.GREATER_THAN, rex.makeInputRef(counted, count),
                rex.makeZeroLiteral(counted.getRowType().getFieldList().get(count).getType()));
        RelNode filtered = LogicalFilter.create(counted, some);
        List<RexNode> out = new ArrayList<>();
        for (int key : a.getGroupSet()) {
            out.add(p.getProjects().get(key));
        }
        int next = 0;
        for (AggregateCall call : a.getAggCallList()) {
            out.add(call.getAggregation().getKind() == SqlKind.LITERAL_AGG ? call.rexList.get(0)
                    : rex.makeInputRef(filtered, next++));
        }
        List<RelDataTypeField> fields = a.getRowType().getFieldList();
        for (int i = 0; i < out.size(); i++) {
            if (!out.get(i).getType().equals(fields.get(i).getType())) {
                out.set(i, rex.makeAbstractCast(fields.get(i).getType(), out.get(i)));
            }
        }
        return LogicalProject.create(filtered, List.of(), out, a.getRowType(), Set.of());
    }
}
