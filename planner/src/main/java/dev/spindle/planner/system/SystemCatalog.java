package dev.spindle.planner.system;

import dev.spindle.common.id.GlobalId;
import dev.spindle.compute.expr.ScalarExpr;
import dev.spindle.compute.introspection.IntrospectionRelation;
import dev.spindle.compute.plan.DataflowDescription;
import dev.spindle.planner.catalog.Catalog;
import dev.spindle.planner.catalog.CatalogItem;
import dev.spindle.planner.peek.PeekPlan;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * The system items every catalog starts with. {@code spindle_catalog}: the {@link CatalogRelation}s,
 * as tables. {@code spindle_introspection}: each of compute's {@link IntrospectionRelation} logs as a
 * table with its logging index (on its first column, named {@code <relation>_<column>_idx}), so
 * that a read of one is a fast-path peek of the logging index where it can be; and
 * {@code arrangement_sizes_total}, which the logging dataflow computes from
 * {@code arrangement_sizes}, as an indexed view whose stored query says how.
 *
 * <p>Thread-safety: stateless.
 */
public final class SystemCatalog {
    private static final Set<GlobalId> INTROSPECTION_IDS = introspectionIds();

    private static Set<GlobalId> introspectionIds() {
        Set<GlobalId> ids = new TreeSet<>();
        for (IntrospectionRelation r : IntrospectionRelation.values()) {
            ids.add(r.id());
        }
        return Set.copyOf(ids);
    }

    private SystemCatalog() {
    }

    /** {@code catalog} with every system item added. */
    public static Catalog install(Catalog catalog) {
        Catalog out = catalog;
        for (CatalogRelation r : CatalogRelation.values()) {
            out = out.withSystem(r.item());
        }
        for (IntrospectionRelation r : IntrospectionRelation.values()) {
            out = out.withSystem(collection(r));
            String column = r.desc().column(0).name();
            out = out.withSystem(new CatalogItem.Index(r.indexId(),
                    SystemSchema.qualify(SystemSchema.INTROSPECTION, r.relationName() + "_" + column + "_idx"), r.id(),
                    List.of(ScalarExpr.column(0, r.desc().column(0).type())), List.of(0), null));
        }
        return out;
    }

    private static CatalogItem collection(IntrospectionRelation r) {
        String name = SystemSchema.qualify(SystemSchema.INTROSPECTION, r.relationName());
        if (r != IntrospectionRelation.ARRANGEMENT_SIZES_TOTAL) {
            return CatalogItem.Table.of(r.id(), name, r.desc());
        }
        // the logging dataflow's Reduce, said in SQL (the view is indexed, so the query only types it)
        IntrospectionRelation per = IntrospectionRelation.ARRANGEMENT_SIZES;
        // (cast: SUM of a bigint is numeric in SQL, the logging dataflow's is a bigint)
        String sql = "SELECT export_id, CAST(SUM(records) AS BIGINT) AS records, CAST(SUM(batches) AS BIGINT) AS batches,"
                + " CAST(SUM(size_bytes) AS BIGINT) AS size_bytes"
                + " FROM " + SystemSchema.INTROSPECTION + "." + per.relationName() + " GROUP BY export_id";
        return new CatalogItem.View(r.id(), name, sql, r.desc(), Set.of(per.id()));
    }

    /** The system item named {@code name} in system schema {@code schema}, if {@code catalog} has it. */
    public static java.util.Optional<CatalogItem> lookup(Catalog catalog, String schema, String name) {
        String qualified = SystemSchema.qualify(schema, name);
        for (CatalogItem i : catalog.systemItems()) {
            if (i.name().equals(qualified)) {
                return java.util.Optional.of(i);
            }
        }
        return java.util.Optional.empty();
    }

    /** True if {@code collection} is an introspection relation. */
    public static boolean isIntrospection(GlobalId collection) {
        return INTROSPECTION_IDS.contains(collection);
    }

    /** True if {@code d} reads an introspection relation (from storage or through an index). */
    public static boolean readsIntrospection(DataflowDescription d) {
        for (GlobalId id : d.sourceImports().keySet()) {
            if (isIntrospection(id)) {
                return true;
            }
        }
        for (DataflowDescription.IndexImport i : d.indexImports().values()) {
            if (isIntrospection(i.on())) {
                return true;
            }
        }
        return false;
    }

    /** True if {@code plan}, planned over {@code catalog}, reads an introspection relation. */
    public static boolean readsIntrospection(PeekPlan plan, Catalog catalog) {
        if (plan instanceof PeekPlan.Slow) {
            return readsIntrospection(((PeekPlan.Slow) plan).dataflow());
        }
        return catalog.get(((PeekPlan.Fast) plan).index())
                .map(i -> i instanceof CatalogItem.Index && isIntrospection(((CatalogItem.Index) i).on()))
                .orElse(false);
    }
}
