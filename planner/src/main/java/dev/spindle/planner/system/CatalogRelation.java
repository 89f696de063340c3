package dev.spindle.planner.system;

import dev.spindle.common.id.GlobalId;
import dev.spindle.common.row.Row;
import dev.spindle.common.type.Column;
import dev.spindle.common.type.ColumnType;
import dev.spindle.common.type.RelationDesc;
import dev.spindle.common.type.TypeKind;
import dev.spindle.compute.expr.ColumnRef;
import dev.spindle.compute.expr.ScalarExpr;
import dev.spindle.planner.catalog.Catalog;
import dev.spindle.planner.catalog.CatalogItem;
import dev.spindle.planner.catalog.KeyConstraint;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The catalog relations of schema {@code spindle_catalog} (DESIGN §6): system tables whose rows
 * describe the catalog's tables, views, indexes, columns and key constraints, system objects included (each row
 * names its schema). The coordinator writes their rows in the same commit, at the same timestamp,
 * as the catalog change they describe, so they are time-consistent with everything else: a join
 * with the introspection relations, or a read {@code AS OF} an earlier time, sees the catalog as of
 * that time. Ids are {@code s201}... ; ids in rows are printed ({@code u5}), so they join with the
 * introspection relations' ids.
 *
 * <p>Thread-safety: immutable.
 */
public enum CatalogRelation {
    /** One row per table: {@code id, schema_name, name}. */
    TABLES(201, List.of(text("id"), text("schema_name"), text("name"))),
    /** One row per view: {@code id, schema_name, name, definition} (the stored query). */
    VIEWS(202, List.of(text("id"), text("schema_name"), text("name"), text("definition"))),
    /**
     * One row per index: {@code id, schema_name, name, on_id, on_name} (the indexed table or view,
     * named as one writes it: qualified outside {@code public}),
     * {@code key} (column names, or expressions in compute's notation), for a re-export
     * {@code reexport_of_id} and {@code reexport_of} (the name of the index whose arrangement it
     * publishes again, null once that index is dropped), and {@code is_unique} ({@code CREATE
     * UNIQUE INDEX}).
     */
    INDEXES(203, List.of(text("id"), text("schema_name"), text("name"), text("on_id"), text("on_name"), text("key"),
            nullableText("reexport_of_id"), nullableText("reexport_of"), bool("is_unique"))),
    /**
     * One row per column of a table or view: {@code relation_id, schema_name, relation},
     * {@code ordinal_position} (1-based), {@code name}, {@code type} (as SHOW COLUMNS prints it) and
     * {@code nullable}.
     */
    COLUMNS(204, List.of(text("relation_id"), text("schema_name"), text("relation"), bigint("ordinal_position"), text("name"),
            text("type"), bool("nullable"))),
    /**
     * One row per PRIMARY KEY or UNIQUE constraint of a table: {@code table_id, schema_name,
     * table_name}, {@code name} (as violations report it: {@code t_pkey}, {@code t_k_key}),
     * {@code type} ({@code PRIMARY KEY} or {@code UNIQUE}, as in PostgreSQL's
     * {@code information_schema.table_constraints}) and {@code key} (the column names).
     */
    CONSTRAINTS(205, List.of(text("table_id"), text("schema_name"), text("table_name"), text("name"), text("type"),
            text("key")));

    private final int number;
    private final RelationDesc desc;

    CatalogRelation(int number, List<Column> columns) {
        this.number = number;
        this.desc = new RelationDesc(columns);
    }

    /** The relation's name in {@code spindle_catalog}. */
    public String relationName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The relation's id (a system table). */
    public GlobalId id() {
        return GlobalId.system(number);
    }

    /** The relation's columns. */
    public RelationDesc desc() {
        return desc;
    }

    /** The relation as a catalog item. */
    public CatalogItem.Table item() {
        return CatalogItem.Table.of(id(), SystemSchema.qualify(SystemSchema.CATALOG, relationName()), desc);
    }

    /** This relation's rows for {@code catalog}: system items first, each part in id order. */
    public List<Row> rows(Catalog catalog) {
        List<Row> out = new ArrayList<>();
        for (CatalogItem item : catalog.systemItems()) {
            rowsOf(catalog, item, out);
        }
        for (CatalogItem item : catalog.items()) {
            rowsOf(catalog, item, out);
        }
        return out;
    }

    /** The rows of {@code item} (of {@code catalog}) in this relation, appended to {@code out}. */
    void rowsOf(Catalog catalog, CatalogItem item, List<Row> out) {
        String id = item.id().toString();
        String schema = SystemSchema.schemaOf(item);
        String name = SystemSchema.nameOf(item);
        switch (this) {
            case TABLES:
                if (item instanceof CatalogItem.Table) {
                    out.add(Row.of(id, schema, name));
                }
                break;
            case VIEWS:
                if (item instanceof CatalogItem.View) {
                    out.add(Row.of(id, schema, name, ((CatalogItem.View) item).sql()));
                }
                break;
            case INDEXES:
                if (item instanceof CatalogItem.Index) {
                    CatalogItem.Index i = (CatalogItem.Index) item;
                    CatalogItem on = catalog.get(i.on()).orElseThrow(() -> new IllegalStateException("no " + i.on()));
                    GlobalId source = i.reexportOf();
                    out.add(Row.of(id, schema, name, i.on().toString(), on.name(), keyText(i, descOf(on)),
                            source == null ? null : source.toString(),
                            source == null ? null : catalog.get(source).map(CatalogItem::name).orElse(null), i.unique()));
                }
                break;
            case COLUMNS:
                if (!(item instanceof CatalogItem.Index)) {
                    RelationDesc d = descOf(item);
                    for (int c = 0; c < d.arity(); c++) {
                        ColumnType t = d.column(c).type();
                        out.add(Row.of(id, schema, name, (long) c + 1, d.column(c).name(), typeText(t), t.nullable()));
                    }
                }
                break;
            case CONSTRAINTS:
                if (item instanceof CatalogItem.Table) {
                    CatalogItem.Table t = (CatalogItem.Table) item;
                    for (KeyConstraint k : t.keys()) {
                        out.add(Row.of(id, schema, name, k.name(), k.primaryKey() ? "PRIMARY KEY" : "UNIQUE",
                                columnNames(t.desc(), k.columns())));
                    }
                }
                break;
            default:
                throw new IllegalStateException(name());
        }
    }

    /** The columns of a table or view. */
    public static RelationDesc descOf(CatalogItem item) {
        if (item instanceof CatalogItem.Table) {
            return ((CatalogItem.Table) item).desc();
        }
        if (item instanceof CatalogItem.View) {
            return ((CatalogItem.View) item).desc();
        }
        throw new IllegalArgumentException("an index has no columns: " + item.name());
    }

    /** An index's key for people: column names, expressions in compute's notation. */
    public static String keyText(CatalogItem.Index index, RelationDesc on) {
        List<String> parts = new ArrayList<>();
        for (ScalarExpr e : index.key()) {
            parts.add(e instanceof ColumnRef ? on.column(((ColumnRef) e).index()).name() : e.toString());
        }
        return String.join(", ", parts);
    }

    /** Column names for people: {@code a, b}. */
    public static String columnNames(RelationDesc desc, List<Integer> columns) {
        List<String> parts = new ArrayList<>();
        for (int c : columns) {
            parts.add(desc.column(c).name());
        }
        return String.join(", ", parts);
    }

    /** A column type as SHOW COLUMNS prints it ({@code integer}, {@code varchar(3)}). */
    public static String typeText(ColumnType t) {
        return t.withNullable(true).toString().toLowerCase(Locale.ROOT);
    }

    private static Column text(String name) {
        return new Column(name, ColumnType.of(TypeKind.TEXT).withNullable(false));
    }

    private static Column nullableText(String name) {
        return new Column(name, ColumnType.of(TypeKind.TEXT));
    }

    private static Column bigint(String name) {
        return new Column(name, ColumnType.of(TypeKind.BIGINT).withNullable(false));
    }

    private static Column bool(String name) {
        return new Column(name, ColumnType.of(TypeKind.BOOLEAN).withNullable(false));
    }
}
