package dev.spindle.sql.exec;

import dev.spindle.common.error.ErrorCode;
import dev.spindle.common.error.SpindleException;
import dev.spindle.common.row.Row;
import dev.spindle.common.type.Column;
import dev.spindle.common.type.ColumnType;
import dev.spindle.common.type.RelationDesc;
import dev.spindle.common.type.TypeKind;
import dev.spindle.compute.expr.ColumnRef;
import dev.spindle.compute.expr.ScalarExpr;
import dev.spindle.planner.catalog.Catalog;
import dev.spindle.planner.catalog.CatalogItem;
import dev.spindle.sql.StatementResult;
import dev.spindle.sql.coord.Coordinator;
import dev.spindle.sql.parser.show.ShowCreateTarget;
import dev.spindle.sql.parser.show.SqlShow;
import dev.spindle.sql.parser.show.SqlShowColumns;
import dev.spindle.sql.parser.show.SqlShowCreate;
import dev.spindle.sql.parser.show.SqlShowIndexes;
import dev.spindle.sql.parser.show.SqlShowTables;
import dev.spindle.sql.parser.show.SqlShowViews;
import java.util.ArrayList;
import java.util.List;

/**
 * The SHOW statements, read from the current catalog snapshot: {@code SHOW TABLES}, {@code SHOW
 * VIEWS}, {@code SHOW INDEXES [ON obj]} (name, collection, key, the index it re-exports),
 * {@code SHOW COLUMNS FROM obj} (name, nullable, type) and {@code SHOW CREATE TABLE|VIEW|INDEX obj}
 * (name, the statement that makes it). Rows are sorted by name.
 *
 * <p>Thread-safety: stateless over a thread-safe coordinator.
 */
final class Show {
    private static final ColumnType TEXT = ColumnType.of(TypeKind.TEXT).withNullable(false);

    private final Coordinator coord;

    Show(Coordinator coord) {
        this.coord = coord;
    }

    StatementResult show(SqlShow stmt) {
        Catalog catalog = coord.catalog();
        if (stmt instanceof SqlShowTables) {
            return names(catalog, CatalogItem.Table.class);
        }
        if (stmt instanceof SqlShowViews) {
            return names(catalog, CatalogItem.View.class);
        }
        if (stmt instanceof SqlShowIndexes) {
            return indexes(catalog, (SqlShowIndexes) stmt);
        }
        if (stmt instanceof SqlShowColumns) {
            RelationDesc desc = descOf(item(catalog, Ddl.name(((SqlShowColumns) stmt).from())));
            List<Row> rows = new ArrayList<>();
            for (int i = 0; i < desc.arity(); i++) {
                ColumnType t = desc.column(i).type();
                rows.add(Row.of(desc.column(i).name(), t.nullable(), t.withNullable(true).toString().toLowerCase(java.util.Locale.ROOT)));
            }
            return rows(List.of(text("name"), new Column("nullable", ColumnType.of(TypeKind.BOOLEAN).withNullable(false)),
                    text("type")), rows);
        }
        return showCreate(catalog, (SqlShowCreate) stmt);
    }

    private static Column text(String name) {
        return new Column(name, TEXT);
    }

    private static StatementResult rows(List<Column> columns, List<Row> rows) {
        List<Row> sorted = new ArrayList<>(rows);
        sorted.sort(null);
        return new StatementResult.Rows(columns, sorted, List.of());
    }

    private static StatementResult names(Catalog catalog, Class<? extends CatalogItem> kind) {
        List<Row> rows = new ArrayList<>();
        for (CatalogItem i : catalog.items(kind)) {
            rows.add(Row.of(i.name()));
        }
        return rows(List.of(text("name")), rows);
    }

    private static CatalogItem item(Catalog catalog, String name) {
        return catalog.byName(name).orElseThrow(() -> new SpindleException(ErrorCode.TABLE_NOT_FOUND_1, name));
    }

    private static RelationDesc descOf(CatalogItem item) {
        if (item instanceof CatalogItem.Table) {
            return ((CatalogItem.Table) item).desc();
        }
        if (item instanceof CatalogItem.View) {
            return ((CatalogItem.View) item).desc();
        }
        throw new SpindleException(ErrorCode.FEATURE_NOT_SUPPORTED_1, "columns of index " + item.name());
    }

    private static StatementResult indexes(Catalog catalog, SqlShowIndexes stmt) {
        CatalogItem on = stmt.on() == null ? null : item(catalog, Ddl.name(stmt.on()));
        List<Row> rows = new ArrayList<>();
        for (CatalogItem.Index i : catalog.items(CatalogItem.Index.class)) {
            if (on == null || i.on().equals(on.id())) {
                String reexports = i.reexportOf() == null ? null : catalog.get(i.reexportOf()).map(CatalogItem::name).orElse("(dropped)");
                CatalogItem target = catalog.get(i.on()).orElseThrow();
                rows.add(Row.of(i.name(), target.name(), key(i, descOf(target)), reexports));
            }
        }
        return rows(List.of(text("name"), text("on"), text("key"), new Column("reexport_of", ColumnType.of(TypeKind.TEXT))), rows);
    }

    /** An index's key as column names (expressions in compute's notation). */
    private static String key(CatalogItem.Index i, RelationDesc on) {
        List<String> parts = new ArrayList<>();
        for (ScalarExpr e : i.key()) {
            parts.add(e instanceof ColumnRef ? on.column(((ColumnRef) e).index()).name() : e.toString());
        }
        return String.join(", ", parts);
    }

    private static StatementResult showCreate(Catalog catalog, SqlShowCreate stmt) {
        String name = Ddl.name(stmt.name());
        CatalogItem item = item(catalog, name);
        String sql;
        if (stmt.target() == ShowCreateTarget.VIEW && item instanceof CatalogItem.View) {
            sql = "CREATE VIEW " + name + " AS " + ((CatalogItem.View) item).sql();
        } else if (stmt.target() == ShowCreateTarget.INDEX && item instanceof CatalogItem.Index) {
            CatalogItem.Index i = (CatalogItem.Index) item;
            CatalogItem on = catalog.get(i.on()).orElseThrow();
            sql = "CREATE INDEX " + name + " ON " + on.name() + " (" + key(i, descOf(on)) + ")";
        } else if (stmt.target() == ShowCreateTarget.TABLE && item instanceof CatalogItem.Table) {
            CatalogItem.Table t = (CatalogItem.Table) item;
            List<String> cols = new ArrayList<>();
            for (int c = 0; c < t.desc().arity(); c++) {
                Column col = t.desc().column(c);
                ScalarExpr d = t.defaults().get(c);
                cols.add(col.name() + " " + col.type() + (d == null ? "" : " DEFAULT " + d));
            }
            if (!t.primaryKey().isEmpty()) {
                cols.add("PRIMARY KEY (" + columnNames(t.desc(), t.primaryKey()) + ")");
            }
            for (List<Integer> u : t.uniques()) {
                cols.add("UNIQUE (" + columnNames(t.desc(), u) + ")");
            }
            sql = "CREATE TABLE " + name + " (" + String.join(", ", cols) + ")";
        } else {
            throw new SpindleException(ErrorCode.TABLE_NOT_FOUND_1, name);
        }
        return new StatementResult.Rows(List.of(text("name"), text("create_sql")), List.of(Row.of(name, sql)), List.of());
    }

    private static String columnNames(RelationDesc desc, List<Integer> cols) {
        List<String> out = new ArrayList<>();
        for (int c : cols) {
            out.add(desc.column(c).name());
        }
        return String.join(", ", out);
    }
}
