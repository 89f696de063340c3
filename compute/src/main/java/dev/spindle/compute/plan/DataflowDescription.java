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
 * @param indexExports the indexes the dataflow maintains
 * @param asOf the time the dataflow's results start at: inputs are read as of it
 */
public record DataflowDescription(String name, Map<GlobalId, RelationDesc> sourceImports,
                                  Map<GlobalId, IndexImport> indexImports, List<BuildDesc> objectsToBuild,
                                  Map<GlobalId, IndexExport> indexExports, Frontier asOf) {
    public DataflowDescription {
        Objects.requireNonNull(name, "name");
        sourceImports = Map.copyOf(sourceImports);
        indexImports = Map.copyOf(indexImports);
        objectsToBuild = List.copyOf(objectsToBuild);
        indexExports = Map.copyOf(indexExports);
        Objects.requireNonNull(asOf, "asOf");
    }

    /** One collection the dataflow builds. */
    public record BuildDesc(GlobalId id, Plan plan) {
        public BuildDesc {
            Objects.requireNonNull(id, "id");
            Objects.requireNonNull(plan, "plan");
        }
    }

    /** An existing index the dataflow reads: index {@code id} on collection {@code on}. */
    public record IndexImport(GlobalId on, List<ScalarExpr> key) {
        public IndexImport {
            Objects.requireNonNull(on, "on");
            key = List.copyOf(key);
        }
    }

    /** An index the dataflow exports: collection {@code on} arranged by {@code key}. */
    public record IndexExport(GlobalId on, List<ScalarExpr> key) {
        public IndexExport {
            Objects.requireNonNull(on, "on");
            key = List.copyOf(key);
        }
    }
}
