package dev.spindle.sqllogictest.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spindle.sqllogictest.format.SortMode;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

class ResultSorterTest {

    @Test
    void nosortKeepsTheEngineOrder() {
        List<String> values = List.of("b", "a", "c");
        assertSame(values, ResultSorter.sort(values, 1, SortMode.NOSORT));
    }

    @Test
    void rowsortComparesRenderedValuesAsStringsColumnByColumn() {
        List<String> values = List.of("9", "x", "10", "y", "9", "a", "NULL", "z");
        assertEquals(List.of("10", "y", "9", "a", "9", "x", "NULL", "z"),
                ResultSorter.sort(values, 2, SortMode.ROWSORT));
    }

    @Test
    void valuesortSortsEveryValueAlone() {
        List<String> values = List.of("9", "x", "10", "a");
        assertEquals(List.of("10", "9", "a", "x"), ResultSorter.sort(values, 2, SortMode.VALUESORT));
    }

    @Test
    void rowsortNeedsWholeRows() {
        assertThrows(IllegalArgumentException.class, () -> ResultSorter.sort(List.of("1", "2", "3"), 2,
                SortMode.ROWSORT));
    }

    @Test
    void orderIsThatOfUtf8Bytes() {
        // U+FF21 (EF BC A1) sorts before U+1F600 (F0 9F 98 80) in UTF-8, but after its surrogates in UTF-16
        List<String> values = List.of("\uD83D\uDE00", "\uFF21", "(empty)", "@");
        assertEquals(List.of("(empty)", "@", "\uFF21", "\uD83D\uDE00"), ResultSorter.sort(values, 1,
                SortMode.VALUESORT));
    }

    @Property
    void comparatorAgreesWithUtf8ByteOrder(@ForAll String a, @ForAll String b) {
        if (hasLoneSurrogate(a) || hasLoneSurrogate(b)) {
            return; // not representable in UTF-8
        }
        int bytes = Arrays.compareUnsigned(a.getBytes(StandardCharsets.UTF_8), b.getBytes(StandardCharsets.UTF_8));
        assertEquals(Integer.signum(bytes), Integer.signum(ResultSorter.BYTE_ORDER.compare(a, b)));
    }

    @Property
    void rowsortIsAPermutationOfWholeRows(@ForAll List<@net.jqwik.api.constraints.AlphaChars String> cells) {
        List<String> values = cells.subList(0, cells.size() - cells.size() % 2);
        List<String> sorted = ResultSorter.sort(values, 2, SortMode.ROWSORT);
        assertEquals(values.size(), sorted.size());
        for (int r = 0; r + 3 < sorted.size(); r += 2) {
            int c = ResultSorter.BYTE_ORDER.compare(sorted.get(r), sorted.get(r + 2));
            assertTrue(c < 0 || (c == 0 && ResultSorter.BYTE_ORDER.compare(sorted.get(r + 1), sorted.get(r + 3)) <= 0));
        }
        assertEquals(rows(values), rows(sorted));
    }

    private static List<String> rows(List<String> values) {
        String[] rows = new String[values.size() / 2];
        for (int r = 0; r < rows.length; r++) {
            rows[r] = values.get(2 * r) + "\u0000" + values.get(2 * r + 1);
        }
        Arrays.sort(rows);
        return Arrays.asList(rows);
    }

    private static boolean hasLoneSurrogate(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
                i++;
            } else if (Character.isSurrogate(c)) {
                return true;
            }
        }
        return false;
    }

    @Test
    void partialSortSortsRunsThatAgreeOnTheKeyColumns() {
        List<String> rows = List.of("1", "b", "1", "a", "2", "z", "2", "c", "1", "c");
        assertEquals(List.of("1", "a", "1", "b", "2", "c", "2", "z", "1", "c"),
                ResultSorter.partialSort(rows, 2, List.of(1)));
        assertEquals(rows, ResultSorter.partialSort(rows, 2, List.of(1, 2)), "every run is one row");
    }
}
