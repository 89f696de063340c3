package dev.spindle.sqllogictest.render;

import dev.spindle.sqllogictest.format.SortMode;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * Orders rendered results for {@code rowsort} and {@code valuesort}, comparing strings as C's
 * {@code strcmp} compares their UTF-8 bytes (which is code point order). Thread-safe: static
 * functions only.
 */
public final class ResultSorter {

    /** Code point order, equal to the byte order of the strings' UTF-8 forms. */
    public static final Comparator<String> BYTE_ORDER = ResultSorter::compareCodePoints;

    private ResultSorter() {
    }

    /**
     * The values in the order {@code mode} asks for.
     *
     * @param values  rendered values, row-major
     * @param columns values per row
     * @throws IllegalArgumentException for {@code rowsort} when the values are not whole rows
     */
    public static List<String> sort(List<String> values, int columns, SortMode mode) {
        switch (mode) {
            case NOSORT:
                return values;
            case VALUESORT:
                List<String> sorted = new ArrayList<>(values);
                sorted.sort(BYTE_ORDER);
                return sorted;
            case ROWSORT:
                return sortRows(values, columns);
            case PARTIALSORT:
                throw new IllegalArgumentException("partialsort needs its key columns: use partialSort");
            default:
                throw new IllegalArgumentException("unknown sort mode " + mode);
        }
    }

    /**
     * CockroachDB's {@code partialsort}: the rows are expected in the order of the key columns;
     * each run of consecutive rows that agree on them is sorted as whole rows, the runs keep their
     * order.
     *
     * @param keys the 1-based key columns
     * @throws IllegalArgumentException when the values are not whole rows
     */
    public static List<String> partialSort(List<String> values, int columns, List<Integer> keys) {
        if (columns <= 0 || values.size() % columns != 0) {
            throw new IllegalArgumentException(values.size() + " values are not rows of " + columns);
        }
        List<String> sorted = new ArrayList<>(values.size());
        int rows = values.size() / columns;
        int start = 0;
        for (int r = 1; r <= rows; r++) {
            if (r == rows || !sameKeys(values, columns, keys, start, r)) {
                sorted.addAll(sortRows(values.subList(start * columns, r * columns), columns));
                start = r;
            }
        }
        return sorted;
    }

    private static boolean sameKeys(List<String> values, int columns, List<Integer> keys, int a, int b) {
        for (int key : keys) {
            if (!values.get(a * columns + key - 1).equals(values.get(b * columns + key - 1))) {
                return false;
            }
        }
        return true;
    }

    private static List<String> sortRows(List<String> values, int columns) {
        if (columns <= 0 || values.size() % columns != 0) {
            throw new IllegalArgumentException(values.size() + " values are not rows of " + columns);
        }
        if (columns == 1) {
            return sort(values, 1, SortMode.VALUESORT);
        }
        String[][] rows = new String[values.size() / columns][];
        for (int r = 0; r < rows.length; r++) {
            rows[r] = values.subList(r * columns, (r + 1) * columns).toArray(new String[0]);
        }
        Arrays.sort(rows, ResultSorter::compareRows);
        List<String> sorted = new ArrayList<>(values.size());
        for (String[] row : rows) {
            sorted.addAll(Arrays.asList(row));
        }
        return sorted;
    }

    private static int compareRows(String[] a, String[] b) {
        for (int i = 0; i < a.length; i++) {
            int c = compareCodePoints(a[i], b[i]);
            if (c != 0) {
                return c;
            }
        }
        return 0;
    }

    private static int compareCodePoints(String a, String b) {
        int n = Math.min(a.length(), b.length());
        for (int i = 0; i < n; i++) {
            char x = a.charAt(i);
            char y = b.charAt(i);
            if (x != y) {
                return codePointRank(x) - codePointRank(y);
            }
        }
        return a.length() - b.length();
    }

    /** Moves surrogates above U+E000..U+FFFF so that UTF-16 units sort in code point order. */
    private static int codePointRank(char c) {
        if (c >= 0xE000) {
            return c - 0x800;
        }
        if (c >= 0xD800) {
            return c + 0x2000;
        }
        return c;
    }
}
