package dev.spindle.compute.expr;

import dev.spindle.common.type.ColumnType;
import dev.spindle.compute.expr.func.Casts;
import java.util.Objects;

/**
 * {@code CAST(input AS target)} with PostgreSQL's behaviour ({@link Casts}). An explicit cast
 * truncates strings to a CHAR/VARCHAR length; an implicit one (an assignment: INSERT, UPDATE)
 * fails with 22001 unless only spaces are cut. The target's nullability is the input's. Prints as
 * {@code CAST(x AS T)}, an implicit cast as {@code ASSIGN(x AS T)}. Immutable and thread-safe.
 *
 * @param input the value to convert
 * @param target the type to convert to
 * @param explicit true for CAST, false for an assignment
 */
public record Cast(ScalarExpr input, ColumnType target, boolean explicit) implements ScalarExpr {

    public Cast {
        Objects.requireNonNull(input, "input");
        Objects.requireNonNull(target, "target");
        if (!Casts.isSupported(input.type().kind(), target.kind())) {
            throw new IllegalArgumentException("cannot cast " + input.type() + " to " + target);
        }
        target = target.withNullable(input.type().nullable());
    }

    /** An implicit (assignment) cast. */
    public static Cast assignment(ScalarExpr input, ColumnType target) {
        return new Cast(input, target, false);
    }

    @Override
    public ColumnType type() {
        return target;
    }

    @Override
    public Object eval(Object[] row) {
        return Casts.cast(input.eval(row), input.type(), target, explicit);
    }

    @Override
    public <R> R accept(ScalarExprVisitor<R> visitor) {
        return visitor.visitCast(this);
    }

    @Override
    public String toString() {
        return (explicit ? "CAST(" : "ASSIGN(") + input + " AS " + target.withNullable(true) + ")";
    }
}
