package dev.spindle.sqllogictest.format;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The options token of a query header: SQLite's sort method, or CockroachDB's comma-separated
 * options ({@code rowsort,colnames}, {@code partialsort(1,2)}, {@code multiline}, {@code retry}).
 *
 * @param sort        the sort method ({@link SortMode#NOSORT} when none is given)
 * @param sortColumns the key columns of {@code partialsort}, 1-based; empty otherwise
 * @param colnames    the first result line holds the column names
 * @param multiline   the result is one value: every line up to a line {@code EOF}
 * @param retry       run the query again while it fails
 * @param unsupported an option no JDBC engine can honour ({@code kvtrace}, ...), if given
 */
record QueryOptions(SortMode sort, List<Integer> sortColumns, boolean colnames, boolean multiline, boolean retry,
                    Optional<String> unsupported) {

    /** CockroachDB's options that need its own server: the record is skipped as unsupported. */
    private static final List<String> COCKROACH_ONLY = List.of("kvtrace", "noticetrace", "round-in-strings",
            "async", "nodeidx");

    QueryOptions {
        sortColumns = List.copyOf(sortColumns);
    }

    /**
     * Parses the options token (empty: no options).
     *
     * @throws IllegalArgumentException for an unknown or contradictory option
     */
    static QueryOptions parse(String token) {
        SortMode sort = null;
        List<Integer> sortColumns = new ArrayList<>();
        boolean colnames = false;
        boolean multiline = false;
        boolean retry = false;
        Optional<String> unsupported = Optional.empty();
        for (String option : split(token)) {
            SortMode named = sortNamed(option);
            if (named != null) {
                if (sort != null) {
                    throw new IllegalArgumentException("more than one sort option in '" + token + "'");
                }
                sort = named;
                if (named == SortMode.PARTIALSORT) {
                    sortColumns.addAll(partialSortColumns(option));
                }
            } else if (option.equals("colnames")) {
                colnames = true;
            } else if (option.equals("multiline")) {
                multiline = true;
            } else if (option.equals("retry")) {
                retry = true;
            } else if (isCockroachOnly(option)) {
                unsupported = Optional.of("CockroachDB's query option '" + option + "'");
            } else {
                throw new IllegalArgumentException("unknown sort method or query option '" + option
                        + "' (expected nosort, rowsort, valuesort, partialsort(...), colnames, multiline or retry)");
            }
        }
        if (multiline && (colnames || (sort != null && sort != SortMode.NOSORT))) {
            throw new IllegalArgumentException("multiline cannot be combined with colnames or sorting");
        }
        return new QueryOptions(sort == null ? SortMode.NOSORT : sort, sortColumns, colnames, multiline, retry,
                unsupported);
    }

    private static SortMode sortNamed(String option) {
        if (option.startsWith("partialsort")) {
            return SortMode.PARTIALSORT;
        }
        for (SortMode mode : SortMode.values()) {
            if (mode.keyword().equals(option)) {
                return mode;
            }
        }
        return null;
    }

    private static boolean isCockroachOnly(String option) {
        for (String name : COCKROACH_ONLY) {
            if (option.equals(name) || option.startsWith(name + "(") || option.startsWith(name + "=")) {
                return true;
            }
        }
        return false;
    }

    /** {@code partialsort(1,3)} → [1, 3]. */
    private static List<Integer> partialSortColumns(String option) {
        String problem = "partialsort needs its key columns, e.g. partialsort(1,2); got '" + option + "'";
        if (!option.startsWith("partialsort(") || !option.endsWith(")")) {
            throw new IllegalArgumentException(problem);
        }
        List<Integer> columns = new ArrayList<>();
        for (String column : option.substring("partialsort(".length(), option.length() - 1).split(",")) {
            try {
                columns.add(Integer.parseInt(column.trim()));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(problem);
            }
        }
        return columns;
    }

    /** Splits at commas outside parentheses: {@code partialsort(1,2),colnames} is two options. */
    private static List<String> split(String token) {
        List<String> options = new ArrayList<>();
        if (token.isEmpty()) {
            return options;
        }
        int depth = 0;
        int start = 0;
        for (int i = 0; i < token.length(); i++) {
            char c = token.charAt(i);
            if (c == '(') {
                depth++;
            } else if (c == ')') {
                depth--;
            } else if (c == ',' && depth == 0) {
                options.add(token.substring(start, i));
                start = i + 1;
            }
        }
        options.add(token.substring(start));
        return options;
    }
}
