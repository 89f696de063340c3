package dev.spindle.sql.exec;

import dev.spindle.common.error.ErrorCode;
import dev.spindle.common.error.SpindleException;
import dev.spindle.common.row.Row;
import dev.spindle.common.type.Column;
import dev.spindle.common.type.ColumnType;
import dev.spindle.common.type.RelationDesc;
import dev.spindle.common.type.TypeKind;
import dev.spindle.compute.expr.ScalarExpr;
import dev.spindle.planner.catalog.Catalog;
import dev.spindle.planner.catalog.CatalogItem;
import dev.spindle.planner.catalog.KeyConstraint;
import dev.spindle.planner.system.CatalogRelation;
import dev.spindle.planner.system.SystemSchema;
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
import org.apache.calcite.sql.SqlIdentifier;

/**
 * The SHOW statements, read from the current catalog snapshot: {@code SHOW TABLES [FROM schema]},
 * {@code SHOW VIEWS [FROM schema]}, {@code SHOW INDEXES [ON obj | FROM schema]} (name, collection,
 * key, the index it re-exports), {@code SHOW COLUMNS FROM obj} (name, nullable, type) and
 * {@code SHOW CREATE TABLE|VIEW|INDEX obj} (name, the statement that makes it). Without a schema,
 * they list {@code public}'s objects; objects may be named with their schema, so the system
 * relations ({@code spindle_catalog.tables}) show too. Rows are sorted by name.
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
            return names(catalog, CatalogItem.Table.class, schema(((SqlShowTables) stmt).schema()));
        }
        if (stmt instanceof SqlShowViews) {
            return names(catalog, CatalogItem.View.class, schema(((SqlShowViews) stmt).schema()));
        }
        if (stmt instanceof SqlShowIndexes) {
            return indexes(catalog, (SqlShowIndexes) stmt);
        }
        if (stmt instanceof SqlShowColumns) {
            RelationDesc desc = descOf(ObjectNames.get(catalog, ((SqlShowColumns) stmt).from()));
            List<Row> rows = new ArrayList<>();
            for (int i = 0; i < desc.arity(); i++) {
                ColumnType t = desc.column(i).type();
                rows.add(Row.of(desc.column(i).name(), t.nullable(), CatalogRelation.typeText(t)));
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

    /** The user's items and the system's. */
    private static List<CatalogItem> all(Catalog catalog) {
        List<CatalogItem> out = new ArrayList<>(catalog.items());
        out.addAll(catalog.systemItems());
        return out;
    }

    private static String schema(SqlIdentifier schema) {
        return schema == null ? SystemSchema.PUBLIC : ObjectNames.schemaName(schema);
    }

    private static StatementResult names(Catalog catalog, Class<? extends CatalogItem> kind, String schema) {
        List<Row> rows = new ArrayList<>();
        for (CatalogItem i : all(catalog)) {
            if (kind.isInstance(i) && SystemSchema.schemaOf(i).equals(schema)) {
                rows.add(Row.of(SystemSchema.nameOf(i)));
            }
        }
        return rows(List.of(text("name")), rows);
    }

    private static RelationDesc descOf(CatalogItem item) {
        if (item instanceof CatalogItem.Index) {
            throw new SpindleException(ErrorCode.FEATURE_NOT_SUPPORTED_1, "columns of index " + item.name());
        }
        return CatalogRelation.descOf(item);
    }

    private static StatementResult indexes(Catalog catalog, SqlShowIndexes stmt) {
        CatalogItem on = stmt.on() == null ? null : ObjectNames.get(catalog, stmt.on());
        String schema = schema(stmt.schema());
        List<Row> rows = new ArrayList<>();
        for (CatalogItem item : all(catalog)) {
            if (!(item instanceof CatalogItem.Index)) {
                continue;
            }
            CatalogItem.Index i = (CatalogItem.Index) item;
            if (on != null ? i.on().equals(on.id()) : SystemSchema.schemaOf(i).equals(schema)) {
                String reexports = i.reexportOf() == null ? null : catalog.get(i.reexportOf()).map(CatalogItem::name).orElse("(dropped)");
                CatalogItem target = catalog.get(i.on()).orElseThrow();
                rows.add(Row.of(SystemSchema.nameOf(i), target.name(), CatalogRelation.keyText(i, descOf(target)), reexports));
            }
        }
        return rows(List.of(text("name"), text("on"), text("key"), new Column("reexport_of", ColumnType.of(TypeKind.TEXT))), rows);
    }

    private static StatementResult showCreate(Catalog catalog, SqlShowCreate stmt) {
        CatalogItem item = ObjectNames.get(catalog, stmt.name());
        String name = item.name();
        String sql;
        if (stmt.target() == ShowCreateTarget.VIEW && item instanceof CatalogItem.View) {
            sql = "CREATE VIEW " + name + " AS " + ((CatalogItem.View) item).sql();
        } else if (stmt.target() == ShowCreateTarget.INDEX && item instanceof CatalogItem.Index) {
            CatalogItem.Index i = (CatalogItem.Index) item;
            CatalogItem on = catalog.get(i.on()).orElseThrow();
            sql = (i.unique() ? "CREATE UNIQUE INDEX " : "CREATE INDEX ") + name + " ON " + on.name() + " ("
                    + CatalogRelation.keyText(i, descOf(on)) + ")";
        } else if (stmt.target() == ShowCreateTarget.TABLE && item instanceof CatalogItem.Table) {
            CatalogItem.Table t = (CatalogItem.Table) item;
            List<String> cols = new ArrayList<>();
            for (int c = 0; c < t.desc().arity(); c++) {
                Column col = t.desc().column(c);
                ScalarExpr d = t.defaults().get(c);
                cols.add(col.name() + " " + col.type() + (d == null ? "" : " DEFAULT " + d));
            }
            for (KeyConstraint k : t.keys()) {
                cols.add("CONSTRAINT " + k.name() + (k.primaryKey() ? " PRIMARY KEY (" : " UNIQUE (")
                        + columnNames(t.desc(), k.columns()) + ")");
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
