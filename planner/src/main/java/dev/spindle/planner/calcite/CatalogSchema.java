package dev.spindle.planner.calcite;

import dev.spindle.planner.catalog.Catalog;
import dev.spindle.planner.catalog.CatalogItem;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.calcite.schema.Table;
import org.apache.calcite.schema.impl.AbstractSchema;

/**
 * One catalog snapshot's tables and views as a Calcite schema (indexes are not relations).
 *
 * <p>Thread-safety: immutable.
 */
public final class CatalogSchema extends AbstractSchema {
    private final Map<String, Table> tables;

    public CatalogSchema(Catalog catalog) {
        Map<String, Table> m = new LinkedHashMap<>();
        for (CatalogItem i : catalog.items()) {
            if (i instanceof CatalogItem.Table) {
                CatalogItem.Table t = (CatalogItem.Table) i;
                m.put(t.name(), new RelationTable(t.id(), t.desc()));
            } else if (i instanceof CatalogItem.View) {
                CatalogItem.View v = (CatalogItem.View) i;
                m.put(v.name(), new RelationTable(v.id(), v.desc()));
            }
        }
        this.tables = Map.copyOf(m);
    }

    @Override
    protected Map<String, Table> getTableMap() {
        return tables;
    }
}
