package dev.spindle.common.type;

import java.util.Objects;

/**
 * A named, typed column of a relation. Immutable.
 *
 * @param name the column name as stored in the catalog (already case-normalized by the parser)
 * @param type the column type
 */
public record Column(String name, ColumnType type) implements java.io.Serializable {
    public Column {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(type, "type");
        if (name.isEmpty()) {
            throw new IllegalArgumentException("column name must not be empty");
        }
    }
}
