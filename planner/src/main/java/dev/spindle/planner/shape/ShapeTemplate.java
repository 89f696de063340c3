package dev.spindle.planner.shape;

import dev.spindle.common.id.GlobalId;
import dev.spindle.planner.calcite.RelationTable;
import dev.spindle.planner.catalog.Catalog;
import dev.spindle.planner.catalog.CatalogItem;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.apache.calcite.plan.RelOptTable;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelRoot;
import org.apache.calcite.rel.core.TableScan;
import org.apache.calcite.rel.logical.LogicalTableScan;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexShuttle;
import org.apache.calcite.sql.SqlKind;

/**
 * What Calcite made of a shape (validated, converted, decorrelated, simplified), with its literal
 * slots unbound and the tables of the query it was planned for. {@link #bind} makes the plan of
 * another query of the same shape: its literals in place of the slots (a cast of a literal folded
 * as Calcite's builder folds it when it converts a literal), its tables in place of the template's
 * (identically typed, as the shape's key says).
 *
 * <p>Thread-safety: immutable but for the remembered plan, an immutable value published through a
 * volatile field; {@link #bind} may run on several threads at once (relational expressions are
 * immutable, and copies are new nodes).
 */
public final class ShapeTemplate {
    private final RelRoot root;
    private final List<GlobalId> tables;
    private final RexBuilder rexBuilder;

    /**
     * @param root Calcite's plan of the shape
     * @param tables the ids of the tables the shape's table slots stood for
     * @param rexBuilder the builder of the plan's expressions (it folds casts of literals)
     */
    public ShapeTemplate(RelRoot root, List<CatalogItem> tables, RexBuilder rexBuilder) {
        this.root = root;
        List<GlobalId> ids = new ArrayList<>(tables.size());
        for (CatalogItem t : tables) {
            ids.add(t.id());
        }
        this.tables = List.copyOf(ids);
        this.rexBuilder = rexBuilder;
        this.deterministic = deterministic(root.rel);
        this.weight = weigh(root.rel);
    }

    /** What keeping the template costs, in {@link ShapeCache}'s units: see {@link #weight()}. */
    private final int weight;

    /**
     * The plan's relational expressions and the fields of their row types, counted: about what
     * keeping the plan holds on the heap (a 40-way join's plan weighs a hundred times a lookup's).
     */
    public int weight() {
        return weight;
    }

    private static int weigh(RelNode rel) {
        int w = 1 + rel.getRowType().getFieldCount();
        for (RelNode in : rel.getInputs()) {
            w += weigh(in);
        }
        return w;
    }

    /** False if a function of the plan may give another value at another execution. */
    private final boolean deterministic;

    private static boolean deterministic(RelNode rel) {
        boolean[] ok = {true};
        rel.accept(new RexShuttle() {
            @Override
            public RexNode visitCall(RexCall call) {
                if (!(call.getOperator() instanceof LiftedLiteral)
                        && (!call.getOperator().isDeterministic() || call.getOperator().isDynamicFunction())) {
                    ok[0] = false;
                }
                return super.visitCall(call);
            }
        });
        for (RelNode in : rel.getInputs()) {
            ok[0] &= deterministic(in);
        }
        return ok[0];
    }

    /** A literal-free query's fast-path plan over the tables it read, kept once made. */
    private record Memo(Catalog catalog, List<GlobalId> tables, dev.spindle.planner.peek.PeekPlan.Fast plan) {
    }

    private volatile Memo memo;

    /**
     * The fast-path plan {@link #remember}ed for a query of this shape without literals that reads
     * {@code tables}, or null: such a query's plan depends on the catalog snapshot alone (a view's
     * read, a scan of an index), so it is lowered once, not per execution.
     */
    public dev.spindle.planner.peek.PeekPlan.Fast remembered(Catalog catalog, List<CatalogItem> tables) {
        Memo m = memo;
        return m != null && m.catalog() == catalog && sameIds(m.tables(), tables) ? m.plan() : null;
    }

    /**
     * Keeps {@code plan}, the fast path of a literal-free query of this shape over {@code tables}
     * in snapshot {@code catalog} (the index it reads is that snapshot's).
     */
    public void remember(Catalog catalog, List<CatalogItem> tables, dev.spindle.planner.peek.PeekPlan.Fast plan) {
        if (!deterministic) {
            return; // a value of the moment (none exists yet: a guard for functions to come)
        }
        List<GlobalId> ids = new ArrayList<>(tables.size());
        for (CatalogItem t : tables) {
            ids.add(t.id());
        }
        memo = new Memo(catalog, List.copyOf(ids), plan);
    }

    private static boolean sameIds(List<GlobalId> ids, List<CatalogItem> tables) {
        if (ids.size() != tables.size()) {
            return false;
        }
        for (int i = 0; i < ids.size(); i++) {
            if (!ids.get(i).equals(tables.get(i).id())) {
                return false;
            }
        }
        return true;
    }

    /** The builder of the plan's expressions. */
    public RexBuilder rexBuilder() {
        return rexBuilder;
    }

    /**
     * The plan of a query of this shape with {@code literals} (by slot) that reads {@code tables}
     * (by table slot); {@code tableOf} gives Calcite's table of a catalog item.
     */
    public RelRoot bind(List<LiftedLiteral.Value> literals, List<CatalogItem> tables, Function<CatalogItem, RelOptTable> tableOf) {
        Map<GlobalId, CatalogItem> swap = new HashMap<>();
        for (int i = 0; i < tables.size(); i++) {
            if (!tables.get(i).id().equals(this.tables.get(i))) {
                swap.put(this.tables.get(i), tables.get(i));
            }
        }
        RexShuttle bindLiterals = new RexShuttle() {
            @Override
            public RexNode visitCall(RexCall call) {
                if (call.getOperator() instanceof LiftedLiteral) {
                    LiftedLiteral slot = (LiftedLiteral) call.getOperator();
                    return rexBuilder.makeExactLiteral(literals.get(slot.index()).value(), slot.type());
                }
                RexNode r = super.visitCall(call);
                if (r != call && r.getKind() == SqlKind.CAST && ((RexCall) r).getOperands().get(0) instanceof RexLiteral) {
                    // what converting a cast of the literal itself gives (folded by Spindle's rules)
                    return rexBuilder.makeCast(r.getType(), ((RexCall) r).getOperands().get(0), true, false);
                }
                return r;
            }
        };
        return root.withRel(bind(root.rel, bindLiterals, swap, tableOf));
    }

    private static RelNode bind(RelNode rel, RexShuttle literals, Map<GlobalId, CatalogItem> swap,
            Function<CatalogItem, RelOptTable> tableOf) {
        if (rel instanceof TableScan && !swap.isEmpty()) {
            RelationTable t = rel.getTable().unwrap(RelationTable.class);
            CatalogItem to = t == null ? null : swap.get(t.id());
            if (to != null) {
                return LogicalTableScan.create(rel.getCluster(), tableOf.apply(to), ((TableScan) rel).getHints());
            }
            return rel;
        }
        List<RelNode> inputs = new ArrayList<>(rel.getInputs().size());
        boolean changed = false;
        for (RelNode in : rel.getInputs()) {
            RelNode b = bind(in, literals, swap, tableOf);
            changed |= b != in;
            inputs.add(b);
        }
        RelNode r = changed ? rel.copy(rel.getTraitSet(), inputs) : rel;
        return r.accept(literals);
    }
}
