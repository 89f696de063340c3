package dev.spindle.sql.exec;

import dev.spindle.common.error.ErrorCode;
import dev.spindle.common.error.SpindleException;
import dev.spindle.planner.catalog.Catalog;
import dev.spindle.planner.catalog.CatalogItem;
import dev.spindle.planner.system.SystemCatalog;
import dev.spindle.planner.system.SystemSchema;
import java.util.List;
import java.util.Optional;
import org.apache.calcite.sql.SqlIdentifier;

/**
 * Object names as statements write them: {@code name} or {@code schema.name}, where the schema is
 * {@code public} (the user's, where unqualified names resolve) or a system schema
 * ({@code spindle_catalog}, {@code spindle_introspection}), whose relations anyone may read and
 * nobody may create, drop or write (SQLSTATE 42501); any other schema does not exist (3F000).
 *
 * <p>Thread-safety: stateless.
 */
final class ObjectNames {
    private ObjectNames() {
    }

    /**
     * The name of a user object that a statement creates, drops or writes (or of a column).
     *
     * @throws SpindleException 42501 if it is qualified by a system schema, 3F000 by another unknown one
     */
    static String userObject(SqlIdentifier id) {
        String name = last(id);
        String schema = schema(id);
        if (schema != null && SystemSchema.isSystem(schema)) {
            throw new SpindleException(ErrorCode.INSUFFICIENT_PRIVILEGE_2, SystemSchema.qualify(schema, name),
                    "the relations of system schema " + schema + " are read-only");
        }
        return name;
    }

    /** The table, view or index named {@code id}, a user object or a system one. */
    static Optional<CatalogItem> find(Catalog catalog, SqlIdentifier id) {
        String schema = schema(id);
        if (schema != null && SystemSchema.isSystem(schema)) {
            return SystemCatalog.lookup(catalog, schema, last(id));
        }
        return catalog.byName(last(id));
    }

    /** The table, view or index named {@code id}, or {@code TABLE_NOT_FOUND} (42P01). */
    static CatalogItem get(Catalog catalog, SqlIdentifier id) {
        return find(catalog, id).orElseThrow(() -> new SpindleException(ErrorCode.TABLE_NOT_FOUND_1, String.join(".", id.names)));
    }

    /** A schema named in a statement ({@code SHOW TABLES FROM s}): {@code public} or a system schema. */
    static String schemaName(SqlIdentifier id) {
        String s = last(id);
        if (!SystemSchema.PUBLIC.equals(s) && !SystemSchema.isSystem(s)) {
            throw new SpindleException(ErrorCode.SCHEMA_NOT_FOUND_1, s);
        }
        return s;
    }

    /** The name as one writes it in SQL: {@code t}, or {@code spindle_catalog.tables}, each part quoted. */
    static String sqlName(CatalogItem item) {
        String schema = SystemSchema.schemaOf(item);
        String name = quote(SystemSchema.nameOf(item));
        return SystemSchema.PUBLIC.equals(schema) ? name : quote(schema) + "." + name;
    }

    private static String quote(String part) {
        return '"' + part.replace("\"", "\"\"") + '"';
    }

    private static String last(SqlIdentifier id) {
        return id.names.get(id.names.size() - 1);
    }

    /** The schema that qualifies {@code id}, null if none; 3F000 if it is not one Spindle has. */
    private static String schema(SqlIdentifier id) {
        List<String> names = id.names;
        if (names.size() < 2) {
            return null;
        }
        if (names.size() > 2) {
            throw new SpindleException(ErrorCode.SCHEMA_NOT_FOUND_1, String.join(".", names.subList(0, names.size() - 1)));
        }
        String schema = names.get(0);
        if (!SystemSchema.PUBLIC.equals(schema) && !SystemSchema.isSystem(schema)) {
            throw new SpindleException(ErrorCode.SCHEMA_NOT_FOUND_1, schema);
        }
        return schema;
    }
}
