package dev.spindle.planner.peek;

import dev.spindle.common.id.GlobalId;
import dev.spindle.common.row.Row;
import dev.spindle.common.time.Frontier;
import dev.spindle.common.type.Column;
import dev.spindle.common.type.ColumnType;
import dev.spindle.common.type.RelationDesc;
import dev.spindle.compute.expr.CallBinary;
import dev.spindle.compute.expr.CallVariadic;
import dev.spindle.compute.expr.ColumnRef;
import dev.spindle.compute.expr.Literal;
import dev.spindle.compute.expr.Mfp;
import dev.spindle.compute.expr.ScalarExpr;
import dev.spindle.compute.expr.func.BinaryFunc;
import dev.spindle.compute.expr.func.VariadicFunc;
import dev.spindle.compute.plan.DataflowDescription;
import dev.spindle.compute.plan.Plan;
import dev.spindle.planner.catalog.Catalog;
import dev.spindle.planner.catalog.CatalogItem;
import dev.spindle.planner.lower.ParameterSlots;
import dev.spindle.planner.lower.RelLowering;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * Picks how a lowered query is read (DESIGN §2, "choose"): a map/filter/project over one indexed
 * collection is a fast-path peek of that index, a point lookup when equalities with literals bind
 * the index's whole key (the index binding the most is preferred, then the oldest); anything else
 * is a slow-path peek of a transient dataflow that imports the indexes of the collections it reads
 * (and reads unindexed tables from storage, builds unindexed views) and exports its result.
 *
 * <p>Thread-safety: stateless apart from its inputs (immutable catalog, thread-safe id source).
 */
public final class PeekPlanner {
    private final Catalog catalog;
    private final LongSupplier transientIds;

    /** {@code transientIds} hands out numbers for transient dataflows and collections, never twice. */
    public PeekPlanner(Catalog catalog, LongSupplier transientIds) {
        this.catalog = catalog;
        this.transientIds = transientIds;
    }

    /** The peek plan of {@code query}, whose tables and views {@code lowering} collected. */
    public PeekPlan plan(RelLowering.Query query, RelLowering lowering, List<String> columnNames) {
        List<Column> cols = new ArrayList<>();
        for (int i = 0; i < query.outputTypes().size(); i++) {
            cols.add(new Column(columnNames.get(i), query.outputTypes().get(i)));
        }
        PeekPlan fast = fastPath(query, cols);
        if (fast != null) {
            return fast;
        }
        return slowPath(query, lowering, cols);
    }

    private PeekPlan fastPath(RelLowering.Query query, List<Column> desc) {
        Plan p = query.body().plan();
        Mfp mfp = null;
        while (p instanceof Plan.MapFilterProject) {
            Plan.MapFilterProject m = (Plan.MapFilterProject) p;
            mfp = mfp == null ? m.mfp() : m.mfp().then(mfp);
            p = m.input();
        }
        if (!(p instanceof Plan.Get)) {
            return null;
        }
        GlobalId on = ((Plan.Get) p).id();
        List<CatalogItem.Index> indexes = catalog.indexesOn(on);
        if (indexes.isEmpty()) {
            return null;
        }
        Map<Integer, Literal> bound = mfp == null ? Map.of() : equalities(mfp);
        CatalogItem.Index best = indexes.get(0);
        Row key = null;
        for (CatalogItem.Index i : indexes) {
            Row k = keyOf(i, bound);
            if (k != null) {
                best = i;
                key = k;
                break;
            }
        }
        return new PeekPlan.Fast(best.id(), key, mfp, query.finishing(), desc);
    }

    /**
     * Input columns a predicate of {@code mfp} fixes to a non-NULL literal ({@code col = literal}),
     * each with the literal (the last predicate's where several fix one column).
     */
    static Map<Integer, Literal> equalities(Mfp mfp) {
        Map<Integer, Literal> out = new HashMap<>();
        for (ScalarExpr pred : mfp.predicates()) {
            collect(pred, mfp.inputArity(), out);
        }
        return out;
    }

    private static void collect(ScalarExpr pred, int inputArity, Map<Integer, Literal> out) {
        if (pred instanceof CallVariadic && ((CallVariadic) pred).func() == VariadicFunc.AND) {
            for (ScalarExpr e : ((CallVariadic) pred).args()) {
                collect(e, inputArity, out);
            }
            return;
        }
        if (!(pred instanceof CallBinary) || ((CallBinary) pred).func() != BinaryFunc.EQ) {
            return;
        }
        CallBinary eq = (CallBinary) pred;
        ScalarExpr a = eq.left();
        ScalarExpr b = eq.right();
        if (b instanceof ColumnRef) {
            ScalarExpr t = a;
            a = b;
            b = t;
        }
        if (a instanceof ColumnRef && b instanceof Literal && ((Literal) b).value() != null
                && ((ColumnRef) a).index() < inputArity && sameKind(a.type(), b.type())) {
            out.put(((ColumnRef) a).index(), (Literal) b);
        }
    }

    static boolean sameKind(ColumnType a, ColumnType b) {
        return a.kind() == b.kind() || (a.kind().isInteger() && b.kind().isInteger());
    }

    /** The literal key of index {@code i} if every key column is bound, else null. */
    private static Row keyOf(CatalogItem.Index i, Map<Integer, Literal> bound) {
        if (i.keyColumns() == null || i.keyColumns().isEmpty()) {
            return null;
        }
        Object[] key = new Object[i.keyColumns().size()];
        for (int k = 0; k < key.length; k++) {
            Literal v = bound.get(i.keyColumns().get(k));
            if (v == null) {
                return null;
            }
            key[k] = v.value();
        }
        return Row.of(key);
    }

    /**
     * The point lookup of a query lowered twice with its parameters as placeholders ({@code a}
     * with {@code slotsA}'s, {@code b} with {@code slotsB}'s), to be bound per execution; null if
     * the plans are not the same point lookup up to the placeholders (see {@link PreparedLookup#of}).
     */
    public PreparedLookup preparedLookup(PeekPlan a, ParameterSlots slotsA, PeekPlan b, ParameterSlots slotsB) {
        if (!(a instanceof PeekPlan.Fast) || ((PeekPlan.Fast) a).literalKey() == null) {
            return null;
        }
        CatalogItem.Index index = catalog.get(((PeekPlan.Fast) a).index())
                .filter(CatalogItem.Index.class::isInstance).map(CatalogItem.Index.class::cast).orElse(null);
        if (index == null || index.keyColumns() == null) {
            return null;
        }
        return PreparedLookup.of(index.keyColumns(), a, slotsA, b, slotsB);
    }

    /**
     * What a dataflow needs to read what {@code lowering} read: each table through its oldest
     * index if it has one, else from storage; each view through its oldest index if it has one,
     * else built from its plan (views after the views they read).
     */
    public Inputs inputs(RelLowering lowering) {
        Map<GlobalId, RelationDesc> sources = new LinkedHashMap<>();
        Map<GlobalId, DataflowDescription.IndexImport> imports = new LinkedHashMap<>();
        for (GlobalId t : lowering.tables()) {
            CatalogItem.Index idx = firstIndex(t);
            if (idx != null) {
                imports.put(idx.id(), new DataflowDescription.IndexImport(t, idx.key()));
            } else {
                sources.put(t, ((CatalogItem.Table) catalog.get(t).orElseThrow()).desc());
            }
        }
        List<DataflowDescription.BuildDesc> objects = new ArrayList<>();
        for (Map.Entry<GlobalId, RelLowering.Lowered> v : lowering.views().entrySet()) {
            CatalogItem.Index idx = firstIndex(v.getKey());
            if (idx != null) {
                imports.put(idx.id(), new DataflowDescription.IndexImport(v.getKey(), idx.key()));
            } else {
                objects.add(new DataflowDescription.BuildDesc(v.getKey(), v.getValue().plan()));
            }
        }
        return new Inputs(sources, imports, objects);
    }

    /** A dataflow's table imports, index imports and the views it builds. */
    public record Inputs(Map<GlobalId, RelationDesc> sources, Map<GlobalId, DataflowDescription.IndexImport> imports,
                         List<DataflowDescription.BuildDesc> objects) {
    }

    private PeekPlan slowPath(RelLowering.Query query, RelLowering lowering, List<Column> desc) {
        Inputs in = inputs(lowering);
        List<DataflowDescription.BuildDesc> objects = new ArrayList<>(in.objects());
        long n = transientIds.getAsLong();
        GlobalId body = GlobalId.transientId(n);
        GlobalId export = GlobalId.transientId(transientIds.getAsLong());
        objects.add(new DataflowDescription.BuildDesc(body, query.body().plan()));
        List<ScalarExpr> key = new ArrayList<>();
        List<ColumnType> types = query.body().types();
        for (int c = 0; c < types.size(); c++) {
            key.add(ScalarExpr.column(c, types.get(c)));
        }
        DataflowDescription d = new DataflowDescription("peek " + body, in.sources(), in.imports(), objects,
                Map.of(export, new DataflowDescription.IndexExport(body, key)), Frontier.MIN);
        return new PeekPlan.Slow(d, export, query.finishing(), desc);
    }

    /** The oldest index on {@code collection} whose arrangement can be imported, or null. */
    private CatalogItem.Index firstIndex(GlobalId collection) {
        List<CatalogItem.Index> indexes = catalog.indexesOn(collection);
        return indexes.isEmpty() ? null : indexes.get(0);
    }
}
