package dev.spindle.cli.exec;

import dev.spindle.jdbc.SpindleSQLException;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An {@link SQLException} as the shell shows it, in psql's way: the message with its SQLSTATE
 * and, when the driver names a position in the statement, the statement's line there with a
 * caret under the character:
 *
 * <pre>
 * ERROR:  Column 'nope' not found in any table (SQLSTATE 42703)
 * LINE 1: SELECT nope FROM t
 *                ^
 * </pre>
 *
 * Spindle's driver gives the position as {@link SpindleSQLException#position()} and as
 * {@code " (at position N)"} (1-based) after the message, which is taken off the message shown;
 * so is Avatica's {@code Error N (SQLSTATE) : Error while executing SQL "...": }, which a driver
 * built on Avatica may put before it.
 *
 * @param message  the message, without the driver's prefix and position
 * @param sqlState the SQLSTATE, or {@code null} when the driver gave none
 * @param position the 1-based position in the statement, or -1
 */
public record ErrorReport(String message, String sqlState, int position) {
    private static final Pattern POSITION = Pattern.compile("\\s*\\(at position (\\d+)\\)\\s*$");
    private static final String AVATICA_PREFIX = "Error while executing SQL \"";
    /** Avatica's {@code AvaticaClientRuntimeException} text: {@code Error CODE (SQLSTATE) : }. */
    private static final Pattern AVATICA_CODE = Pattern.compile("^Error -?\\d+ \\([0-9A-Z]{5}\\) : ");
    /** Lines longer than this are shown as a window around the caret. */
    private static final int WINDOW = 100;

    public ErrorReport {
        java.util.Objects.requireNonNull(message, "message");
    }

    /** The report of {@code e}, raised by statement {@code sql} (null when not known). */
    public static ErrorReport of(SQLException e, String sql) {
        String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        message = AVATICA_CODE.matcher(message).replaceFirst("");
        if (sql != null && message.startsWith(AVATICA_PREFIX + sql + "\": ")) {
            message = message.substring(AVATICA_PREFIX.length() + sql.length() + 3);
        } else if (message.startsWith(AVATICA_PREFIX)) {
            int cut = message.lastIndexOf("\": ");
            if (cut > 0) {
                message = message.substring(cut + 3);
            }
        }
        int position = e instanceof SpindleSQLException s ? s.position() : -1;
        Matcher m = POSITION.matcher(message);
        if (m.find()) {
            if (position < 1) {
                position = Integer.parseInt(m.group(1));
            }
            message = message.substring(0, m.start());
        }
        return new ErrorReport(message.strip(), e.getSQLState(), position);
    }

    /** The lines to print for statement {@code sql} (null when not known): the error, then the caret, if any. */
    public List<String> lines(String sql) {
        List<String> out = new ArrayList<>();
        out.add("ERROR:  " + message + (sqlState == null ? "" : " (SQLSTATE " + sqlState + ")"));
        if (sql != null && position >= 1 && position <= sql.length() + 1) {
            out.addAll(caret(sql, position - 1));
        }
        return out;
    }

    private static List<String> caret(String sql, int offset) {
        int lineNo = 1;
        int lineStart = 0;
        for (int i = 0; i < offset && i < sql.length(); i++) {
            if (sql.charAt(i) == '\n') {
                lineNo++;
                lineStart = i + 1;
            }
        }
        int lineEnd = sql.indexOf('\n', lineStart);
        String line = sql.substring(lineStart, lineEnd < 0 ? sql.length() : lineEnd).replace('\t', ' ').stripTrailing();
        int col = offset - lineStart;
        String prefix = "LINE " + lineNo + ": ";
        if (line.length() > WINDOW) {
            int from = Math.max(0, Math.min(col - WINDOW / 2, line.length() - WINDOW));
            int to = Math.min(line.length(), from + WINDOW);
            String shown = (from > 0 ? "..." : "") + line.substring(from, to) + (to < line.length() ? "..." : "");
            col = col - from + (from > 0 ? 3 : 0);
            line = shown;
        }
        return List.of(prefix + line, " ".repeat(prefix.length() + dev.spindle.cli.format.TextWidth.of(line.substring(0, Math.min(col, line.length())))) + "^");
    }
}
