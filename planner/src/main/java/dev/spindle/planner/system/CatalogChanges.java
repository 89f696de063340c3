package dev.spindle.planner.system;

import dev.spindle.common.id.GlobalId;
import dev.spindle.common.row.Row;
import dev.spindle.common.update.Update;
import dev.spindle.planner.catalog.Catalog;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What the catalog relations must change to go from describing one catalog snapshot to describing
 * another: per {@link CatalogRelation}, the rows retracted and added (updates at time 0, which a
 * commit replaces with its write timestamp). Comparing whole snapshots costs a pass over the
 * catalog per change, and makes the relations right whatever changed, however many steps a
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
        for (CatalogRelation r : CatalogRelation.values()) {
            Map<Row, Long> counts = new TreeMap<>();
            for (Row row : r.rows(before)) {
                counts.merge(row, -1L, Long::sum);
            }
            for (Row row : r.rows(after)) {
                counts.merge(row, 1L, Long::sum);
            }
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
}
