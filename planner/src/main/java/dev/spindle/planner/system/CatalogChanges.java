package dev.spindle.planner.system;

import dev.spindle.common.id.GlobalId;
import dev.spindle.common.row.Row;
import dev.spindle.common.update.Update;
import dev.spindle.planner.catalog.Catalog;
import dev.spindle.planner.catalog.CatalogItem;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * What the catalog relations must change to go from describing one catalog snapshot to describing
 * another: per {@link CatalogRelation}, the rows retracted and added (updates at time 0, which a
 * commit replaces with its write timestamp). Only the items that differ between the snapshots
 * (by identity: a snapshot change keeps the other items' objects) and the indexes whose rows name
 * one of them (an index's row holds its relation's name and columns and its source index's name)
 * have their rows computed, once from each side; the rest of the catalog, system relations
 * included, is not walked row by row. The result is the same as comparing every row of the two
 * snapshots ({@code CatalogChangesProperties} checks it against that), however many steps a
 * statement took.
 *
 * <p>Thread-safety: stateless.
 */
public final class CatalogChanges {
    private CatalogChanges() {
    }

    /** The updates that turn {@code before}'s rows into {@code after}'s; relations that keep their rows are absent. */
    public static Map<GlobalId, List<Update>> between(Catalog before, Catalog after) {
        Map<GlobalId, List<Update>> out = new LinkedHashMap<>();
        if (before == after) {
            return out;
        }
        Set<GlobalId> touched = touched(before, after);
        if (touched.isEmpty()) {
            return out;
        }
        for (CatalogRelation r : CatalogRelation.values()) {
            Map<Row, Long> counts = new TreeMap<>();
            count(r, before, touched, -1, counts);
            count(r, after, touched, 1, counts);
            List<Update> updates = new ArrayList<>();
            counts.forEach((row, diff) -> {
                if (diff != 0) {
                    updates.add(new Update(row, 0, diff));
                }
            });
            if (!updates.isEmpty()) {
                out.put(r.id(), updates);
            }
        }
        return out;
    }

    /** The ids whose rows may differ: items added, removed or replaced, and the indexes naming one. */
    private static Set<GlobalId> touched(Catalog before, Catalog after) {
        Set<GlobalId> changed = new TreeSet<>();
        for (CatalogItem item : all(before)) {
            if (after.get(item.id()).orElse(null) != item) {
                changed.add(item.id());
            }
        }
        for (CatalogItem item : all(after)) {
            if (before.get(item.id()).isEmpty()) {
                changed.add(item.id());
            }
        }
        if (changed.isEmpty()) {
            return changed;
        }
        Set<GlobalId> out = new TreeSet<>(changed);
        for (Catalog c : List.of(before, after)) {
            for (CatalogItem item : all(c)) {
                if (item instanceof CatalogItem.Index) {
                    CatalogItem.Index i = (CatalogItem.Index) item;
                    if (changed.contains(i.on()) || (i.reexportOf() != null && changed.contains(i.reexportOf()))) {
                        out.add(i.id());
                    }
                }
            }
        }
        return out;
    }

    private static List<CatalogItem> all(Catalog c) {
        List<CatalogItem> out = c.systemItems();
        out.addAll(c.items());
        return out;
    }

    private static void count(CatalogRelation r, Catalog c, Set<GlobalId> ids, long diff, Map<Row, Long> counts) {
        List<Row> rows = new ArrayList<>();
        for (GlobalId id : ids) {
            c.get(id).ifPresent(item -> r.rowsOf(c, item, rows));
        }
        for (Row row : rows) {
            counts.merge(row, diff, Long::sum);
        }
    }
}
