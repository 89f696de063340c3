package dev.spindle.cli.sql;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits SQL text into {@link Token}s the way PostgreSQL reads it: {@code 'strings'} with
 * {@code ''} inside, {@code "names"} with {@code ""} inside, {@code --} line comments, nested
 * block comments, numbers ({@code 1}, {@code 1.5}, {@code .5}, {@code 1e-3}), words. Every
 * character of the text belongs to exactly one token, so the tokens rebuild the text. Text that
 * ends inside a string, quoted name or block comment gives a last token that is not
 * {@linkplain Token#terminated() terminated}.
 *
 * <p>Stateless and thread-safe.
 */
public final class SqlLexer {
    private SqlLexer() {
    }

    /** The tokens of {@code text}, in order. */
    public static List<Token> tokens(CharSequence text) {
        List<Token> out = new ArrayList<>();
        int i = 0;
        int n = text.length();
        while (i < n) {
            Token t = next(text, i);
            out.add(t);
            i = t.end();
        }
        return out;
    }

    /** The token that starts at offset {@code i} of {@code s} ({@code i < s.length()}). */
    public static Token next(CharSequence s, int i) {
        int n = s.length();
        char c = s.charAt(i);
        if (Character.isWhitespace(c)) {
            int j = i + 1;
            while (j < n && Character.isWhitespace(s.charAt(j))) {
                j++;
            }
            return new Token(Token.Kind.SPACE, i, j, true);
        }
        if (c == '-' && i + 1 < n && s.charAt(i + 1) == '-') {
            int j = i + 2;
            while (j < n && s.charAt(j) != '\n') {
                j++;
            }
            return new Token(Token.Kind.COMMENT, i, j, true);
        }
        if (c == '/' && i + 1 < n && s.charAt(i + 1) == '*') {
            return blockComment(s, i);
        }
        if (c == '\'') {
            return quoted(s, i, '\'', Token.Kind.STRING);
        }
        if (c == '"') {
            return quoted(s, i, '"', Token.Kind.QUOTED_NAME);
        }
        if (Character.isDigit(c) || (c == '.' && i + 1 < n && Character.isDigit(s.charAt(i + 1)))) {
            return number(s, i);
        }
        if (Character.isLetter(c) || c == '_') {
            int j = i + 1;
            while (j < n && (Character.isLetterOrDigit(s.charAt(j)) || s.charAt(j) == '_' || s.charAt(j) == '$')) {
                j++;
            }
            return new Token(Token.Kind.WORD, i, j, true);
        }
        if (c == ';') {
            return new Token(Token.Kind.SEMICOLON, i, i + 1, true);
        }
        if (c == '\\') {
            return new Token(Token.Kind.BACKSLASH, i, i + 1, true);
        }
        return new Token(Token.Kind.PUNCT, i, i + 1, true);
    }

    private static Token blockComment(CharSequence s, int i) {
        int n = s.length();
        int depth = 1;
        int j = i + 2;
        while (j < n && depth > 0) {
            if (s.charAt(j) == '/' && j + 1 < n && s.charAt(j + 1) == '*') {
                depth++;
                j += 2;
            } else if (s.charAt(j) == '*' && j + 1 < n && s.charAt(j + 1) == '/') {
                depth--;
                j += 2;
            } else {
                j++;
            }
        }
        return new Token(Token.Kind.COMMENT, i, j, depth == 0);
    }

    private static Token quoted(CharSequence s, int i, char quote, Token.Kind kind) {
        int n = s.length();
        int j = i + 1;
        while (j < n) {
            if (s.charAt(j) == quote) {
                if (j + 1 < n && s.charAt(j + 1) == quote) {
                    j += 2;
                    continue;
                }
                return new Token(kind, i, j + 1, true);
            }
            j++;
        }
        return new Token(kind, i, n, false);
    }

    private static Token number(CharSequence s, int i) {
        int n = s.length();
        int j = i;
        while (j < n && Character.isDigit(s.charAt(j))) {
            j++;
        }
        if (j < n && s.charAt(j) == '.') {
            j++;
            while (j < n && Character.isDigit(s.charAt(j))) {
                j++;
            }
        }
        if (j < n && (s.charAt(j) == 'e' || s.charAt(j) == 'E')) {
            int k = j + 1;
            if (k < n && (s.charAt(k) == '+' || s.charAt(k) == '-')) {
                k++;
            }
            if (k < n && Character.isDigit(s.charAt(k))) {
                j = k;
                while (j < n && Character.isDigit(s.charAt(j))) {
                    j++;
                }
            }
        }
        return new Token(Token.Kind.NUMBER, i, j, true);
    }
}
