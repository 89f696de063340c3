package dev.spindle.compute.plan;

/**
 * One ORDER BY term over an output column: {@code column} ascending or descending, with NULLs
 * first or last. PostgreSQL's default is NULLs last ascending and first descending.
 *
 * @param column the column
 * @param descending whether larger values come first
 * @param nullsFirst whether NULLs come before every value
 */
public record ColumnOrder(int column, boolean descending, boolean nullsFirst) implements java.io.Serializable {
    public ColumnOrder {
        if (column < 0) {
            throw new IllegalArgumentException("column must be >= 0: " + column);
        }
    }

    /** Ascending, NULLs last. */
    public static ColumnOrder asc(int column) {
        return new ColumnOrder(column, false, false);
    }

    /** Descending, NULLs first. */
    public static ColumnOrder desc(int column) {
        return new ColumnOrder(column, true, true);
    }

    @Override
    public String toString() {
        return "#" + column + (descending ? " desc" : " asc") + (nullsFirst ? " nulls first" : " nulls last");
    }
}
