package dev.spindle.compute.plan;

import java.util.Objects;

/**
 * One aggregate of a {@code Reduce}: {@code func} over column {@code column} of the reduce's
 * value rows, over distinct values if {@code distinct}. {@link AggregateFunc#COUNT_ROWS} uses no
 * column ({@code -1}).
 *
 * @param func the function
 * @param column the value column it reads, or -1 for {@code COUNT(*)}
 * @param distinct whether duplicates are removed first ({@code COUNT(DISTINCT x)})
 */
public record Aggregate(AggregateFunc func, int column, boolean distinct) implements java.io.Serializable {
    public Aggregate {
        Objects.requireNonNull(func, "func");
        if (func == AggregateFunc.COUNT_ROWS ? column != -1 : column < 0) {
            throw new IllegalArgumentException(func + " cannot read column " + column);
        }
    }

    /** {@code COUNT(*)}. */
    public static Aggregate countRows() {
        return new Aggregate(AggregateFunc.COUNT_ROWS, -1, false);
    }

    /** {@code func(column)}. */
    public static Aggregate of(AggregateFunc func, int column) {
        return new Aggregate(func, column, false);
    }

    /** {@code func(DISTINCT column)}. */
    public static Aggregate distinct(AggregateFunc func, int column) {
        return new Aggregate(func, column, true);
    }

    @Override
    public String toString() {
        if (func == AggregateFunc.COUNT_ROWS) {
            return "count(*)";
        }
        return func.name().toLowerCase(java.util.Locale.ROOT) + "(" + (distinct ? "distinct " : "") + "#" + column + ")";
    }
}
