package dev.spindle.common.type;

import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * The shape of a relation (table, view, index or query result): its columns in order. Immutable.
 *
 * @param columns the columns, with distinct names
 */
public record RelationDesc(List<Column> columns) implements java.io.Serializable {
    public RelationDesc {
        columns = List.copyOf(Objects.requireNonNull(columns, "columns"));
        Set<String> seen = new HashSet<>();
        for (Column c : columns) {
            if (!seen.add(c.name())) {
                throw new IllegalArgumentException("duplicate column name: " + c.name());
            }
        }
    }

    /** A relation of the given columns. */
    public static RelationDesc of(Column... columns) {
        return new RelationDesc(List.of(columns));
    }

    /** Number of columns. */
    public int arity() {
        return columns.size();
    }

    /** The column at {@code index}. */
    public Column column(int index) {
        return columns.get(index);
    }

    /** Index of the column named {@code name}, or -1. */
    public int indexOf(String name) {
        for (int i = 0; i < columns.size(); i++) {
            if (columns.get(i).name().equals(name)) {
                return i;
            }
        }
        return -1;
    }
}
