package dev.spindle.planner.calcite;

import dev.spindle.planner.catalog.Catalog;
import dev.spindle.planner.catalog.CatalogItem;
import dev.spindle.planner.system.CatalogRelation;
import dev.spindle.planner.system.SystemSchema;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.calcite.jdbc.CalciteSchema;
import org.apache.calcite.schema.Table;
import org.apache.calcite.schema.impl.AbstractSchema;

/**
 * One schema of a catalog snapshot's tables and views as a Calcite schema (indexes are not
 * relations): {@code public} holds the user's objects, {@code spindle_catalog} and
 * {@code spindle_introspection} the system relations under their names within the schema.
 * {@link #addTo} puts all three at the root, so a qualified {@code spindle_catalog.tables}
 * resolves, while an unqualified name looks in {@code public} only (PostgreSQL's default search
 * path would not find system relations unqualified either, and user names like {@code tables}
 * stay free).
 *
 * <p>Thread-safety: immutable.
 */
public final class CatalogSchema extends AbstractSchema {
    private final Map<String, Table> tables;

    /** The tables and views of {@code catalog} in {@code schema}. */
    public CatalogSchema(Catalog catalog, String schema) {
        Map<String, Table> m = new LinkedHashMap<>();
        List<CatalogItem> items = new ArrayList<>(catalog.items());
        items.addAll(catalog.systemItems());
        for (CatalogItem i : items) {
            if (!(i instanceof CatalogItem.Index) && SystemSchema.schemaOf(i).equals(schema)) {
                m.put(SystemSchema.nameOf(i), new RelationTable(i.id(), CatalogRelation.descOf(i)));
            }
        }
        this.tables = Map.copyOf(m);
    }

    /** Adds {@code catalog}'s schemas, {@code public} and the system schemas, to {@code root}. */
    public static void addTo(CalciteSchema root, Catalog catalog) {
        root.add(SystemSchema.PUBLIC, new CatalogSchema(catalog, SystemSchema.PUBLIC));
        for (String s : SystemSchema.SYSTEM) {
            root.add(s, new CatalogSchema(catalog, s));
        }
    }

    @Override
    protected Map<String, Table> getTableMap() {
        return tables;
    }
}
