package dev.spindle.planner.catalog;

import dev.spindle.common.id.GlobalId;
import dev.spindle.common.type.RelationDesc;
import dev.spindle.compute.expr.ScalarExpr;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * One object of the catalog: a table, a view or an index. Plain immutable values; a catalog
 * change replaces items, never mutates them.
 */
public sealed interface CatalogItem {
    /** The item's id, never reused. */
    GlobalId id();

    /** The item's name, as stored (unquoted names lower-cased). */
    String name();

    /** The ids of the items this one reads (a view's inputs, an index's collection). */
    Set<GlobalId> dependsOn();

    /**
     * A table: rows in storage.
     *
     * @param primaryKey the primary key's columns, empty if none
     * @param uniques the column lists of UNIQUE constraints (the primary key not repeated)
     * @param defaults per column, the default expression (null: NULL)
     */
    record Table(GlobalId id, String name, RelationDesc desc, List<Integer> primaryKey, List<List<Integer>> uniques,
                 List<ScalarExpr> defaults) implements CatalogItem {
        public Table {
            Objects.requireNonNull(id, "id");
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(desc, "desc");
            primaryKey = List.copyOf(primaryKey);
            uniques = List.copyOf(uniques);
            defaults = java.util.Collections.unmodifiableList(new java.util.ArrayList<>(defaults));
            if (defaults.size() != desc.arity()) {
                throw new IllegalArgumentException("one default per column: " + defaults.size() + " for " + desc.arity());
            }
        }

        /** A table without constraints or defaults. */
        public static Table of(GlobalId id, String name, RelationDesc desc) {
            return new Table(id, name, desc, List.of(), List.of(), java.util.Collections.nCopies(desc.arity(), null));
        }

        @Override
        public Set<GlobalId> dependsOn() {
            return Set.of();
        }
    }

    /**
     * A view: a stored query, expanded into the plans that read it.
     *
     * @param sql the defining query, as it re-parses
     * @param desc the view's columns
     * @param dependsOn the tables and views the query reads
     */
    record View(GlobalId id, String name, String sql, RelationDesc desc, Set<GlobalId> dependsOn) implements CatalogItem {
        public View {
            Objects.requireNonNull(id, "id");
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(sql, "sql");
            Objects.requireNonNull(desc, "desc");
            dependsOn = Set.copyOf(dependsOn);
        }
    }

    /**
     * An index: collection {@code on} arranged by {@code key}, maintained by a dataflow.
     *
     * @param keyColumns the key as column positions, or null where the key has expressions
     * @param reexportOf the index whose arrangement this one publishes again, or null; not a
     *     dependency: dropping the original keeps the re-export serving (DESIGN invariant 13)
     */
    record Index(GlobalId id, String name, GlobalId on, List<ScalarExpr> key, List<Integer> keyColumns,
                 GlobalId reexportOf) implements CatalogItem {
        public Index {
            Objects.requireNonNull(id, "id");
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(on, "on");
            key = List.copyOf(key);
            keyColumns = keyColumns == null ? null : List.copyOf(keyColumns);
        }

        @Override
        public Set<GlobalId> dependsOn() {
            return Set.of(on);
        }
    }
}
