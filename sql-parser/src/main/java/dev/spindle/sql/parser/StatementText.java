package dev.spindle.sql.parser;

import dev.spindle.common.error.ErrorCode;
import dev.spindle.common.error.SpindleException;
import java.util.Arrays;

/**
 * The text of one call to the parser, with the line starts needed to turn the parser's
 * (line, column) into a character offset. Lines end at {@code \n}, {@code \r\n} or a lone
 * {@code \r}, and a tab is one column, as for the generated parser under {@code SqlParser}
 * (tab size 1). Columns and offsets count UTF-16 code units.
 *
 * <p>Immutable; one per call, never shared.
 */
final class StatementText {
    private final String sql;
    private final int[] lineStarts;

    StatementText(String sql) {
        this.sql = sql;
        int[] starts = new int[16];
        int lines = 1;
        for (int i = 0; i < sql.length(); i++) {
            char c = sql.charAt(i);
            boolean lineEnd = c == '\n' || (c == '\r' && (i + 1 == sql.length() || sql.charAt(i + 1) != '\n'));
            if (lineEnd) {
                if (lines == starts.length) {
                    starts = Arrays.copyOf(starts, lines * 2);
                }
                starts[lines++] = i + 1;
            }
        }
        this.lineStarts = Arrays.copyOf(starts, lines);
    }

    String sql() {
        return sql;
    }

    /** The 0-based offset of 1-based ({@code line}, {@code column}), clamped to the text. */
    int offset(int line, int column) {
        if (line < 1) {
            return 0;
        }
        int start = line <= lineStarts.length ? lineStarts[line - 1] : sql.length();
        return Math.max(0, Math.min(sql.length(), start + Math.max(column, 1) - 1));
    }

    /** The 1-based line of 0-based {@code offset}. */
    int line(int offset) {
        int i = Arrays.binarySearch(lineStarts, offset);
        return i >= 0 ? i + 1 : -i - 1;
    }

    /** The 1-based column of 0-based {@code offset}. */
    int column(int offset) {
        return offset - lineStarts[line(offset) - 1] + 1;
    }

    /** {@code " at line L, column C"} for 0-based {@code offset}. */
    String where(int offset) {
        return " at line " + line(offset) + ", column " + column(offset);
    }

    /**
     * Refuses text that is not well-formed UTF-16: a high surrogate not followed by a low one,
     * or a low surrogate not preceded by a high one. Such text cannot come from any encoding of
     * characters; the lexer would otherwise read it as letters or choke on it.
     *
     * @throws SpindleException {@link ErrorCode#SYNTAX_ERROR_1} at the first lone surrogate
     */
    void checkWellFormed() {
        for (int i = 0; i < sql.length(); i++) {
            char c = sql.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < sql.length() && Character.isLowSurrogate(sql.charAt(i + 1))) {
                i++;
            } else if (Character.isSurrogate(c)) {
                throw SpindleException.atPosition(i + 1, ErrorCode.SYNTAX_ERROR_1,
                        String.format("invalid UTF-16 in statement: unpaired surrogate U+%04X%s", (int) c, where(i)));
            }
        }
    }

    /**
     * The word at 0-based {@code offset}: letters, digits and underscores, or else one character,
     * cut to {@code max} characters.
     */
    String wordAt(int offset, int max) {
        int end = offset;
        while (end < sql.length() && (Character.isLetterOrDigit(sql.charAt(end)) || sql.charAt(end) == '_')) {
            end++;
        }
        if (end == offset && offset < sql.length()) {
            end = offset + Character.charCount(sql.codePointAt(offset));
        }
        return excerpt(offset, end, max);
    }

    /** The text at 0-based {@code [from, to)}, cut to {@code max} characters with "..." if longer. */
    String excerpt(int from, int to, int max) {
        from = Math.max(0, Math.min(from, sql.length()));
        to = Math.max(from, Math.min(to, sql.length()));
        if (to - from > max) {
            int end = from + max;
            if (Character.isHighSurrogate(sql.charAt(end - 1))) {
                end--;
            }
            return sql.substring(from, end) + "...";
        }
        return sql.substring(from, to);
    }
}
