package dev.spindle.compute.plan;

import dev.spindle.common.id.GlobalId;
import dev.spindle.common.time.Frontier;
import dev.spindle.common.type.RelationDesc;
import dev.spindle.compute.expr.ScalarExpr;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Everything a runtime needs to build one dataflow: what it imports, what it builds, what it
 * exports, and the time it starts from. Plain data.
 *
 * @param name a name for introspection
 * @param sourceImports tables read from storage, with their shape
 * @param indexImports existing index arrangements read by the dataflow (issue 4)
 * @param objectsToBuild the collections built, in order; later objects may {@code Get} earlier ones
 * @param indexExports the indexes the dataflow maintains; an export may be a <em>re-export</em> of
 *     an imported index ({@link IndexExport#reexportOf()}), which the planner decides and the
 *     renderer only carries out and checks
 * @param asOf the time the dataflow's results start at: inputs are read as of it
 */
public record DataflowDescription(String name, Map<GlobalId, RelationDesc> sourceImports,
                                  Map<GlobalId, IndexImport> indexImports, List<BuildDesc> objectsToBuild,
                                  Map<GlobalId, IndexExport> indexExports, Frontier asOf) implements java.io.Serializable {
    public DataflowDescription {
        Objects.requireNonNull(name, "name");
        sourceImports = Map.copyOf(sourceImports);
        indexImports = Map.copyOf(indexImports);
        objectsToBuild = List.copyOf(objectsToBuild);
        indexExports = Map.copyOf(indexExports);
        Objects.requireNonNull(asOf, "asOf");
        for (Map.Entry<GlobalId, IndexExport> e : indexExports.entrySet()) {
            GlobalId of = e.getValue().reexportOf();
            if (of != null && !indexImports.containsKey(of)) {
                throw new IllegalArgumentException("index " + e.getKey() + " re-exports " + of
                        + ", which the dataflow does not import");
            }
        }
    }

    /** The ids of the exports that re-export an imported index's arrangement. */
    public java.util.Set<GlobalId> reexports() {
        java.util.Set<GlobalId> out = new java.util.TreeSet<>();
        indexExports.forEach((id, e) -> {
            if (e.reexportOf() != null) {
                out.add(id);
            }
        });
        return out;
    }

    /** One collection the dataflow builds. */
    public record BuildDesc(GlobalId id, Plan plan) implements java.io.Serializable {
        public BuildDesc {
            Objects.requireNonNull(id, "id");
            Objects.requireNonNull(plan, "plan");
        }
    }

    /** An existing index the dataflow reads: index {@code id} on collection {@code on}. */
    public record IndexImport(GlobalId on, List<ScalarExpr> key) implements java.io.Serializable {
        public IndexImport {
            Objects.requireNonNull(on, "on");
            key = List.copyOf(key);
        }
    }

    /**
     * An index the dataflow exports: collection {@code on} arranged by {@code key}.
     *
     * @param reexportOf null for an index with an arrangement of its own; else the imported index
     *     whose arrangement this one publishes under its own id (same collection, same key; the
     *     renderer refuses the claim otherwise), building no operator
     */
    public record IndexExport(GlobalId on, List<ScalarExpr> key, GlobalId reexportOf) implements java.io.Serializable {
        public IndexExport {
            Objects.requireNonNull(on, "on");
            key = List.copyOf(key);
        }

        /** An index with an arrangement of its own. */
        public IndexExport(GlobalId on, List<ScalarExpr> key) {
            this(on, key, null);
        }

        /** A re-export of imported index {@code of}, which arranges {@code on} by {@code key}. */
        public static IndexExport reexport(GlobalId on, List<ScalarExpr> key, GlobalId of) {
            return new IndexExport(on, key, Objects.requireNonNull(of, "of"));
        }
    }
}
