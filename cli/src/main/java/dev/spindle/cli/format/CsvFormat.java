package dev.spindle.cli.format;

import java.io.PrintWriter;
import java.util.List;

/**
 * RFC 4180 CSV with a header line: a value is quoted when it holds a comma, a quote, a line
 * break or leading or trailing space, or is empty; NULL is an empty field and the empty string
 * {@code ""}, as PostgreSQL's {@code COPY ... CSV} writes them. Lines end with {@code \n}.
 *
 * <p>Stateless and thread-safe.
 */
public final class CsvFormat {
    private CsvFormat() {
    }

    /** Writes {@code data}: the header line, then one line per row. */
    public static void write(ResultData data, PrintWriter out) {
        StringBuilder line = new StringBuilder();
        List<ResultColumn> columns = data.columns();
        for (int c = 0; c < columns.size(); c++) {
            line.append(c == 0 ? "" : ",").append(field(columns.get(c).name()));
        }
        out.print(line.append('\n'));
        for (List<String> row : data.rows()) {
            line.setLength(0);
            for (int c = 0; c < row.size(); c++) {
                line.append(c == 0 ? "" : ",");
                String v = row.get(c);
                if (v != null) {
                    line.append(field(v));
                }
            }
            out.print(line.append('\n'));
        }
    }

    static String field(String v) {
        boolean quote = v.isEmpty() || v.indexOf(',') >= 0 || v.indexOf('"') >= 0 || v.indexOf('\n') >= 0
                || v.indexOf('\r') >= 0 || Character.isWhitespace(v.charAt(0))
                || Character.isWhitespace(v.charAt(v.length() - 1));
        return quote ? '"' + v.replace("\"", "\"\"") + '"' : v;
    }
}
