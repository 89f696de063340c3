package dev.spindle.cli.format;

import java.io.PrintWriter;
import java.util.List;

/**
 * One record per block, one line per column ({@code \x} in psql), for results too wide for a
 * table:
 *
 * <pre>
 * -[ RECORD 1 ]-----
 * id   | 1
 * name | alice
 * </pre>
 *
 * <p>Stateless and thread-safe.
 */
public final class ExpandedFormat {
    private ExpandedFormat() {
    }

    /** Writes {@code data} as expanded records, then its row count. */
    public static void write(ResultData data, Style style, PrintWriter out) {
        List<ResultColumn> columns = data.columns();
        int nameWidth = 0;
        int valueWidth = 0;
        for (ResultColumn c : columns) {
            nameWidth = Math.max(nameWidth, TextWidth.of(TextWidth.oneLine(c.name())));
        }
        for (List<String> row : data.rows()) {
            for (String v : row) {
                valueWidth = Math.max(valueWidth, v == null ? TextWidth.of(style.nullText()) : TextWidth.of(TextWidth.oneLine(v)));
            }
        }
        int record = 0;
        for (List<String> row : data.rows()) {
            record++;
            String title = "-[ RECORD " + record + " ]";
            out.println(title + "-".repeat(Math.max(1, nameWidth + valueWidth + 3 - title.length())));
            for (int c = 0; c < columns.size(); c++) {
                String name = TextWidth.padRight(TextWidth.oneLine(columns.get(c).name()), nameWidth);
                String v = row.get(c);
                String shown = v == null ? style.nullCell(style.nullText()) : TextWidth.oneLine(v);
                out.println(style.header(name) + " | " + shown);
            }
        }
        out.println(TableFormat.rowCount(data.rows().size()));
    }
}
