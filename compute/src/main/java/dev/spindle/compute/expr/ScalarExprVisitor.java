package dev.spindle.compute.expr;

/**
 * A visitor over {@link ScalarExpr} nodes (Java 17 has no pattern switch over sealed types).
 * Implementations decide their own thread-safety; the trees they visit are immutable.
 *
 * @param <R> what a visit returns
 */
public interface ScalarExprVisitor<R> {
    R visitColumnRef(ColumnRef ref);

    R visitLiteral(Literal literal);

    R visitCallUnary(CallUnary call);

    R visitCallBinary(CallBinary call);

    R visitCallVariadic(CallVariadic call);

    R visitIf(If ifExpr);

    R visitCast(Cast cast);
}
