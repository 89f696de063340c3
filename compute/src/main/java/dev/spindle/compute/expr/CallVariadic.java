package dev.spindle.compute.expr;

import dev.spindle.common.type.ColumnType;
import dev.spindle.compute.expr.func.Arguments;
import dev.spindle.compute.expr.func.VariadicFunc;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * {@code func(args...)}: AND, OR, COALESCE, IN, LIKE and the other {@link VariadicFunc}s. The
 * function decides which arguments it evaluates and when (it sees them as {@link Arguments}). The
 * type is derived by {@link VariadicFunc#outputType}; build with
 * {@link #CallVariadic(VariadicFunc, List)}. Immutable and thread-safe.
 *
 * @param func the function
 * @param args the arguments (copied)
 * @param type the result type
 */
public record CallVariadic(VariadicFunc func, List<ScalarExpr> args, ColumnType type) implements ScalarExpr, Arguments {

    public CallVariadic {
        Objects.requireNonNull(func, "func");
        args = List.copyOf(args);
        Objects.requireNonNull(type, "type");
        ColumnType derived = func.outputType(types(args));
        if (!derived.equals(type)) {
            throw new IllegalArgumentException(func + " of " + types(args) + " is " + derived + ", not " + type);
        }
    }

    /** The call, with its derived type. */
    public CallVariadic(VariadicFunc func, List<ScalarExpr> args) {
        this(func, args, func.outputType(types(args)));
    }

    private static List<ColumnType> types(List<ScalarExpr> args) {
        List<ColumnType> types = new ArrayList<>(args.size());
        for (ScalarExpr a : args) {
            types.add(a.type());
        }
        return types;
    }

    @Override
    public Object eval(Object[] row) {
        return func.eval(this, row, type);
    }

    /** {@link Arguments}: the number of arguments. */
    @Override
    public int count() {
        return args.size();
    }

    /** {@link Arguments}: the type of argument {@code i}. */
    @Override
    public ColumnType type(int i) {
        return args.get(i).type();
    }

    /** {@link Arguments}: evaluates argument {@code i}. */
    @Override
    public Object eval(int i, Object[] row) {
        return args.get(i).eval(row);
    }

    @Override
    public <R> R accept(ScalarExprVisitor<R> visitor) {
        return visitor.visitCallVariadic(this);
    }

    @Override
    public String toString() {
        List<String> shown = new ArrayList<>(args.size());
        for (ScalarExpr a : args) {
            shown.add(a.toString());
        }
        return func.render(shown);
    }
}
