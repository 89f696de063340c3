package dev.spindle.compute.expr;

import dev.spindle.common.type.ColumnType;
import dev.spindle.compute.expr.func.UnaryFunc;
import java.util.Objects;

/**
 * {@code func(arg)}. The type is derived by {@link UnaryFunc#outputType}; build with
 * {@link #CallUnary(UnaryFunc, ScalarExpr)} (the canonical constructor checks that a given type
 * is the derived one). Immutable and thread-safe.
 *
 * @param func the function
 * @param arg the argument
 * @param type the result type
 */
public record CallUnary(UnaryFunc func, ScalarExpr arg, ColumnType type) implements ScalarExpr {

    public CallUnary {
        Objects.requireNonNull(func, "func");
        Objects.requireNonNull(arg, "arg");
        Objects.requireNonNull(type, "type");
        ColumnType derived = func.outputType(arg.type());
        if (!derived.equals(type)) {
            throw new IllegalArgumentException(func + " of " + arg.type() + " is " + derived + ", not " + type);
        }
    }

    /** The call, with its derived type. */
    public CallUnary(UnaryFunc func, ScalarExpr arg) {
        this(func, arg, func.outputType(Objects.requireNonNull(arg, "arg").type()));
    }

    @Override
    public Object eval(Object[] row) {
        Object a = arg.eval(row);
        if (a == null && func.propagatesNulls()) {
            return null;
        }
        return func.eval(a, arg.type(), type);
    }

    @Override
    public <R> R accept(ScalarExprVisitor<R> visitor) {
        return visitor.visitCallUnary(this);
    }

    @Override
    public String toString() {
        return func.render(arg.toString());
    }
}
