package dev.spindle.sql.coord;

import dev.spindle.planner.catalog.Catalog;
import dev.spindle.planner.system.CatalogChanges;
import dev.spindle.planner.system.CatalogRelation;

/**
 * The catalog relations of {@code spindle_catalog} as system tables in the database's
 * {@code TableStore}: every catalog change is committed to them at one write timestamp
 * ({@link #commit}), so they change atomically with the DDL that changed the catalog, are
 * time-consistent with every other table and index (joins, {@code AS OF}), and can be indexed like
 * any table. What is written is the difference between the catalog last written and the current
 * one, so a change is never lost, whichever statement made it.
 *
 * <p>Thread-safety: {@link #commit} runs under the coordinator's write lock, which guards the
 * snapshot last written.
 */
public final class CatalogTables {
    private final Coordinator coord;
    private Catalog written = Catalog.empty();

    /** Creates the catalog relations' tables and writes the rows of {@code coord}'s catalog. */
    CatalogTables(Coordinator coord) {
        this.coord = coord;
        for (CatalogRelation r : CatalogRelation.values()) {
            coord.tables().create(r.id(), r.desc());
        }
        synchronized (coord.writeLock()) {
            commit();
        }
    }

    /**
     * Commits the catalog relations' changes from the catalog last written to the current one at a
     * new write timestamp, which it returns (after a catalog change, before the statement
     * returns). Call with the coordinator's write lock held.
     */
    public long commit() {
        assert Thread.holdsLock(coord.writeLock());
        Catalog now = coord.catalog();
        coord.durability().catalogChanged(written, now);
        long ts = coord.commit(CatalogChanges.between(written, now));
        written = now;
        return ts;
    }
}
