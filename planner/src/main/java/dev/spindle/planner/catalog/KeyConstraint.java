package dev.spindle.planner.catalog;

import java.util.List;
import java.util.Objects;

/**
 * A PRIMARY KEY or UNIQUE constraint of a table: no two rows share the values of its columns (a
 * row with a NULL in them never collides, as in PostgreSQL; a primary key's columns are NOT NULL).
 *
 * @param name the constraint's name, PostgreSQL's ({@code t_pkey}, {@code t_k_key},
 *     {@code t_a_b_key}) unless {@code CONSTRAINT name} gave one; what violations and metadata report
 * @param primaryKey true for the primary key, false for a UNIQUE constraint
 * @param columns the constrained columns' positions, in the order written; never empty
 *
 * <p>Immutable.
 */
public record KeyConstraint(String name, boolean primaryKey, List<Integer> columns) {
    public KeyConstraint {
        Objects.requireNonNull(name, "name");
        columns = List.copyOf(columns);
        if (columns.isEmpty()) {
            throw new IllegalArgumentException("a key constraint needs columns");
        }
    }
}
