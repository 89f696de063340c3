package dev.spindle.sql.parser.direct;

import java.util.Arrays;
import java.util.Locale;
import org.apache.calcite.sql.parser.SqlParserPos;

/**
 * The tokens of one statement text as the generated lexer would cut them, for the texts the
 * direct parser reads: ASCII letters, digits, spaces, newlines, single-quoted strings on one line
 * and the operators {@code ( ) , . ; + - * / % ^ || = <> != < > <= >=}. Anything else (a tab, a
 * carriage return, a comment, a quoted identifier, a parameter, a bracket, a string continued or
 * spanning lines, a number with an exponent or run into a word, a word run into a quote, a word
 * longer than 128 characters, any character past ASCII) makes {@link #of} answer null: the
 * generated parser reads such a text.
 *
 * <p>Positions are the generated lexer's: 1-based line and column, the end inclusive.
 *
 * <p>Thread-safety: an instance is confined to the thread that parses with it.
 */
final class QueryTokens {
    static final byte WORD = 0;
    static final byte STRING = 1;
    static final byte INTEGER = 2;
    static final byte DECIMAL = 3;
    static final byte SYMBOL = 4;
    static final byte END = 5;

    /** The longest identifier the generated parser accepts (Calcite's default). */
    private static final int MAX_WORD = 128;

    private final String sql;
    byte[] kind = new byte[32];
    /** Per token: its text; upper case for a word, the operator for a symbol. */
    String[] text = new String[32];
    private int[] start = new int[32];
    private int[] end = new int[32];
    private int[] line = new int[32];
    private int[] column = new int[32];
    int count;

    private QueryTokens(String sql) {
        this.sql = sql;
    }

    /** The tokens of {@code sql}, the last one {@link #END}; null if the text holds anything else. */
    static QueryTokens of(String sql) {
        QueryTokens t = new QueryTokens(sql);
        return t.scan() ? t : null;
    }

    /** The token's position, as the generated parser's {@code getPos()} gives it. */
    SqlParserPos pos(int i) {
        int length = kind[i] == END ? 1 : tokenLength(i);
        return new SqlParserPos(line[i], column[i], line[i], column[i] + length - 1);
    }

    /** The token's characters as written (for numbers and strings; words keep their case). */
    String image(int i) {
        return sql.substring(start[i], start[i] + tokenLength(i));
    }

    private int tokenLength(int i) {
        return end[i] - start[i];
    }

    private boolean scan() {
        int n = sql.length();
        int ln = 1;
        int lineStart = 0;
        int i = 0;
        while (true) {
            while (i < n && (sql.charAt(i) == ' ' || sql.charAt(i) == '\n')) {
                if (sql.charAt(i) == '\n') {
                    ln++;
                    lineStart = i + 1;
                }
                i++;
            }
            if (i >= n) {
                add(END, null, i, i, ln, i - lineStart + 1);
                return true;
            }
            char c = sql.charAt(i);
            int col = i - lineStart + 1;
            int from = i;
            if (isLetter(c)) {
                while (i < n && (isLetter(sql.charAt(i)) || isDigit(sql.charAt(i)))) {
                    i++;
                }
                if (i - from > MAX_WORD || (i < n && (sql.charAt(i) == '\'' || sql.charAt(i) == '$'))) {
                    return false;
                }
                add(WORD, sql.substring(from, i).toUpperCase(Locale.ROOT), from, i, ln, col);
            } else if (isDigit(c) || (c == '.' && i + 1 < n && isDigit(sql.charAt(i + 1)))) {
                boolean decimal = false;
                while (i < n && isDigit(sql.charAt(i))) {
                    i++;
                }
                if (i < n && sql.charAt(i) == '.') {
                    decimal = true;
                    i++;
                    while (i < n && isDigit(sql.charAt(i))) {
                        i++;
                    }
                }
                if (i < n && (isLetter(sql.charAt(i)) || sql.charAt(i) == '.' || sql.charAt(i) == '$')) {
                    return false; // an exponent, or a number run into a word or another dot
                }
                add(decimal ? DECIMAL : INTEGER, null, from, i, ln, col);
            } else if (c == '\'') {
                i++;
                while (true) {
                    if (i >= n || sql.charAt(i) == '\n') {
                        return false;
                    }
                    if (sql.charAt(i) == '\'') {
                        if (i + 1 < n && sql.charAt(i + 1) == '\'') {
                            i += 2;
                            continue;
                        }
                        i++;
                        break;
                    }
                    if (!isPlain(sql.charAt(i))) {
                        return false;
                    }
                    i++;
                }
                add(STRING, null, from, i, ln, col);
            } else {
                String op = operator(i, n);
                if (op == null) {
                    return false;
                }
                i += op.length();
                add(SYMBOL, op, from, i, ln, col);
            }
        }
    }

    /** The operator at {@code i}, or null for a character the direct parser leaves alone. */
    private String operator(int i, int n) {
        char c = sql.charAt(i);
        char next = i + 1 < n ? sql.charAt(i + 1) : 0;
        switch (c) {
            case '(':
                return "(";
            case ')':
                return ")";
            case ',':
                return ",";
            case '.':
                return ".";
            case ';':
                return ";";
            case '+':
                return "+";
            case '*':
                return "*";
            case '%':
                return "%";
            case '^':
                return "^";
            case '-':
                return next == '-' || next == '>' ? null : "-";
            case '/':
                return next == '*' ? null : "/";
            case '|':
                return next == '|' ? "||" : null;
            case '=':
                return next == '>' || next == '=' ? null : "=";
            case '!':
                return next == '=' ? "!=" : null;
            case '<':
                if (next == '>') {
                    return "<>";
                }
                if (next == '=') {
                    return i + 2 < n && sql.charAt(i + 2) == '>' ? null : "<=";
                }
                return next == '<' ? null : "<";
            case '>':
                if (next == '=') {
                    return ">=";
                }
                return next == '>' ? null : ">";
            default:
                return null;
        }
    }

    private static boolean isLetter(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    /** A character a string literal may hold here: printable ASCII or a space. */
    private static boolean isPlain(char c) {
        return c >= ' ' && c < 127;
    }

    private void add(byte k, String s, int from, int to, int ln, int col) {
        if (count == kind.length) {
            int size = count * 2;
            kind = Arrays.copyOf(kind, size);
            text = Arrays.copyOf(text, size);
            start = Arrays.copyOf(start, size);
            end = Arrays.copyOf(end, size);
            line = Arrays.copyOf(line, size);
            column = Arrays.copyOf(column, size);
        }
        kind[count] = k;
        text[count] = s;
        start[count] = from;
        end[count] = to;
        line[count] = ln;
        column[count] = col;
        count++;
    }
}
