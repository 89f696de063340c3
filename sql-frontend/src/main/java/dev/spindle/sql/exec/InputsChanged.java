package dev.spindle.sql.exec;

import dev.spindle.common.id.GlobalId;
import dev.spindle.common.time.Frontier;
import dev.spindle.planner.catalog.Catalog;
import dev.spindle.planner.catalog.CatalogItem;
import dev.spindle.planner.peek.PeekPlan;
import dev.spindle.sql.coord.Coordinator;
import dev.spindle.storage.table.TableLog;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The earliest time from which a read's inputs hold the rows they hold now: the latest update of
 * every table it reads, directly or through views and indexes (never before a table's since), and
 * the as-of of every index it reads (an index is not readable before it). A read at any time from
 * there up to the read timestamp gives the same answer as at the read timestamp, so it need not
 * wait for its indexes to be sealed through commits that changed nothing it reads
 * ({@link Coordinator#holdReadTimestamp(long)}).
 *
 * <p>An input whose changes are not known (an id the catalog does not know, a table with no log, an
 * index no live dataflow exports) gives {@link Long#MAX_VALUE}: the read takes the read timestamp.
 *
 * <p>Which tables and indexes stand behind a read's inputs depends only on the catalog snapshot it
 * was planned over: a {@link Memo} keeps the last resolution, so a prepared lookup run again walks
 * no catalog (the walk was a tenth of a point lookup's time); the tables' updates and sinces and
 * the indexes' as-ofs are read anew for every read.
 *
 * <p>Thread-safety: the static methods are stateless; they read the catalog snapshot, table logs and
 * the controller's as-ofs, all safe to read from any thread. A {@link Memo} publishes its immutable
 * resolution through a volatile field.
 */
final class InputsChanged {
    private InputsChanged() {
    }

    /**
     * A read's inputs resolved over one catalog snapshot: the logs of the tables behind them and
     * the indexes among them. Immutable.
     */
    record Resolved(Catalog catalog, List<GlobalId> inputs, List<TableLog> tables, List<GlobalId> indexes) {
    }

    /**
     * The last resolution of one reader (a session's queries), for the next read of the same inputs
     * over the same catalog snapshot. Holds that snapshot until the next resolution.
     */
    static final class Memo {
        private volatile Resolved last;

        /** As {@link InputsChanged#of}, resolving only when the catalog or the inputs changed. */
        long of(Coordinator coord, Catalog catalog, PeekPlan plan) {
            List<GlobalId> inputs = plan.inputs();
            Resolved r = last;
            if (r == null || r.catalog() != catalog || !r.inputs().equals(inputs)) {
                r = resolve(coord, catalog, inputs);
                if (r == null) {
                    return Long.MAX_VALUE;
                }
                last = r;
            }
            return at(coord, r);
        }
    }

    /** For {@code plan}, planned over {@code catalog}. */
    static long of(Coordinator coord, Catalog catalog, PeekPlan plan) {
        Resolved r = resolve(coord, catalog, plan.inputs());
        return r == null ? Long.MAX_VALUE : at(coord, r);
    }

    /** The tables and indexes behind {@code inputs}, or null if one of them is not known. */
    static Resolved resolve(Coordinator coord, Catalog catalog, List<GlobalId> inputs) {
        Deque<GlobalId> todo = new ArrayDeque<>(inputs);
        Set<GlobalId> seen = new HashSet<>();
        List<TableLog> tables = new ArrayList<>();
        List<GlobalId> indexes = new ArrayList<>();
        while (!todo.isEmpty()) {
            GlobalId id = todo.pop();
            if (!seen.add(id)) {
                continue;
            }
            CatalogItem item = catalog.get(id).orElse(null);
            if (item == null) {
                return null;
            }
            if (item instanceof CatalogItem.Table) {
                TableLog log = coord.tables().find(id).orElse(null);
                if (log == null) {
                    return null;
                }
                tables.add(log);
            } else {
                if (item instanceof CatalogItem.Index) {
                    indexes.add(id);
                }
                todo.addAll(item.dependsOn());
            }
        }
        return new Resolved(catalog, List.copyOf(inputs), List.copyOf(tables), List.copyOf(indexes));
    }

    /** The time from which the tables and indexes of {@code r} hold what they hold now. */
    static long at(Coordinator coord, Resolved r) {
        long at = -1;
        for (TableLog log : r.tables()) {
            Frontier since = log.since();
            at = Math.max(at, Math.max(log.lastUpdateTime(), since.isEmpty() ? Long.MAX_VALUE : since.time()));
        }
        for (GlobalId index : r.indexes()) {
            Frontier asOf = coord.compute().asOf(index);
            if (asOf == null || asOf.isEmpty()) {
                return Long.MAX_VALUE;
            }
            at = Math.max(at, asOf.time());
        }
        return at;
    }
}
