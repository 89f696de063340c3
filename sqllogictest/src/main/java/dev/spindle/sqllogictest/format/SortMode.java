package dev.spindle.sqllogictest.format;

/** How a query's rendered result is ordered before it is compared or hashed. */
public enum SortMode {
    /** Keep the order in which the engine returned the rows. */
    NOSORT("nosort"),
    /** Sort whole rows, comparing rendered values column by column as strings. */
    ROWSORT("rowsort"),
    /** Sort every value on its own, ignoring row boundaries. */
    VALUESORT("valuesort"),
    /**
     * CockroachDB's {@code partialsort(c1,c2,...)}: the rows come ordered by the given columns;
     * runs of rows that agree on them are sorted as whole rows (the key columns are in
     * {@link QueryRecord#sortColumns()}).
     */
    PARTIALSORT("partialsort");

    private final String keyword;

    SortMode(String keyword) {
        this.keyword = keyword;
    }

    /** The keyword as written in a query record's header. */
    public String keyword() {
        return keyword;
    }

    /**
     * The mode for a header keyword.
     *
     * @throws IllegalArgumentException for anything but {@code nosort}, {@code rowsort}, {@code valuesort}
     */
    public static SortMode of(String keyword) {
        for (SortMode mode : values()) {
            if (mode != PARTIALSORT && mode.keyword.equals(keyword)) {
                return mode;
            }
        }
        throw new IllegalArgumentException(
                "unknown sort method '" + keyword + "' (expected nosort, rowsort or valuesort)");
    }
}
