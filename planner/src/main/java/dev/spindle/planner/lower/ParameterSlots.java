package dev.spindle.planner.lower;

import dev.spindle.common.type.ColumnType;
import dev.spindle.compute.expr.Literal;
import dev.spindle.compute.expr.ScalarExpr;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.List;

/**
 * The {@code ?} parameters of a query lowered once for all executions: each parameter is lowered
 * to its own placeholder, a {@link Literal} instance of the parameter's type holding a stand-in
 * value, recognised afterwards by identity (compute's expressions have no parameter node). A
 * lowering that looked at a stand-in's value would bake it into the plan; the caller lowers twice
 * with the two {@link #variant}s, whose stand-ins differ, and keeps the plan only if the two agree
 * everywhere but at the placeholders.
 *
 * <p>Immutable and thread-safe.
 */
public final class ParameterSlots {
    private final List<Literal> placeholders;

    private ParameterSlots(List<Literal> placeholders) {
        this.placeholders = List.copyOf(placeholders);
    }

    /**
     * Placeholders for parameters of {@code types}, stand-in set {@code variant} (0 or 1), or null if
     * a type has no stand-ins (CHAR, whose padding the bound literal's cast decides; and any type
     * whose stand-ins do not fit it).
     */
    public static ParameterSlots of(List<ColumnType> types, int variant) {
        List<Literal> out = new ArrayList<>(types.size());
        for (ColumnType t : types) {
            Object v = t == null ? null : standIn(t, variant);
            if (v == null) {
                return null;
            }
            try {
                out.add(new Literal(v, t));
            } catch (IllegalArgumentException e) {
                return null;
            }
        }
        return new ParameterSlots(out);
    }

    private static Object standIn(ColumnType t, int variant) {
        int n = variant == 0 ? 7 : 11;
        switch (t.kind()) {
            case BOOLEAN:
                return variant != 0;
            case SMALLINT:
            case INTEGER:
            case BIGINT:
                return (long) n;
            case REAL:
                return (float) n;
            case DOUBLE:
                return (double) n;
            case DECIMAL:
                // the stand-ins differ in scale too, where the type leaves it open
                return t.scale() == ColumnType.UNSPECIFIED ? BigDecimal.valueOf(n, variant) : BigDecimal.valueOf(variant + 1, t.scale());
            case VARCHAR:
            case TEXT:
                return variant == 0 ? "a" : "b";
            case DATE:
                return LocalDate.of(2000, 1, n);
            case TIME:
                return LocalTime.of(n, 0);
            case TIMESTAMP:
                return LocalDateTime.of(2000, 1, n, 0, 0);
            default:
                return null;
        }
    }

    /** How many parameters there are. */
    public int size() {
        return placeholders.size();
    }

    /** Parameter {@code i}'s placeholder. */
    public Literal placeholder(int i) {
        return placeholders.get(i);
    }

    /** The parameter whose placeholder {@code e} is (the same instance), or -1. */
    public int indexOf(ScalarExpr e) {
        if (e instanceof Literal) {
            for (int i = 0; i < placeholders.size(); i++) {
                if (placeholders.get(i) == e) {
                    return i;
                }
            }
        }
        return -1;
    }
}
