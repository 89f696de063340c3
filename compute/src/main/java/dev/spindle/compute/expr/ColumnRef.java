package dev.spindle.compute.expr;

import dev.spindle.common.type.ColumnType;
import java.util.Objects;

/**
 * A reference to column {@code index} of the row an expression is evaluated over. The type is
 * what the planner declares for that column; the row must hold values of it. Prints as
 * {@code #index}. Immutable and thread-safe.
 *
 * @param index the 0-based column
 * @param type the column's type
 */
public record ColumnRef(int index, ColumnType type) implements ScalarExpr {

    public ColumnRef {
        if (index < 0) {
            throw new IllegalArgumentException("column index must be >= 0: " + index);
        }
        Objects.requireNonNull(type, "type");
    }

    @Override
    public Object eval(Object[] row) {
        return row[index];
    }

    @Override
    public <R> R accept(ScalarExprVisitor<R> visitor) {
        return visitor.visitColumnRef(this);
    }

    @Override
    public String toString() {
        return "#" + index;
    }
}
