package dev.spindle.planner.calcite;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.calcite.config.CalciteConnectionConfig;
import org.apache.calcite.jdbc.CalciteSchema;
import org.apache.calcite.prepare.CalciteCatalogReader;
import org.apache.calcite.prepare.Prepare;
import org.apache.calcite.rel.type.RelDataTypeFactory;

/**
 * Calcite's catalog reader over one catalog snapshot, remembering the tables it found by the names
 * they were asked by: every statement over a snapshot shares its reader (see
 * {@code SqlPlanner.readerOf}), and resolving a name walks schemas, lookups and row types anew each
 * time (0.7 s of a sqllogictest corpus run). A snapshot's schemas never change, and a table
 * Calcite makes here ({@code RelOptTableImpl}: the reader, the row type, the table) is immutable
 * and bound to no cluster, so a found table may serve every later statement. Names not found are
 * not remembered (they are errors, or a later path's); at most {@link #MAX_NAMES} are.
 *
 * <p>Thread-safety: safe for concurrent use, as its base is once built: the memo is a concurrent map.
 */
final class CachingCatalogReader extends CalciteCatalogReader {
    /** More names than a snapshot's tables in a few spellings is not a workload worth remembering. */
    static final int MAX_NAMES = 1024;

    private final Map<List<String>, Prepare.PreparingTable> found = new ConcurrentHashMap<>();

    CachingCatalogReader(CalciteSchema root, List<String> defaultSchema, RelDataTypeFactory types,
                         CalciteConnectionConfig config) {
        super(root, defaultSchema, types, config);
    }

    @Override
    public Prepare.PreparingTable getTable(List<String> names) {
        Prepare.PreparingTable table = found.get(names);
        if (table != null) {
            return table;
        }
        table = super.getTable(names);
        if (table != null && found.size() < MAX_NAMES) {
            found.put(List.copyOf(names), table);
        }
        return table;
    }
}
