package dev.spindle.sql.parser;

import dev.spindle.common.error.ErrorCode;
import dev.spindle.common.error.SpindleException;
import dev.spindle.sql.parser.impl.ParseException;
import dev.spindle.sql.parser.impl.SpindleSqlParserImplConstants;
import dev.spindle.sql.parser.impl.Token;
import dev.spindle.sql.parser.impl.TokenMgrError;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.calcite.sql.parser.SqlParseException;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * Turns whatever the parser threw into a {@link SpindleException}, in PostgreSQL's words where
 * PostgreSQL has them:
 *
 * <ul>
 *   <li>an unexpected token: {@code syntax error at or near "FORM" at line 1, column 10}, or
 *       {@code syntax error at end of input at line 1, column 15};
 *   <li>a lexical error: {@code syntax error at or near "#"}, or {@code unterminated literal,
 *       quoted identifier or comment at or near "'abc"};
 *   <li>an error the grammar raises itself (a literal out of range, a clause written twice): its
 *       own message;
 * </ul>
 *
 * each {@link ErrorCode#SYNTAX_ERROR_1} (42601) with the 1-based offset of the spot in the text
 * when the parser knows it. A {@link StackOverflowError} anywhere in the chain becomes
 * {@link ErrorCode#STATEMENT_TOO_COMPLEX_1} (54001); an {@link OutOfMemoryError} is rethrown.
 *
 * <p>Stateless.
 */
final class ParseErrors {
    /** How much of an offending token a message quotes. */
    private static final int MAX_QUOTED = 40;
    /** Calcite's message for an expression where a query or statement belongs. */
    private static final String NON_QUERY = "Non-query expression encountered in illegal context";
    private static final Pattern LEXICAL_AFTER = Pattern.compile("(?s).*after : \"(.*)\"\\s*$");

    private ParseErrors() {
    }

    /** The exception for {@code failure}, thrown by the parser while reading {@code text}. */
    static SpindleException translate(Throwable failure, StatementText text) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof OutOfMemoryError) {
                throw (OutOfMemoryError) t;
            }
            if (t instanceof StackOverflowError) {
                return tooComplex();
            }
            if (t.getCause() == t) {
                break;
            }
        }
        if (!(failure instanceof SqlParseException)) {
            return SpindleException.withCause(failure, ErrorCode.SYNTAX_ERROR_1,
                    "syntax error: the parser failed: " + failure);
        }
        SqlParseException e = (SqlParseException) failure;
        SqlParserPos pos = e.getPos();
        int offset = pos == null || pos.getLineNum() <= 0 ? -1 : text.offset(pos.getLineNum(), pos.getColumnNum());
        Throwable cause = e.getCause();
        String message;
        if (cause instanceof ParseException) {
            message = unexpectedToken((ParseException) cause, text, pos, offset);
            if (atEnd((ParseException) cause)) {
                offset = text.sql().length(); // just past the text, where PostgreSQL points
            }
        } else if (cause instanceof TokenMgrError) {
            Lexical lexical = lexicalError((TokenMgrError) cause, text, offset);
            message = lexical.message();
            offset = lexical.offset();
        } else {
            message = firstLine(cause != null && cause.getMessage() != null ? cause.getMessage()
                    : String.valueOf(e.getMessage()));
            if (message.startsWith(NON_QUERY) && offset >= 0) {
                // Calcite read an expression where a statement (or query) belongs
                message = "syntax error at or near \"" + text.wordAt(offset, MAX_QUOTED) + "\"";
            }
        }
        if (offset < 0) {
            return new SpindleException(ErrorCode.SYNTAX_ERROR_1, message);
        }
        return SpindleException.atPosition(offset + 1, ErrorCode.SYNTAX_ERROR_1, message + text.where(offset));
    }

    /** A statement nested too deeply for the thread's stack. */
    static SpindleException tooComplex() {
        return new SpindleException(ErrorCode.STATEMENT_TOO_COMPLEX_1,
                "nested too deeply to parse (stack depth limit exceeded)");
    }

    private static boolean atEnd(ParseException pe) {
        return pe.currentToken != null && pe.currentToken.next != null
                && pe.currentToken.next.kind == SpindleSqlParserImplConstants.EOF;
    }

    private static String unexpectedToken(ParseException pe, StatementText text, @Nullable SqlParserPos pos,
            int offset) {
        Token next = pe.currentToken == null ? null : pe.currentToken.next;
        if (next != null) {
            if (next.kind == SpindleSqlParserImplConstants.EOF) {
                return "syntax error at end of input";
            }
            if (offset >= 0 && next.kind == SpindleSqlParserImplConstants.QUOTE) {
                // a quote the lexer could not pair: the string runs to the end of the text
                return "unterminated quoted string at or near \""
                        + text.excerpt(offset, text.sql().length(), MAX_QUOTED) + "\"";
            }
            if (offset >= 0 && next.kind == SpindleSqlParserImplConstants.DOUBLE_QUOTE) {
                return "unterminated quoted identifier at or near \""
                        + text.excerpt(offset, text.sql().length(), MAX_QUOTED) + "\"";
            }
            return "syntax error at or near \"" + quote(next.image) + "\"";
        }
        String message = String.valueOf(pe.getMessage());
        if (message.startsWith("Incorrect syntax near the keyword") && pos != null && offset >= 0) {
            // Calcite rewrote "Encountered" for a keyword; the position still spans the token
            int end = text.offset(pos.getEndLineNum(), pos.getEndColumnNum()) + 1;
            return "syntax error at or near \"" + text.excerpt(offset, end, MAX_QUOTED) + "\"";
        }
        return firstLine(message);
    }

    /** A message and the offset to report it at. */
    private record Lexical(String message, int offset) {
    }

    private static Lexical lexicalError(TokenMgrError error, StatementText text, int offset) {
        String message = String.valueOf(error.getMessage());
        Matcher after = LEXICAL_AFTER.matcher(message);
        String partial = after.matches() ? unescape(after.group(1)) : "";
        if (message.contains("Encountered: <EOF>")) {
            // an unterminated token; PostgreSQL points at its start
            int start = Math.max(0, text.sql().length() - partial.length());
            if (partial.isEmpty()) {
                return new Lexical("syntax error at end of input", offset);
            }
            return new Lexical("unterminated literal, quoted identifier or comment at or near \""
                    + quote(partial) + "\"", start);
        }
        if (offset >= 0 && offset < text.sql().length()) {
            int end = offset + Character.charCount(text.sql().codePointAt(offset));
            return new Lexical("syntax error at or near \"" + text.excerpt(offset, end, MAX_QUOTED) + "\"", offset);
        }
        return new Lexical("syntax error: " + firstLine(message), offset);
    }

    /** Undoes JavaCC's {@code addEscapes}, which wrote the partial token into the message. */
    private static String unescape(String s) {
        StringBuilder sb = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c != '\\' || i + 1 == s.length()) {
                sb.append(c);
                continue;
            }
            char n = s.charAt(++i);
            switch (n) {
            case 'b' -> sb.append('\b');
            case 't' -> sb.append('\t');
            case 'n' -> sb.append('\n');
            case 'f' -> sb.append('\f');
            case 'r' -> sb.append('\r');
            case 'u' -> {
                String hex = i + 4 < s.length() ? s.substring(i + 1, i + 5) : "";
                if (hex.matches("[0-9a-fA-F]{4}")) {
                    sb.append((char) Integer.parseInt(hex, 16));
                    i += 4;
                } else {
                    sb.append('\\').append(n);
                }
            }
            default -> sb.append(n);
            }
        }
        return sb.toString();
    }

    private static String quote(String image) {
        if (image.length() <= MAX_QUOTED) {
            return image;
        }
        int end = MAX_QUOTED;
        if (Character.isHighSurrogate(image.charAt(end - 1))) {
            end--;
        }
        return image.substring(0, end) + "...";
    }

    private static String firstLine(String message) {
        int nl = message.indexOf('\n');
        String line = nl < 0 ? message : message.substring(0, nl);
        return line.length() > 300 ? line.substring(0, 300) + "..." : line;
    }
}
