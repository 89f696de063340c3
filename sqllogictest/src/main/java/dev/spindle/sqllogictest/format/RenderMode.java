package dev.spindle.sqllogictest.format;

/**
 * How a query's values are rendered and how its expected result lines are read. SQLite's harness
 * rules apply unless a file switches with Materialize's {@code mode standard} or
 * {@code mode cockroach} line (which holds from there on, in file order).
 */
public enum RenderMode {
    /**
     * SQLite's harness (every file until a {@code mode} line): one value per line (DuckDB's
     * tab-separated rows split), {@code R} as {@code %.3f}, text with non-ASCII bytes as {@code @}.
     */
    SQLITE,
    /**
     * Materialize's {@code mode standard}: one value per line; {@code R} floats with three
     * decimals, NUMERIC as written with at most three decimals; text as it is.
     */
    STANDARD,
    /**
     * Materialize's {@code mode cockroach} (CockroachDB's logic tests): a row per line, values
     * separated by runs of white space ({@code ␠} stands for a space inside a value; a single
     * column takes the whole line); {@code R} floats in shortest round-trip form, NUMERIC without
     * trailing zeros.
     */
    COCKROACH;

    /** The symbol for a space inside a value of a {@code mode cockroach} row (U+2420). */
    public static final char SPACE_SYMBOL = '\u2420';

    /**
     * The mode a {@code mode} line names: {@code cockroach}, {@code standard} or {@code sqlite}
     * (Materialize reads {@code sqlite} as {@code standard}); null for any other word.
     */
    public static RenderMode named(String word) {
        switch (word) {
            case "cockroach":
                return COCKROACH;
            case "standard":
            case "sqlite":
                return STANDARD;
            default:
                return null;
        }
    }
}
