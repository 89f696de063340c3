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
     * @param keys its PRIMARY KEY (at most one, listed first) and UNIQUE constraints, in the order
     *     declared
     * @param defaults per column, the default expression (null: NULL)
     */
    record Table(GlobalId id, String name, RelationDesc desc, List<KeyConstraint> keys,
                 List<ScalarExpr> defaults) implements CatalogItem {
        public Table {
            Objects.requireNonNull(id, "id");
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(desc, "desc");
            keys = List.copyOf(keys);
            defaults = java.util.Collections.unmodifiableList(new java.util.ArrayList<>(defaults));
            if (defaults.size() != desc.arity()) {
                throw new IllegalArgumentException("one default per column: " + defaults.size() + " for " + desc.arity());
            }
            for (int i = 0; i < keys.size(); i++) {
                if (keys.get(i).primaryKey() && i > 0) {
                    throw new IllegalArgumentException("the primary key comes first, and only one: " + keys);
                }
                for (int c : keys.get(i).columns()) {
                    Objects.checkIndex(c, desc.arity());
                }
            }
        }

        /** A table without constraints or defaults. */
        public static Table of(GlobalId id, String name, RelationDesc desc) {
            return new Table(id, name, desc, List.of(), java.util.Collections.nCopies(desc.arity(), null));
        }

        /** The primary key, if the table has one. */
        public java.util.Optional<KeyConstraint> primaryKey() {
            return keys.isEmpty() || !keys.get(0).primaryKey() ? java.util.Optional.empty() : java.util.Optional.of(keys.get(0));
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
     * @param unique {@code CREATE UNIQUE INDEX}: besides arranging, it refuses a write that would
     *     give two rows of its table the same key (only on tables)
     */
    record Index(GlobalId id, String name, GlobalId on, List<ScalarExpr> key, List<Integer> keyColumns,
                 GlobalId reexportOf, boolean unique) implements CatalogItem {
        public Index {
            Objects.requireNonNull(id, "id");
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(on, "on");
            key = List.copyOf(key);
            keyColumns = keyColumns == null ? null : List.copyOf(keyColumns);
        }

        /** An index that is not unique. */
        public Index(GlobalId id, String name, GlobalId on, List<ScalarExpr> key, List<Integer> keyColumns,
                     GlobalId reexportOf) {
            this(id, name, on, key, keyColumns, reexportOf, false);
        }

        @Override
        public Set<GlobalId> dependsOn() {
            return Set.of(on);
        }
    }
}
