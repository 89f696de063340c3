package dev.spindle.sqllogictest.format;

import java.util.ArrayList;
import java.util.List;

/**
 * One line of a file as the format sees it: a trailing {@code \r} removed, a line of nothing but
 * white space made empty.
 *
 * @param number the 1-based line number
 * @param text   the line's text
 */
record SourceLine(int number, String text) {

    /** Whether the line separates records. */
    boolean isBlank() {
        return text.isEmpty();
    }

    /** Whether the line is a comment, dropped wherever it occurs (also inside SQL and results). */
    boolean isComment() {
        return text.startsWith("#");
    }

    /** Splits a file's text into lines (LF or CRLF). */
    static List<SourceLine> split(String text) {
        List<SourceLine> lines = new ArrayList<>();
        int start = 0;
        int number = 1;
        while (start <= text.length()) {
            int end = text.indexOf('\n', start);
            if (end < 0) {
                end = text.length();
                if (start == end) {
                    break; // no line after the final newline
                }
            }
            lines.add(new SourceLine(number++, normalize(text.substring(start, end))));
            start = end + 1;
        }
        return lines;
    }

    private static String normalize(String raw) {
        String line = raw.endsWith("\r") ? raw.substring(0, raw.length() - 1) : raw;
        return line.isBlank() ? "" : line;
    }
}
