package dev.spindle.jdbc;

import dev.spindle.common.type.Column;
import dev.spindle.common.type.ColumnType;
import dev.spindle.common.type.RelationDesc;
import dev.spindle.common.type.TypeKind;
import dev.spindle.compute.expr.ColumnRef;
import dev.spindle.compute.expr.ScalarExpr;
import dev.spindle.planner.calcite.SqlPlanner;
import dev.spindle.planner.catalog.Catalog;
import dev.spindle.planner.catalog.CatalogItem;
import dev.spindle.planner.catalog.KeyConstraint;
import java.sql.DatabaseMetaData;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The {@link DatabaseMetaData} result sets that describe the catalog, read from one immutable
 * {@link Catalog} snapshot (so one call sees one consistent catalog), with the columns and row
 * order JDBC specifies for each method.
 *
 * <p>Spindle's name space: no catalogs ({@code TABLE_CAT} is null; a catalog argument of null or
 * {@code ""} matches everything, any other matches nothing) and one schema, {@code public}, where
 * every table and view lives. Tables are type {@code TABLE}, views {@code VIEW}. Indexes (on tables
 * and on views) are listed per key column, type {@code tableIndexOther} (an arrangement: keys in
 * ascending order); an index is unique when it was created {@code UNIQUE} or its key columns
 * include the primary key's or a UNIQUE constraint's columns. PRIMARY KEY and UNIQUE constraints
 * are listed too, by their names ({@code t_pkey}, {@code t_k_key}), as in PostgreSQL: unique, type
 * {@code tableIndexHashed} (Spindle checks them with a hash lookup of the key; no order, so
 * {@code ASC_OR_DESC} is null).
 *
 * <p>Thread-safety: immutable over an immutable snapshot.
 */
final class CatalogMetadata {
    /** The one schema: where unqualified names resolve. */
    static final String SCHEMA = SqlPlanner.SCHEMA;
    static final String TABLE = "TABLE";
    static final String VIEW = "VIEW";

    private final Catalog catalog;

    CatalogMetadata(Catalog catalog) {
        this.catalog = catalog;
    }

    // ------------------------------------------------------------------ name space

    static MetadataTable catalogs() {
        return new MetadataTable().column("TABLE_CAT", String.class, false);
    }

    static MetadataTable schemas(String catalogName, String schemaPattern) {
        MetadataTable t = new MetadataTable()
                .column("TABLE_SCHEM", String.class, false)
                .column("TABLE_CATALOG", String.class, true);
        if (inCatalog(catalogName) && NamePattern.of(schemaPattern).matches(SCHEMA)) {
            t.row(SCHEMA, null);
        }
        return t;
    }

    static MetadataTable tableTypes() {
        return new MetadataTable().column("TABLE_TYPE", String.class, false).row(TABLE).row(VIEW);
    }

    // ------------------------------------------------------------------ tables and columns

    MetadataTable tables(String catalogName, String schemaPattern, String tablePattern, List<String> types) {
        MetadataTable t = new MetadataTable()
                .column("TABLE_CAT", String.class, true)
                .column("TABLE_SCHEM", String.class, true)
                .column("TABLE_NAME", String.class, false)
                .column("TABLE_TYPE", String.class, false)
                .column("REMARKS", String.class, true)
                .column("TYPE_CAT", String.class, true)
                .column("TYPE_SCHEM", String.class, true)
                .column("TYPE_NAME", String.class, true)
                .column("SELF_REFERENCING_COL_NAME", String.class, true)
                .column("REF_GENERATION", String.class, true);
        // ordered by TABLE_TYPE, TABLE_CAT, TABLE_SCHEM, TABLE_NAME
        for (String type : List.of(TABLE, VIEW)) {
            if (types != null && types.stream().noneMatch(type::equalsIgnoreCase)) {
                continue;
            }
            for (CatalogItem item : relations(catalogName, schemaPattern, NamePattern.of(tablePattern))) {
                if (type.equals(typeOf(item))) {
                    t.row(null, SCHEMA, item.name(), type, null, null, null, null, null, null);
                }
            }
        }
        return t;
    }

    MetadataTable columns(String catalogName, String schemaPattern, String tablePattern, String columnPattern) {
        MetadataTable t = new MetadataTable()
                .column("TABLE_CAT", String.class, true)
                .column("TABLE_SCHEM", String.class, true)
                .column("TABLE_NAME", String.class, false)
                .column("COLUMN_NAME", String.class, false)
                .column("DATA_TYPE", Integer.class, false)
                .column("TYPE_NAME", String.class, false)
                .column("COLUMN_SIZE", Integer.class, true)
                .column("BUFFER_LENGTH", Integer.class, true)
                .column("DECIMAL_DIGITS", Integer.class, true)
                .column("NUM_PREC_RADIX", Integer.class, true)
                .column("NULLABLE", Integer.class, false)
                .column("REMARKS", String.class, true)
                .column("COLUMN_DEF", String.class, true)
                .column("SQL_DATA_TYPE", Integer.class, true)
                .column("SQL_DATETIME_SUB", Integer.class, true)
                .column("CHAR_OCTET_LENGTH", Integer.class, true)
                .column("ORDINAL_POSITION", Integer.class, false)
                .column("IS_NULLABLE", String.class, false)
                .column("SCOPE_CATALOG", String.class, true)
                .column("SCOPE_SCHEMA", String.class, true)
                .column("SCOPE_TABLE", String.class, true)
                .column("SOURCE_DATA_TYPE", Short.class, true)
                .column("IS_AUTOINCREMENT", String.class, false)
                .column("IS_GENERATEDCOLUMN", String.class, false);
        NamePattern columnNames = NamePattern.of(columnPattern);
        // ordered by TABLE_CAT, TABLE_SCHEM, TABLE_NAME, ORDINAL_POSITION
        for (CatalogItem item : relations(catalogName, schemaPattern, NamePattern.of(tablePattern))) {
            RelationDesc desc = descOf(item);
            for (int c = 0; c < desc.arity(); c++) {
                Column col = desc.column(c);
                if (!columnNames.matches(col.name())) {
                    continue;
                }
                ColumnType type = col.type();
                ScalarExpr def = item instanceof CatalogItem.Table ? ((CatalogItem.Table) item).defaults().get(c) : null;
                t.row(null, SCHEMA, item.name(), col.name(), JdbcTypes.sqlType(type.kind()),
                        JdbcTypes.typeName(type.kind()), JdbcTypes.columnSize(type), null, JdbcTypes.decimalDigits(type),
                        JdbcTypes.radix(type.kind()),
                        type.nullable() ? DatabaseMetaData.columnNullable : DatabaseMetaData.columnNoNulls, null,
                        def == null ? null : def.toString(), null, null, JdbcTypes.charOctetLength(type), c + 1,
                        type.nullable() ? "YES" : "NO", null, null, null, null, "NO", "NO");
            }
        }
        return t;
    }

    // ------------------------------------------------------------------ keys and indexes

    MetadataTable primaryKeys(String catalogName, String schema, String table) {
        MetadataTable t = new MetadataTable()
                .column("TABLE_CAT", String.class, true)
                .column("TABLE_SCHEM", String.class, true)
                .column("TABLE_NAME", String.class, false)
                .column("COLUMN_NAME", String.class, false)
                .column("KEY_SEQ", Short.class, false)
                .column("PK_NAME", String.class, true);
        CatalogItem item = relation(catalogName, schema, table);
        if (item instanceof CatalogItem.Table && ((CatalogItem.Table) item).primaryKey().isPresent()) {
            CatalogItem.Table tab = (CatalogItem.Table) item;
            KeyConstraint pk = tab.primaryKey().get();
            List<Object[]> rows = new ArrayList<>();
            for (int i = 0; i < pk.columns().size(); i++) {
                // the constraint's name as constraint violations report it (PostgreSQL's naming)
                rows.add(new Object[] {null, SCHEMA, tab.name(), tab.desc().column(pk.columns().get(i)).name(),
                    (short) (i + 1), pk.name()});
            }
            rows.sort(Comparator.comparing(r -> (String) r[3])); // ordered by COLUMN_NAME
            rows.forEach(t::row);
        }
        return t;
    }

    MetadataTable indexInfo(String catalogName, String schema, String table, boolean uniqueOnly) {
        MetadataTable t = new MetadataTable()
                .column("TABLE_CAT", String.class, true)
                .column("TABLE_SCHEM", String.class, true)
                .column("TABLE_NAME", String.class, false)
                .column("NON_UNIQUE", Boolean.class, false)
                .column("INDEX_QUALIFIER", String.class, true)
                .column("INDEX_NAME", String.class, true)
                .column("TYPE", Short.class, false)
                .column("ORDINAL_POSITION", Short.class, false)
                .column("COLUMN_NAME", String.class, true)
                .column("ASC_OR_DESC", String.class, true)
                .column("CARDINALITY", Long.class, true)
                .column("PAGES", Long.class, true)
                .column("FILTER_CONDITION", String.class, true);
        CatalogItem on = relation(catalogName, schema, table);
        if (on == null) {
            return t;
        }
        RelationDesc desc = descOf(on);
        // ordered by NON_UNIQUE (unique first), TYPE (the constraints' hashed before the indexes'
        // other), INDEX_NAME, ORDINAL_POSITION
        if (on instanceof CatalogItem.Table) {
            List<KeyConstraint> keys = new ArrayList<>(((CatalogItem.Table) on).keys());
            keys.sort(Comparator.comparing(KeyConstraint::name));
            for (KeyConstraint k : keys) {
                for (int c = 0; c < k.columns().size(); c++) {
                    t.row(null, SCHEMA, on.name(), false, null, k.name(), DatabaseMetaData.tableIndexHashed,
                            (short) (c + 1), desc.column(k.columns().get(c)).name(), null, null, null, null);
                }
            }
        }
        List<CatalogItem.Index> indexes = new ArrayList<>(catalog.indexesOn(on.id()));
        indexes.sort(Comparator.comparing((CatalogItem.Index i) -> !isUnique(on, i)).thenComparing(CatalogItem.Index::name));
        for (CatalogItem.Index index : indexes) {
            boolean unique = isUnique(on, index);
            if (uniqueOnly && !unique) {
                continue;
            }
            for (int k = 0; k < index.key().size(); k++) {
                t.row(null, SCHEMA, on.name(), !unique, null, index.name(), DatabaseMetaData.tableIndexOther,
                        (short) (k + 1), keyName(index.key().get(k), desc), "A", null, null, null);
            }
        }
        return t;
    }

    /**
     * Unique when created UNIQUE, or when the key's columns include all columns of the primary key
     * or of a UNIQUE constraint.
     */
    private static boolean isUnique(CatalogItem on, CatalogItem.Index index) {
        if (index.unique()) {
            return true;
        }
        if (!(on instanceof CatalogItem.Table) || index.keyColumns() == null) {
            return false;
        }
        Set<Integer> key = new HashSet<>(index.keyColumns());
        for (KeyConstraint c : ((CatalogItem.Table) on).keys()) {
            if (key.containsAll(c.columns())) {
                return true;
            }
        }
        return false;
    }

    /** A key column's name, or an expression key in compute's notation (as SHOW INDEXES shows it). */
    private static String keyName(ScalarExpr e, RelationDesc on) {
        return e instanceof ColumnRef ? on.column(((ColumnRef) e).index()).name() : e.toString();
    }

    // ------------------------------------------------------------------ types

    /** {@code getTypeInfo}: the column types of DESIGN §6, ordered by DATA_TYPE. */
    static MetadataTable typeInfo() {
        MetadataTable t = new MetadataTable()
                .column("TYPE_NAME", String.class, false)
                .column("DATA_TYPE", Integer.class, false)
                .column("PRECISION", Integer.class, true)
                .column("LITERAL_PREFIX", String.class, true)
                .column("LITERAL_SUFFIX", String.class, true)
                .column("CREATE_PARAMS", String.class, true)
                .column("NULLABLE", Short.class, false)
                .column("CASE_SENSITIVE", Boolean.class, false)
                .column("SEARCHABLE", Short.class, false)
                .column("UNSIGNED_ATTRIBUTE", Boolean.class, false)
                .column("FIXED_PREC_SCALE", Boolean.class, false)
                .column("AUTO_INCREMENT", Boolean.class, false)
                .column("LOCAL_TYPE_NAME", String.class, true)
                .column("MINIMUM_SCALE", Short.class, true)
                .column("MAXIMUM_SCALE", Short.class, true)
                .column("SQL_DATA_TYPE", Integer.class, true)
                .column("SQL_DATETIME_SUB", Integer.class, true)
                .column("NUM_PREC_RADIX", Integer.class, true);
        List<TypeKind> kinds = new ArrayList<>(List.of(TypeKind.values()));
        // by DATA_TYPE; among equal codes (VARCHAR, TEXT) the closest mapping first, i.e. enum order
        kinds.sort(Comparator.comparingInt(JdbcTypes::sqlType));
        for (TypeKind k : kinds) {
            ColumnType widest = widest(k);
            boolean string = k.isString();
            boolean exact = k.isInteger() || k == TypeKind.DECIMAL;
            String prefix = string ? "'" : k == TypeKind.DATE || k == TypeKind.TIME || k == TypeKind.TIMESTAMP
                    ? k.name() + " '" : null;
            String params = k == TypeKind.DECIMAL ? "precision,scale"
                    : k == TypeKind.CHAR || k == TypeKind.VARCHAR ? "length" : null;
            Integer digits = JdbcTypes.decimalDigits(widest);
            Short maxScale = k == TypeKind.DECIMAL ? Short.valueOf((short) ColumnType.MAX_DECIMAL_PRECISION)
                    : digits == null ? null : Short.valueOf(digits.shortValue());
            Short minScale = exact || digits != null ? Short.valueOf((short) 0) : null;
            t.row(JdbcTypes.typeName(k), JdbcTypes.sqlType(k), JdbcTypes.columnSize(widest), prefix,
                    prefix == null ? null : "'", params, (short) DatabaseMetaData.typeNullable, string,
                    (short) (string ? DatabaseMetaData.typeSearchable : DatabaseMetaData.typePredBasic),
                    false, false, false, k.name().toLowerCase(Locale.ROOT), minScale,
                    maxScale, null, null, JdbcTypes.radix(k));
        }
        return t;
    }

    /** The largest column of kind {@code k}: the most digits or characters it may declare. */
    private static ColumnType widest(TypeKind k) {
        switch (k) {
            case DECIMAL: return ColumnType.decimal(ColumnType.MAX_DECIMAL_PRECISION, 0);
            case CHAR: return ColumnType.fixedChar(ColumnType.MAX_LENGTH);
            default: return ColumnType.of(k);
        }
    }

    // ------------------------------------------------------------------ helpers

    /** JDBC: a null catalog does not narrow; {@code ""} means "without a catalog", which is all of Spindle's. */
    private static boolean inCatalog(String catalogName) {
        return catalogName == null || catalogName.isEmpty();
    }

    /** The tables and views matching the arguments, by name. */
    private List<CatalogItem> relations(String catalogName, String schemaPattern, NamePattern names) {
        List<CatalogItem> out = new ArrayList<>();
        if (!inCatalog(catalogName) || !NamePattern.of(schemaPattern).matches(SCHEMA)) {
            return out;
        }
        for (CatalogItem item : catalog.items()) {
            if (typeOf(item) != null && names.matches(item.name())) {
                out.add(item);
            }
        }
        out.sort(Comparator.comparing(CatalogItem::name));
        return out;
    }

    /** The table or view named exactly {@code table} (not a pattern), or null. */
    private CatalogItem relation(String catalogName, String schema, String table) {
        if (!inCatalog(catalogName) || (schema != null && !schema.equals(SCHEMA)) || table == null) {
            return null;
        }
        CatalogItem item = catalog.byName(table).orElse(null);
        return item != null && typeOf(item) != null ? item : null;
    }

    private static String typeOf(CatalogItem item) {
        return item instanceof CatalogItem.Table ? TABLE : item instanceof CatalogItem.View ? VIEW : null;
    }

    private static RelationDesc descOf(CatalogItem item) {
        return item instanceof CatalogItem.Table ? ((CatalogItem.Table) item).desc() : ((CatalogItem.View) item).desc();
    }
}
