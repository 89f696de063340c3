package dev.spindle.compute.expr;

import dev.spindle.common.type.ColumnType;
import dev.spindle.compute.expr.func.BinaryFunc;
import dev.spindle.compute.expr.func.UnaryFunc;
import dev.spindle.compute.expr.func.VariadicFunc;
import java.util.List;

/**
 * A scalar SQL expression over the columns of a row: an immutable, typed tree that evaluates
 * itself.
 *
 * <p>Every node knows its result {@link #type()}, nullability included; calls derive theirs from
 * their function and arguments and refuse ill-typed arguments with
 * {@link IllegalArgumentException} when built. The planner inserts the casts that make operands
 * agree; see the function enums in {@link dev.spindle.compute.expr.func} for what each accepts.
 *
 * <p>{@link #eval(Object[])} interprets the tree over one row's values, given as
 * {@link dev.spindle.common.row.Row#get} returns them, and returns a value of the same
 * representation ({@code null} for SQL NULL). Evaluation errors are
 * {@link dev.spindle.common.error.SpindleException}s with PostgreSQL's SQLSTATEs.
 *
 * <p>Immutable and thread-safe: one tree may be evaluated by many threads at once.
 */
public sealed interface ScalarExpr extends java.io.Serializable permits ColumnRef, Literal, CallUnary, CallBinary, CallVariadic, If, Cast {

    /** The type of the values this expression produces. */
    ColumnType type();

    /**
     * Evaluates this expression over {@code row}.
     *
     * @param row the values of the columns this expression may reference
     * @return the value, {@code null} for NULL
     * @throws dev.spindle.common.error.SpindleException on an evaluation error
     */
    Object eval(Object[] row);

    /** Dispatches to the visitor method for this node's class. */
    <R> R accept(ScalarExprVisitor<R> visitor);

    // ------------------------------------------------------------ factories

    /** Column {@code index} of the input, of type {@code type}. */
    static ColumnRef column(int index, ColumnType type) {
        return new ColumnRef(index, type);
    }

    /** A constant; see {@link Literal} for the accepted values. */
    static Literal literal(Object value, ColumnType type) {
        return new Literal(value, type);
    }

    static CallUnary call(UnaryFunc func, ScalarExpr arg) {
        return new CallUnary(func, arg);
    }

    static CallBinary call(BinaryFunc func, ScalarExpr left, ScalarExpr right) {
        return new CallBinary(func, left, right);
    }

    static CallVariadic call(VariadicFunc func, ScalarExpr... args) {
        return new CallVariadic(func, List.of(args));
    }

    static CallVariadic and(ScalarExpr... args) {
        return call(VariadicFunc.AND, args);
    }

    static CallVariadic or(ScalarExpr... args) {
        return call(VariadicFunc.OR, args);
    }

    static CallUnary not(ScalarExpr arg) {
        return call(UnaryFunc.NOT, arg);
    }

    static CallUnary isNull(ScalarExpr arg) {
        return call(UnaryFunc.IS_NULL, arg);
    }

    static CallBinary eq(ScalarExpr left, ScalarExpr right) {
        return call(BinaryFunc.EQ, left, right);
    }

    static CallBinary lt(ScalarExpr left, ScalarExpr right) {
        return call(BinaryFunc.LT, left, right);
    }

    static CallBinary gt(ScalarExpr left, ScalarExpr right) {
        return call(BinaryFunc.GT, left, right);
    }

    /** {@code x BETWEEN low AND high}, desugared to {@code x >= low AND x <= high}. */
    static CallVariadic between(ScalarExpr x, ScalarExpr low, ScalarExpr high) {
        return and(call(BinaryFunc.GE, x, low), call(BinaryFunc.LE, x, high));
    }

    /** {@code CASE WHEN cond THEN then ELSE otherwise END}. */
    static If ifThen(ScalarExpr cond, ScalarExpr then, ScalarExpr otherwise) {
        return new If(cond, then, otherwise);
    }

    /** {@code CAST(input AS target)}: explicit, so strings are truncated to fit. */
    static Cast cast(ScalarExpr input, ColumnType target) {
        return new Cast(input, target, true);
    }
}
