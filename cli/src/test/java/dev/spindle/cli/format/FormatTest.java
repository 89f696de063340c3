package dev.spindle.cli.format;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

class FormatTest {
    private static final ResultData DATA = new ResultData(
            List.of(new ResultColumn("id", ColumnKind.NUMBER), new ResultColumn("name", ColumnKind.TEXT),
                    new ResultColumn("ok", ColumnKind.BOOLEAN)),
            List.of(Arrays.asList("1", "alice", "true"), Arrays.asList("22", null, null),
                    Arrays.asList(null, "a, \"b\"\nc", "false"), Arrays.asList("3", "", "true")));

    private static String render(Consumer<PrintWriter> write) {
        StringWriter s = new StringWriter();
        PrintWriter out = new PrintWriter(s);
        write.accept(out);
        out.flush();
        return s.toString().replace(System.lineSeparator(), "\n");
    }

    @Test
    void tableAlignsNumbersRightTextLeftAndShowsNull() {
        String table = render(out -> TableFormat.write(DATA, Style.PLAIN, out));
        assertEquals(String.join("\n",
                "  id  |   name    |  ok",
                "------+-----------+-------",
                "    1 | alice     | true",
                "   22 | NULL      | NULL",
                " NULL | a, \"b\"\\nc | false",
                "    3 |           | true",
                "(4 rows)", ""), table);
        assertEquals(26, TableFormat.width(DATA, Style.PLAIN));
    }

    @Test
    void colouredNullIsStyledButTakesTheSameWidth() {
        String table = render(out -> TableFormat.write(DATA, Style.COLOR, out));
        assertTrue(table.contains("\u001b[2;3mNULL"), table);
        assertEquals(TableFormat.width(DATA, Style.PLAIN), TableFormat.width(DATA, Style.COLOR));
    }

    @Test
    void rowCountsAndEmptyResults() {
        assertEquals("(1 row)", TableFormat.rowCount(1));
        ResultData empty = new ResultData(List.of(new ResultColumn("a", ColumnKind.TEXT)), List.of());
        assertEquals(" a\n---\n(0 rows)\n", render(out -> TableFormat.write(empty, Style.PLAIN, out)));
    }

    @Test
    void wideCharactersTakeTwoColumns() {
        ResultData wide = new ResultData(List.of(new ResultColumn("w", ColumnKind.TEXT)),
                List.of(List.of("日本"), List.of("ab")));
        assertEquals(4, TextWidth.of("日本"));
        assertEquals("  w\n------\n 日本\n ab\n(2 rows)\n", render(out -> TableFormat.write(wide, Style.PLAIN, out)));
    }

    @Test
    void expandedShowsOneLinePerColumn() {
        String text = render(out -> ExpandedFormat.write(DATA, Style.PLAIN, out));
        assertTrue(text.startsWith("-[ RECORD 1 ]"), text);
        assertTrue(text.contains("\nid   | 1\nname | alice\nok   | true\n"), text);
        assertTrue(text.contains("-[ RECORD 2 ]"), text);
        assertTrue(text.contains("name | NULL\n"), text);
        assertTrue(text.endsWith("(4 rows)\n"), text);
    }

    @Test
    void csvQuotesWhatItMustAndKeepsNullApartFromEmpty() {
        assertEquals(String.join("\n",
                "id,name,ok",
                "1,alice,true",
                "22,,",
                ",\"a, \"\"b\"\"\nc\",false",
                "3,\"\",true", ""), render(out -> CsvFormat.write(DATA, out)));
    }

    @Test
    void jsonKeepsTypesAndEscapes() {
        assertEquals(String.join("\n",
                "[{\"id\":1,\"name\":\"alice\",\"ok\":true},",
                "{\"id\":22,\"name\":null,\"ok\":null},",
                "{\"id\":null,\"name\":\"a, \\\"b\\\"\\nc\",\"ok\":false},",
                "{\"id\":3,\"name\":\"\",\"ok\":true}]", ""), render(out -> JsonFormat.write(DATA, out)));
        assertTrue(JsonFormat.isJsonNumber("-1.5e10"));
        assertFalse(JsonFormat.isJsonNumber("NaN"));
        assertFalse(JsonFormat.isJsonNumber("Infinity"));
        assertFalse(JsonFormat.isJsonNumber("1."));
        ResultData odd = new ResultData(List.of(new ResultColumn("d", ColumnKind.NUMBER)), List.of(List.of("NaN")));
        assertEquals("[{\"d\":\"NaN\"}]\n", render(out -> JsonFormat.write(odd, out)));
    }
}
