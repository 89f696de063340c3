package dev.spindle.planner.system;

import dev.spindle.common.id.GlobalId;
import dev.spindle.planner.catalog.CatalogItem;
import java.util.List;

/**
 * Schemas and qualified names. User objects live in {@link #PUBLIC} under their plain names;
 * system objects (ids of kind {@link GlobalId.Kind#SYSTEM}) live in {@link #CATALOG} or
 * {@link #INTROSPECTION}, carry qualified names ({@code spindle_catalog.tables}) and are found in
 * the catalog by id only, so that they never take a name a user may want ({@code CREATE TABLE
 * tables} stays free, and an unqualified {@code tables} never finds them, as PostgreSQL's search
 * path would not).
 *
 * <p>Thread-safety: stateless.
 */
public final class SystemSchema {
    /** The schema of user objects, where unqualified names resolve. */
    public static final String PUBLIC = "public";
    /** The catalog relations' schema. */
    public static final String CATALOG = "spindle_catalog";
    /** The introspection relations' schema. */
    public static final String INTROSPECTION = "spindle_introspection";
    /** The system schemas. */
    public static final List<String> SYSTEM = List.of(CATALOG, INTROSPECTION);

    private SystemSchema() {
    }

    /** True for {@link #CATALOG} and {@link #INTROSPECTION}. */
    public static boolean isSystem(String schema) {
        return SYSTEM.contains(schema);
    }

    /** The name under which an object of {@code schema} is stored in the catalog. */
    public static String qualify(String schema, String name) {
        return PUBLIC.equals(schema) ? name : schema + "." + name;
    }

    /** The schema of {@code item}. */
    public static String schemaOf(CatalogItem item) {
        if (item.id().kind() != GlobalId.Kind.SYSTEM) {
            return PUBLIC;
        }
        return item.name().substring(0, item.name().indexOf('.'));
    }

    /** The name of {@code item} within its schema. */
    public static String nameOf(CatalogItem item) {
        if (item.id().kind() != GlobalId.Kind.SYSTEM) {
            return item.name();
        }
        return item.name().substring(item.name().indexOf('.') + 1);
    }
}
