package dev.spindle.compute.expr.func;

import dev.spindle.common.type.ColumnType;
import dev.spindle.common.type.TypeKind;
import java.util.List;

/**
 * The typing rules shared by the functions, CASE and casts: which types compare with which, the
 * common type of CASE/COALESCE branches, and argument checks that throw
 * {@link IllegalArgumentException} for ill-typed calls. The planner inserts casts so operands
 * share a type; these rules only accept what the interpreter evaluates correctly without one.
 * Stateless and thread-safe.
 */
public final class TypeRules {
    private TypeRules() {
    }

    /**
     * True if values of {@code a} and {@code b} can be compared: both integer kinds, both string
     * kinds, or the same kind.
     */
    public static boolean comparable(ColumnType a, ColumnType b) {
        TypeKind x = a.kind();
        TypeKind y = b.kind();
        return x == y || (x.isInteger() && y.isInteger()) || (x.isString() && y.isString());
    }

    /**
     * The type of a value that is either an {@code a} or a {@code b} (CASE branches, COALESCE,
     * GREATEST): the wider integer kind; TEXT for VARCHAR with TEXT; otherwise the common kind,
     * keeping parameters only when both agree. CHAR does not mix with other string kinds (its
     * values are padded). Nullable if either is.
     *
     * @throws IllegalArgumentException if the kinds have no common type
     */
    public static ColumnType union(ColumnType a, ColumnType b) {
        boolean nullable = a.nullable() || b.nullable();
        if (a.withNullable(nullable).equals(b.withNullable(nullable))) {
            return a.withNullable(nullable);
        }
        TypeKind x = a.kind();
        TypeKind y = b.kind();
        if (x.isInteger() && y.isInteger()) {
            return ColumnType.of(wider(x, y)).withNullable(nullable);
        }
        if (x.isString() && y.isString() && x != TypeKind.CHAR && y != TypeKind.CHAR) {
            TypeKind k = x == TypeKind.TEXT || y == TypeKind.TEXT ? TypeKind.TEXT : TypeKind.VARCHAR;
            return ColumnType.of(k).withNullable(nullable);
        }
        if (x == y) {
            switch (x) {
                case DECIMAL:
                    return ColumnType.of(TypeKind.DECIMAL).withNullable(nullable);
                case CHAR:
                    return ColumnType.fixedChar(ColumnType.UNSPECIFIED).withNullable(nullable);
                default:
                    return ColumnType.of(x).withNullable(nullable);
            }
        }
        throw new IllegalArgumentException("no common type for " + a + " and " + b);
    }

    /** {@link #union} of all {@code types}, at least one. */
    public static ColumnType union(List<ColumnType> types) {
        ColumnType t = types.get(0);
        for (int i = 1; i < types.size(); i++) {
            t = union(t, types.get(i));
        }
        return t;
    }

    /** The wider of two integer kinds. */
    static TypeKind wider(TypeKind x, TypeKind y) {
        return x.ordinal() >= y.ordinal() ? x : y;
    }

    static void check(boolean ok, String what, Object... types) {
        if (!ok) {
            StringBuilder sb = new StringBuilder(what).append(" does not accept (");
            for (int i = 0; i < types.length; i++) {
                sb.append(i > 0 ? ", " : "").append(types[i]);
            }
            throw new IllegalArgumentException(sb.append(')').toString());
        }
    }

    static boolean isNumber(ColumnType t) {
        return t.kind().isNumeric();
    }

    static boolean isDouble(ColumnType t) {
        return t.kind() == TypeKind.DOUBLE;
    }

    static boolean isInteger(ColumnType t) {
        return t.kind().isInteger();
    }

    static boolean isString(ColumnType t) {
        return t.kind().isString();
    }

    static boolean isBoolean(ColumnType t) {
        return t.kind() == TypeKind.BOOLEAN;
    }

    /** Same kind, or both integer kinds (values are all {@code Long}). */
    static boolean sameNumberKind(ColumnType a, ColumnType b) {
        return a.kind().isNumeric() && (a.kind() == b.kind() || (a.kind().isInteger() && b.kind().isInteger()));
    }

    /** An unconstrained DECIMAL, the result type of DECIMAL arithmetic (as PostgreSQL's numeric). */
    static ColumnType decimal(boolean nullable) {
        return ColumnType.of(TypeKind.DECIMAL).withNullable(nullable);
    }

    static ColumnType of(TypeKind kind, boolean nullable) {
        return ColumnType.of(kind).withNullable(nullable);
    }
}
