package dev.spindle.compute.expr;

import dev.spindle.common.type.ColumnType;
import dev.spindle.compute.expr.func.BinaryFunc;
import java.util.Objects;

/**
 * {@code func(left, right)}, or {@code left op right}. Both arguments are evaluated, left first.
 * The type is derived by {@link BinaryFunc#outputType}; build with
 * {@link #CallBinary(BinaryFunc, ScalarExpr, ScalarExpr)}. Immutable and thread-safe.
 *
 * @param func the function or operator
 * @param left the first argument
 * @param right the second argument
 * @param type the result type
 */
public record CallBinary(BinaryFunc func, ScalarExpr left, ScalarExpr right, ColumnType type) implements ScalarExpr {

    public CallBinary {
        Objects.requireNonNull(func, "func");
        Objects.requireNonNull(left, "left");
        Objects.requireNonNull(right, "right");
        Objects.requireNonNull(type, "type");
        ColumnType derived = func.outputType(left.type(), right.type());
        if (!derived.equals(type)) {
            throw new IllegalArgumentException(func + " of (" + left.type() + ", " + right.type() + ") is "
                    + derived + ", not " + type);
        }
    }

    /** The call, with its derived type. */
    public CallBinary(BinaryFunc func, ScalarExpr left, ScalarExpr right) {
        this(func, left, right, func.outputType(Objects.requireNonNull(left, "left").type(),
                Objects.requireNonNull(right, "right").type()));
    }

    @Override
    public Object eval(Object[] row) {
        Object l = left.eval(row);
        Object r = right.eval(row);
        if ((l == null || r == null) && func.propagatesNulls()) {
            return null;
        }
        return func.eval(l, r, left.type(), right.type(), type);
    }

    @Override
    public <R> R accept(ScalarExprVisitor<R> visitor) {
        return visitor.visitCallBinary(this);
    }

    @Override
    public String toString() {
        return func.render(left.toString(), right.toString());
    }
}
