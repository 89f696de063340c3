package dev.spindle.sql.exec;

import dev.spindle.common.id.GlobalId;
import dev.spindle.common.time.Frontier;
import dev.spindle.planner.catalog.Catalog;
import dev.spindle.planner.catalog.CatalogItem;
import dev.spindle.planner.peek.PeekPlan;
import dev.spindle.sql.coord.Coordinator;
import dev.spindle.storage.table.TableLog;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashSet;
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
 * <p>Thread-safety: stateless; reads the catalog snapshot, table logs and the controller's as-ofs,
 * all safe to read from any thread.
 */
final class InputsChanged {
    private InputsChanged() {
    }

    /** For {@code plan}, planned over {@code catalog}. */
    static long of(Coordinator coord, Catalog catalog, PeekPlan plan) {
        Deque<GlobalId> todo = new ArrayDeque<>(plan.inputs());
        long at = -1;
        Set<GlobalId> seen = new HashSet<>();
        while (!todo.isEmpty()) {
            GlobalId id = todo.pop();
            if (!seen.add(id)) {
                continue;
            }
            CatalogItem item = catalog.get(id).orElse(null);
            if (item == null) {
                return Long.MAX_VALUE;
            }
            if (item instanceof CatalogItem.Table) {
                TableLog log = coord.tables().find(id).orElse(null);
                if (log == null) {
                    return Long.MAX_VALUE;
                }
                Frontier since = log.since();
                at = Math.max(at, Math.max(log.lastUpdateTime(), since.isEmpty() ? Long.MAX_VALUE : since.time()));
            } else {
                if (item instanceof CatalogItem.Index) {
                    Frontier asOf = coord.compute().asOf(id);
                    if (asOf == null || asOf.isEmpty()) {
                        return Long.MAX_VALUE;
                    }
                    at = Math.max(at, asOf.time());
                }
                todo.addAll(item.dependsOn());
            }
        }
        return at;
    }
}
