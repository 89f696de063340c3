package dev.spindle.cli.format;

import java.io.PrintWriter;
import java.util.List;

/**
 * An aligned table in psql's style: a centred header, a rule, one line per row (numbers
 * right-aligned, text left-aligned, NULL in the {@link Style}'s way, line breaks inside values
 * shown as {@code \n}), and a row count.
 *
 * <pre>
 *  id | name
 * ----+-------
 *   1 | alice
 *   2 | NULL
 * (2 rows)
 * </pre>
 *
 * <p>Stateless and thread-safe.
 */
public final class TableFormat {
    private TableFormat() {
    }

    /** The width in columns of the table's widest line. */
    public static int width(ResultData data, Style style) {
        int[] widths = widths(data, style);
        int total = 0;
        for (int w : widths) {
            total += w + 3;
        }
        return Math.max(0, total - 1);
    }

    /** Writes {@code data} as a table, then its row count. */
    public static void write(ResultData data, Style style, PrintWriter out) {
        write(data, style, out, true);
    }

    /** Writes {@code data} as a table, then its row count if {@code footer}. */
    public static void write(ResultData data, Style style, PrintWriter out, boolean footer) {
        List<ResultColumn> columns = data.columns();
        int[] widths = widths(data, style);
        StringBuilder line = new StringBuilder();
        for (int c = 0; c < columns.size(); c++) {
            String name = TextWidth.oneLine(columns.get(c).name());
            int free = widths[c] - TextWidth.of(name);
            String centred = " ".repeat(free / 2) + name + " ".repeat(free - free / 2);
            if (c == columns.size() - 1) {
                // no trailing spaces inside the styled header: lines end where their text ends
                centred = centred.stripTrailing();
            }
            line.append(c == 0 ? " " : " | ").append(style.header(centred));
        }
        out.println(stripEnd(line));
        line.setLength(0);
        for (int c = 0; c < columns.size(); c++) {
            line.append(c == 0 ? "" : "+").append("-".repeat(widths[c] + 2));
        }
        out.println(line);
        for (List<String> row : data.rows()) {
            line.setLength(0);
            for (int c = 0; c < columns.size(); c++) {
                line.append(c == 0 ? " " : " | ");
                String v = row.get(c);
                boolean last = c == columns.size() - 1;
                if (v == null) {
                    String text = style.nullText();
                    boolean right = columns.get(c).kind() == ColumnKind.NUMBER;
                    String padded = right ? TextWidth.padLeft(text, widths[c])
                            : last ? text : TextWidth.padRight(text, widths[c]);
                    line.append(style.nullCell(padded));
                } else {
                    String text = TextWidth.oneLine(v);
                    if (columns.get(c).kind() == ColumnKind.NUMBER) {
                        line.append(TextWidth.padLeft(text, widths[c]));
                    } else {
                        line.append(last ? text : TextWidth.padRight(text, widths[c]));
                    }
                }
            }
            out.println(stripEnd(line));
        }
        if (footer) {
            out.println(rowCount(data.rows().size()));
        }
    }

    /** {@code (1 row)} or {@code (N rows)}. */
    public static String rowCount(int rows) {
        return rows == 1 ? "(1 row)" : "(" + rows + " rows)";
    }

    private static int[] widths(ResultData data, Style style) {
        int[] widths = new int[data.columns().size()];
        for (int c = 0; c < widths.length; c++) {
            widths[c] = TextWidth.of(TextWidth.oneLine(data.columns().get(c).name()));
        }
        int nullWidth = TextWidth.of(style.nullText());
        for (List<String> row : data.rows()) {
            for (int c = 0; c < widths.length; c++) {
                String v = row.get(c);
                widths[c] = Math.max(widths[c], v == null ? nullWidth : TextWidth.of(TextWidth.oneLine(v)));
            }
        }
        return widths;
    }

    private static String stripEnd(StringBuilder line) {
        int end = line.length();
        while (end > 0 && line.charAt(end - 1) == ' ') {
            end--;
        }
        return line.substring(0, end);
    }
}
