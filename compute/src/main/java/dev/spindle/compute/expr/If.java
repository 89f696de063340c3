package dev.spindle.compute.expr;

import dev.spindle.common.type.ColumnType;
import dev.spindle.common.type.TypeKind;
import dev.spindle.compute.expr.func.TypeRules;
import java.util.Objects;

/**
 * {@code CASE WHEN cond THEN then ELSE otherwise END}: evaluates {@code cond}, then only the
 * branch it selects (NULL selects {@code otherwise}). A searched CASE with several WHENs is a chain
 * of {@code If}s; a CASE without ELSE has a NULL literal there. The type is the common type of the
 * branches ({@link TypeRules#union}). Immutable and thread-safe.
 *
 * @param cond a BOOLEAN condition
 * @param then the value when {@code cond} is TRUE
 * @param otherwise the value when {@code cond} is FALSE or NULL
 * @param type the result type
 */
public record If(ScalarExpr cond, ScalarExpr then, ScalarExpr otherwise, ColumnType type) implements ScalarExpr {

    public If {
        Objects.requireNonNull(cond, "cond");
        Objects.requireNonNull(then, "then");
        Objects.requireNonNull(otherwise, "otherwise");
        Objects.requireNonNull(type, "type");
        if (cond.type().kind() != TypeKind.BOOLEAN) {
            throw new IllegalArgumentException("CASE condition must be BOOLEAN, not " + cond.type());
        }
        ColumnType derived = TypeRules.union(then.type(), otherwise.type());
        if (!derived.equals(type)) {
            throw new IllegalArgumentException("CASE of " + then.type() + " and " + otherwise.type() + " is "
                    + derived + ", not " + type);
        }
    }

    /** The CASE, with its derived type. */
    public If(ScalarExpr cond, ScalarExpr then, ScalarExpr otherwise) {
        this(cond, then, otherwise, TypeRules.union(Objects.requireNonNull(then, "then").type(),
                Objects.requireNonNull(otherwise, "otherwise").type()));
    }

    @Override
    public Object eval(Object[] row) {
        return Boolean.TRUE.equals(cond.eval(row)) ? then.eval(row) : otherwise.eval(row);
    }

    @Override
    public <R> R accept(ScalarExprVisitor<R> visitor) {
        return visitor.visitIf(this);
    }

    @Override
    public String toString() {
        return "CASE WHEN " + cond + " THEN " + then + " ELSE " + otherwise + " END";
    }
}
