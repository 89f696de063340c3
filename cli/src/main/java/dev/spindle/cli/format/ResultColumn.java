package dev.spindle.cli.format;

import java.util.Objects;

/**
 * A column of a result.
 *
 * @param name its label
 * @param kind how its values are written
 */
public record ResultColumn(String name, ColumnKind kind) {
    public ResultColumn {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(kind, "kind");
    }
}
