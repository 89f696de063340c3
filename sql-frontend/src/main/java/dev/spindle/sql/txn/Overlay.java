package dev.spindle.sql.txn;

import dev.spindle.common.id.GlobalId;
import dev.spindle.planner.catalog.Catalog;
import dev.spindle.planner.catalog.CatalogItem;
import dev.spindle.planner.peek.PeekPlan;
import dev.spindle.sql.coord.Coordinator;
import java.util.ArrayDeque;
import java.util.Collection;
import java.util.Deque;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * What one read of a transaction plans over: a catalog in which each table the transaction wrote
 * is a sealed copy (at {@code time}) holding its contents plus the buffered writes, with the
 * indexes that cannot see those writes left out. Closing it drops the copies.
 *
 * @param originals each copy's id to the table it copies
 * @param time the snapshot the read is at
 *
 * <p>Thread-safety: confined to the reading session.
 */
public record Overlay(Coordinator coord, Catalog catalog, Map<GlobalId, GlobalId> originals, long time)
        implements AutoCloseable {

    /** The tables (original ids) that {@code plan} reads, through views and indexes. */
    public Set<GlobalId> tablesRead(PeekPlan plan) {
        return tables(plan.inputs());
    }

    private Set<GlobalId> tables(Collection<GlobalId> start) {
        Deque<GlobalId> todo = new ArrayDeque<>(start);
        Set<GlobalId> seen = new HashSet<>();
        Set<GlobalId> out = new HashSet<>();
        while (!todo.isEmpty()) {
            GlobalId id = todo.pop();
            if (!seen.add(id)) {
                continue;
            }
            CatalogItem item = catalog.get(id).orElse(null);
            if (originals.containsValue(id)) {
                out.add(id); // a view's dependency on a table the overlay copies
            } else if (item instanceof CatalogItem.Table) {
                out.add(originals.getOrDefault(id, id));
            } else if (item != null) {
                todo.addAll(item.dependsOn());
            }
        }
        return out;
    }

    @Override
    public void close() {
        for (GlobalId copy : originals.keySet()) {
            coord.tables().drop(copy);
        }
    }
}
