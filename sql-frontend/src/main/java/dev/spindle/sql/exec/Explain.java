package dev.spindle.sql.exec;

import dev.spindle.common.error.ErrorCode;
import dev.spindle.common.error.SpindleException;
import dev.spindle.common.id.GlobalId;
import dev.spindle.common.row.Row;
import dev.spindle.common.type.Column;
import dev.spindle.common.type.ColumnType;
import dev.spindle.common.type.TypeKind;
import dev.spindle.compute.plan.DataflowDescription;
import dev.spindle.planner.catalog.Catalog;
import dev.spindle.planner.catalog.CatalogItem;
import dev.spindle.planner.peek.PeekPlan;
import dev.spindle.sql.StatementResult;
import dev.spindle.sql.parser.SpindleParser;
import dev.spindle.sql.parser.ddl.SqlCreateIndex;
import dev.spindle.sql.parser.query.SqlQueryAsOf;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;

/**
 * {@code EXPLAIN query}: the plan as rows of text (DESIGN §6): the path (fast from an index, a
 * point lookup or a scan; or slow through a transient dataflow), the index read and any
 * re-export behind it, what a transient dataflow imports, reads and builds, and the finishing.
 * {@code EXPLAIN CREATE INDEX}: the index dataflow it would build, or the index it would re-export.
 *
 * <p>Thread-safety: stateless over a thread-safe coordinator.
 */
final class Explain {
    private final Queries queries;
    private final dev.spindle.sql.coord.Coordinator coord;
    private final Ddl ddl;

    Explain(dev.spindle.sql.coord.Coordinator coord, Queries queries, Ddl ddl) {
        this.coord = coord;
        this.queries = queries;
        this.ddl = ddl;
    }

    StatementResult explain(SqlNode explicandum) {
        if (explicandum instanceof SqlCreateIndex) {
            return rows(explainIndex((SqlCreateIndex) explicandum));
        }
        SqlNode query = explicandum instanceof SqlQueryAsOf ? ((SqlQueryAsOf) explicandum).query() : explicandum;
        if (!query.getKind().belongsTo(SqlKind.QUERY)) {
            throw new SpindleException(ErrorCode.FEATURE_NOT_SUPPORTED_1, "EXPLAIN of " + query.getKind());
        }
        String sql = SpindleParser.unparse(query);
        Catalog catalog = coord.catalog();
        PeekPlan plan = queries.shapePlanner(catalog).planQuery(query, sql); // as the query itself is planned
        List<String> lines = new ArrayList<>();
        if (plan instanceof PeekPlan.Fast) {
            PeekPlan.Fast f = (PeekPlan.Fast) plan;
            lines.add("Fast path: " + (f.literalKey() != null ? "point lookup " + f.literalKey() : "scan") + " of "
                    + describeIndex(catalog, f.index()));
            if (f.mfp() != null) {
                lines.add("  map/filter/project: " + f.mfp());
            }
        } else {
            PeekPlan.Slow s = (PeekPlan.Slow) plan;
            DataflowDescription d = s.dataflow();
            lines.add("Slow path: transient dataflow");
            describeInputs(catalog, d, lines);
        }
        if (!plan.finishing().isIdentity()) {
            lines.add("  finishing: " + plan.finishing());
        }
        return rows(lines);
    }

    /**
     * {@code EXPLAIN CREATE INDEX}: what the index would be — a re-export of the index that
     * already arranges its key (no dataflow work, no memory of its own), or an index dataflow:
     * what it imports, reads and builds, and the key it arranges by. Builds nothing.
     */
    private List<String> explainIndex(SqlCreateIndex stmt) {
        Catalog catalog;
        Ddl.IndexPlan p;
        synchronized (coord.writeLock()) { // names are checked under it, as CREATE INDEX does; nothing waits long
            catalog = coord.catalog();
            p = ddl.planIndex(catalog, stmt, GlobalId.transientId(coord.nextId()), coord.oracle().readTimestamp());
        }
        List<String> lines = new ArrayList<>();
        if (p == null) {
            lines.add("Nothing to build: an object of that name exists (IF NOT EXISTS)");
            return lines;
        }
        String target = "index " + p.name() + " on " + p.on().name() + " (" + String.join(", ", p.keyDisplay()) + ")";
        if (p.original() != null) {
            lines.add("Re-export: " + target + " shares the arrangement of " + describeIndex(catalog, p.original().id()));
            lines.add("  no dataflow work and no memory of its own; its own holds, compaction and seal notifications");
        } else {
            lines.add("Index dataflow: " + target);
            describeInputs(catalog, p.dataflow(), lines);
            lines.add("  arranges " + p.on().name() + " by " + p.key());
        }
        if (stmt.unique()) {
            lines.add("  enforces uniqueness of (" + String.join(", ", p.keyDisplay()) + ")");
        }
        return lines;
    }

    /** What dataflow {@code d} imports, reads from storage and builds, one line each. */
    private static void describeInputs(Catalog catalog, DataflowDescription d, List<String> lines) {
        for (GlobalId i : d.indexImports().keySet()) {
            lines.add("  imports " + describeIndex(catalog, i));
        }
        for (GlobalId t : d.sourceImports().keySet()) {
            lines.add("  reads table " + name(catalog, t) + " from storage");
        }
        for (DataflowDescription.BuildDesc b : d.objectsToBuild()) {
            String what = catalog.get(b.id()).map(CatalogItem::name).map(n -> "view " + n).orElse("result");
            lines.add("  builds " + what + ": " + b.plan());
        }
    }

    private static StatementResult rows(List<String> lines) {
        List<Row> rows = new ArrayList<>();
        for (String l : lines) {
            rows.add(Row.of(l));
        }
        return new StatementResult.Rows(List.of(new Column("plan", ColumnType.of(TypeKind.TEXT).withNullable(false))), rows, List.of());
    }

    private static String name(Catalog catalog, GlobalId id) {
        return catalog.get(id).map(CatalogItem::name).orElse(id.toString());
    }

    /** {@code index i2 on t (re-export of i1)}. */
    private static String describeIndex(Catalog catalog, GlobalId id) {
        CatalogItem.Index i = (CatalogItem.Index) catalog.get(id).orElseThrow();
        String out = "index " + i.name() + " on " + name(catalog, i.on());
        if (i.reexportOf() != null) {
            out += catalog.get(i.reexportOf()).map(o -> " (re-export of " + o.name() + ")")
                    .orElse(" (re-export; its original index was dropped)");
        }
        return out;
    }
}
