package dev.spindle.planner.calcite;

import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.CorrelationId;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rel.type.RelDataTypeField;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql2rel.DeduplicateCorrelateVariables;

/**
 * {@link DirectConversion}'s correlated subqueries, one level deep, as conversion makes them: in
 * a subquery's {@code WHERE}, a name the subquery's FROM does not claim resolves in the enclosing
 * query's FROM as conversion's {@code lookupExp} makes it (a field of a new correlation variable
 * of that FROM's row type); the enclosing query's subquery expressions, Filter and Project then
 * make the variables made for it one, as {@code getCorrelationUse} does ({@link #use}). A
 * correlated subquery's own subqueries are converted only where they name nothing outside them.
 *
 * <p>Thread-safety: not thread-safe; one per query being converted, as its {@link DirectExpressions}.
 */
final class DirectCorrelation {
    /**
     * The enclosing query's scope as a correlated subquery sees it, the type of its correlation
     * variables (every FROM item's fields, names made unique, as {@code lookupExp} builds it) and
     * the variables made for it so far (one per name that resolved there, in the order made).
     */
    record Outer(DirectConversion.Scope scope, RelDataType rowType, List<CorrelationId> ids) {
    }

    /** A relational expression whose correlation variables of one scope were made one, and that one. */
    record Use(CorrelationId id, RelNode rel) {
    }

    private final DirectConversion.Scope scope;
    /** The enclosing query's scope, where names this query's WHERE does not claim may resolve; null if none. */
    private final Outer outer;
    private final RelOptCluster cluster;
    /** This query's scope as its subqueries see it, made when the first is converted; null until then. */
    private Outer own;

    DirectCorrelation(DirectConversion.Scope scope, Outer outer, RelOptCluster cluster) {
        this.scope = scope;
        this.outer = outer;
        this.cluster = cluster;
    }

    /** The correlation variables this query's subqueries made for its columns, in the order they were made. */
    List<CorrelationId> made() {
        return own == null ? List.of() : own.ids();
    }

    /**
     * The scope this query's subqueries may name columns of: its own, unless it is itself a
     * correlated subquery or has no FROM (null then).
     */
    Outer forSubqueries() {
        if (outer != null || scope.items().isEmpty()) {
            return null;
        }
        if (own == null) {
            RelDataTypeFactory.Builder type = cluster.getTypeFactory().builder();
            for (DirectConversion.Item item : scope.items()) {
                type.addAll(item.rowType().getFieldList());
            }
            own = new Outer(scope, type.uniquify().build(), new ArrayList<>());
        }
        return own;
    }

    /**
     * {@code id}, a name this query's FROM does not resolve, as a field of a new correlation
     * variable of the enclosing FROM; null if this query's FROM has the say on it (the validator
     * looks no further out), there is no enclosing FROM, or the name does not resolve there.
     */
    RexNode resolve(SqlIdentifier id) {
        if (outer == null || claims(id)) {
            return null;
        }
        RelDataTypeField f = DirectExpressions.field(outer.scope(), id);
        if (f == null) {
            return null;
        }
        CorrelationId correlation = cluster.createCorrel();
        outer.ids().add(correlation);
        RexBuilder rex = cluster.getRexBuilder();
        return rex.makeFieldAccess(rex.makeCorrel(outer.rowType(), correlation), f.getIndex());
    }

    /**
     * Whether this query's FROM has the say on {@code id}: a qualified name whose qualifier is one
     * of its aliases, an unqualified one a column of one of its items, anything else this does
     * not resolve.
     */
    private boolean claims(SqlIdentifier id) {
        if (id.isStar() || id.names.size() > 2) {
            return true;
        }
        for (DirectConversion.Item from : scope.items()) {
            if (id.names.size() == 2 ? id.names.get(0).equals(from.alias())
                    : from.rowType().getField(id.names.get(0), true, false) != null) {
                return true;
            }
        }
        return false;
    }

    /**
     * As conversion's {@code getCorrelationUse}: of the correlation variables {@code rel} uses
     * (in the order {@code RelOptUtil.getVariablesUsed} finds them), those of {@code mine} are
     * made the first of them; null if it uses none of those.
     */
    static Use use(RelNode rel, List<CorrelationId> mine, RexBuilder rex) {
        if (mine.isEmpty()) {
            return null;
        }
        List<CorrelationId> used = new ArrayList<>();
        for (CorrelationId id : RelOptUtil.getVariablesUsed(rel)) {
            if (mine.contains(id)) {
                used.add(id);
            }
        }
        if (used.isEmpty()) {
            return null;
        }
        RelNode r = used.size() > 1
                ? DeduplicateCorrelateVariables.go(rex, used.get(0), used.subList(1, used.size()), rel) : rel;
        return new Use(used.get(0), r);
    }
}
