package dev.spindle.compute.expr.func;

import dev.spindle.common.type.ColumnType;

/**
 * The arguments of a variadic call as the function sees them: their static types, and evaluation
 * on demand, so AND, OR, COALESCE and IN evaluate only what they need.
 * {@code dev.spindle.compute.expr.CallVariadic} implements it; implementations must be immutable
 * and thread-safe.
 */
public interface Arguments {
    /** Number of arguments. */
    int count();

    /** The static type of argument {@code i}. */
    ColumnType type(int i);

    /**
     * Evaluates argument {@code i} over {@code row}.
     *
     * @throws dev.spindle.common.error.SpindleException on an evaluation error
     */
    Object eval(int i, Object[] row);
}
