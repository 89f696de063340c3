package dev.spindle.cli.format;

import java.io.PrintWriter;
import java.math.BigDecimal;
import java.util.List;

/**
 * A result as one JSON array of objects, one object per row keyed by column label, on one line
 * per row: numbers and booleans bare, NULL as {@code null}, everything else a string. A number
 * that is not a JSON number ({@code NaN}, {@code Infinity}) is written as a string.
 *
 * <p>Stateless and thread-safe.
 */
public final class JsonFormat {
    private JsonFormat() {
    }

    /** Writes {@code data} as {@code [{...},\n{...}]}. */
    public static void write(ResultData data, PrintWriter out) {
        List<ResultColumn> columns = data.columns();
        StringBuilder sb = new StringBuilder("[");
        boolean firstRow = true;
        for (List<String> row : data.rows()) {
            sb.append(firstRow ? "" : ",\n").append('{');
            firstRow = false;
            for (int c = 0; c < columns.size(); c++) {
                if (c > 0) {
                    sb.append(',');
                }
                string(columns.get(c).name(), sb);
                sb.append(':');
                value(row.get(c), columns.get(c).kind(), sb);
            }
            sb.append('}');
        }
        out.print(sb.append("]\n"));
    }

    private static void value(String v, ColumnKind kind, StringBuilder sb) {
        if (v == null) {
            sb.append("null");
        } else if (kind == ColumnKind.NUMBER && isJsonNumber(v)) {
            sb.append(v);
        } else if (kind == ColumnKind.BOOLEAN && (v.equals("true") || v.equals("false"))) {
            sb.append(v);
        } else {
            string(v, sb);
        }
    }

    static boolean isJsonNumber(String v) {
        if (v.isEmpty() || !(Character.isDigit(v.charAt(0)) || v.charAt(0) == '-')) {
            return false;
        }
        try {
            new BigDecimal(v);
        } catch (NumberFormatException e) {
            return false;
        }
        // BigDecimal takes "1." and ".5" and "+1", which JSON does not
        return !v.endsWith(".") && !v.contains(".e") && !v.contains(".E") && !v.startsWith("-.");
    }

    static void string(String s, StringBuilder sb) {
        sb.append('"');
        for (int i = 0; i < s.length(); i++) {
            char ch = s.charAt(i);
            switch (ch) {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                case '\n' -> sb.append("\\n");
                case '\r' -> sb.append("\\r");
                case '\t' -> sb.append("\\t");
                case '\b' -> sb.append("\\b");
                case '\f' -> sb.append("\\f");
                default -> {
                    if (ch < 0x20) {
                        sb.append(String.format("\\u%04x", (int) ch));
                    } else {
                        sb.append(ch);
                    }
                }
            }
        }
        sb.append('"');
    }
}
