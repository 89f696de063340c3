package dev.spindle.cli.sql;

/**
 * A token of SQL text: its kind and where it lies in the text ({@code [start, end)}).
 *
 * @param kind       what it is
 * @param start      offset of its first character
 * @param end        offset after its last character
 * @param terminated false for a string, quoted name or block comment that the text ends inside
 */
public record Token(Kind kind, int start, int end, boolean terminated) {
    /** The kinds of token. */
    public enum Kind {
        /** Spaces, tabs and line breaks. */
        SPACE,
        /** A line comment ({@code -- ...}) or a block comment (nested). */
        COMMENT,
        /** An unquoted word: a keyword or a name. */
        WORD,
        /** A {@code "quoted"} name. */
        QUOTED_NAME,
        /** A {@code 'string'} literal. */
        STRING,
        /** A number literal. */
        NUMBER,
        /** {@code ;}, the end of a statement. */
        SEMICOLON,
        /** {@code \}, the start of a meta-command when it begins a statement. */
        BACKSLASH,
        /** Any other character: operators, brackets, commas, dots. */
        PUNCT
    }

    public Token {
        if (kind == null || start < 0 || end < start) {
            throw new IllegalArgumentException("bad token " + kind + " [" + start + ", " + end + ")");
        }
    }

    /** The token's characters in {@code text}. */
    public String text(CharSequence text) {
        return text.subSequence(start, end).toString();
    }

    /** Whether the token carries no meaning (space or comment). */
    public boolean blank() {
        return kind == Kind.SPACE || kind == Kind.COMMENT;
    }
}
