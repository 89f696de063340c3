package dev.spindle.cli.shell;

import dev.spindle.cli.sql.ScriptScanner;
import java.util.List;
import org.jline.reader.CompletingParsedLine;
import org.jline.reader.EOFError;
import org.jline.reader.ParsedLine;
import org.jline.reader.Parser;

/**
 * JLine's view of the buffer being typed: Enter accepts it only once it ends a statement with
 * {@code ;} (or is a meta-command line, or blank); otherwise JLine goes on to a continuation
 * line. For completion, the word under the cursor is the run of name characters around it.
 *
 * <p>Stateless and thread-safe.
 */
final class StatementParser implements Parser {
    @Override
    public ParsedLine parse(String line, int cursor, ParseContext context) {
        if (context == ParseContext.ACCEPT_LINE && !line.isBlank() && !ScriptScanner.scan(line).complete()) {
            throw new EOFError(-1, -1, "the statement goes on until ';'", "';'");
        }
        int start = Math.min(cursor, line.length());
        while (start > 0 && isNameChar(line.charAt(start - 1))) {
            start--;
        }
        int end = Math.min(cursor, line.length());
        while (end < line.length() && isNameChar(line.charAt(end))) {
            end++;
        }
        return new Line(line, cursor, line.substring(start, end), cursor - start);
    }

    @Override
    public boolean isEscapeChar(char ch) {
        return false;
    }

    static boolean isNameChar(char c) {
        return Character.isLetterOrDigit(c) || c == '_' || c == '$';
    }

    /** The buffer and the word under the cursor. */
    private record Line(String line, int cursor, String word, int wordCursor) implements CompletingParsedLine {
        @Override
        public int wordIndex() {
            return 0;
        }

        @Override
        public List<String> words() {
            return List.of(word);
        }

        @Override
        public CharSequence escape(CharSequence candidate, boolean complete) {
            return candidate;
        }

        @Override
        public int rawWordCursor() {
            return wordCursor;
        }

        @Override
        public int rawWordLength() {
            return word.length();
        }
    }
}
