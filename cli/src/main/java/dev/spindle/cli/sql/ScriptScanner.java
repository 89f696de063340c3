package dev.spindle.cli.sql;

import java.util.ArrayList;
import java.util.List;

/**
 * Cuts SQL text into the {@link Piece}s to run, in order: statements end at a {@code ;} outside
 * strings, quoted names and comments; a {@code \} that begins a statement starts a meta-command,
 * which ends with its line. What follows the last complete piece is the {@linkplain Scan#rest()
 * rest}: empty when the text is complete, else the start of a statement still being typed.
 * Pieces of nothing but comments are dropped.
 *
 * <p>Stateless and thread-safe.
 */
public final class ScriptScanner {
    private ScriptScanner() {
    }

    /**
     * The result of a scan.
     *
     * @param pieces the complete pieces, in order
     * @param rest   the text after them that does not end a statement, or {@code ""} when there
     *               is none (only spaces and comments count as none)
     */
    public record Scan(List<Piece> pieces, String rest) {
        public Scan {
            pieces = List.copyOf(pieces);
            java.util.Objects.requireNonNull(rest, "rest");
        }

        /** Whether the text ended where a piece ends (nothing is left half-typed). */
        public boolean complete() {
            return rest.isEmpty();
        }
    }

    /** Scans {@code text} in one pass. */
    public static Scan scan(String text) {
        List<Piece> pieces = new ArrayList<>();
        int n = text.length();
        int pos = 0;
        int line = 1;
        int lineCountedTo = 0;
        while (true) {
            Token head = null;
            while (pos < n) {
                Token t = SqlLexer.next(text, pos);
                if (!t.blank() || !t.terminated()) {
                    head = t;
                    break;
                }
                pos = t.end();
            }
            if (head == null) {
                return new Scan(pieces, "");
            }
            line += lines(text, lineCountedTo, head.start());
            lineCountedTo = head.start();
            if (head.kind() == Token.Kind.BACKSLASH) {
                int eol = text.indexOf('\n', head.start());
                int end = eol < 0 ? n : eol;
                // a meta-command is complete at the end of its line; the text's end ends the line
                pieces.add(new Piece(Piece.Kind.META, text.substring(head.start(), end).strip(), line));
                pos = end;
                continue;
            }
            int at = head.start();
            Token t = head;
            while (t.kind() != Token.Kind.SEMICOLON) {
                at = t.end();
                if (at >= n) {
                    return new Scan(pieces, text.substring(head.start()));
                }
                t = SqlLexer.next(text, at);
            }
            String statement = text.substring(head.start(), t.start()).strip();
            if (!onlyComments(statement)) {
                pieces.add(new Piece(Piece.Kind.SQL, statement, line));
            }
            pos = t.end();
        }
    }

    /** Whether {@code text} ends inside a string, quoted name or block comment. */
    public static boolean endsInsideQuoteOrComment(String text) {
        List<Token> tokens = SqlLexer.tokens(text);
        return !tokens.isEmpty() && !tokens.get(tokens.size() - 1).terminated();
    }

    private static boolean onlyComments(String statement) {
        for (Token t : SqlLexer.tokens(statement)) {
            if (!t.blank()) {
                return false;
            }
        }
        return true;
    }

    private static int lines(String text, int from, int to) {
        int count = 0;
        for (int k = from; k < to; k++) {
            if (text.charAt(k) == '\n') {
                count++;
            }
        }
        return count;
    }
}
