package dev.spindle.cli.shell;

import dev.spindle.cli.sql.SqlKeywords;
import dev.spindle.cli.sql.SqlLexer;
import dev.spindle.cli.sql.Token;
import java.util.regex.Pattern;
import org.jline.reader.Highlighter;
import org.jline.reader.LineReader;
import org.jline.utils.AttributedString;
import org.jline.utils.AttributedStringBuilder;
import org.jline.utils.AttributedStyle;

/**
 * Colours the buffer as it is typed: keywords bold blue, strings green, numbers cyan, comments
 * grey, meta-command lines magenta. Off when the shell runs without colour.
 *
 * <p>Stateless apart from its on/off switch, fixed at construction; thread-safe.
 */
final class SqlHighlighter implements Highlighter {
    private static final AttributedStyle KEYWORD = AttributedStyle.BOLD.foreground(AttributedStyle.BLUE);
    private static final AttributedStyle STRING = AttributedStyle.DEFAULT.foreground(AttributedStyle.GREEN);
    private static final AttributedStyle NUMBER = AttributedStyle.DEFAULT.foreground(AttributedStyle.CYAN);
    private static final AttributedStyle COMMENT = AttributedStyle.DEFAULT.foreground(AttributedStyle.BRIGHT | AttributedStyle.BLACK);
    private static final AttributedStyle META = AttributedStyle.DEFAULT.foreground(AttributedStyle.MAGENTA);

    private final boolean on;

    SqlHighlighter(boolean on) {
        this.on = on;
    }

    @Override
    public AttributedString highlight(LineReader reader, String buffer) {
        if (!on) {
            return new AttributedString(buffer);
        }
        AttributedStringBuilder sb = new AttributedStringBuilder();
        if (buffer.stripLeading().startsWith("\\")) {
            return sb.styled(META, buffer).toAttributedString();
        }
        for (Token t : SqlLexer.tokens(buffer)) {
            String text = t.text(buffer);
            switch (t.kind()) {
                case WORD -> sb.styled(SqlKeywords.isKeyword(text) ? KEYWORD : AttributedStyle.DEFAULT, text);
                case STRING -> sb.styled(STRING, text);
                case NUMBER -> sb.styled(NUMBER, text);
                case COMMENT -> sb.styled(COMMENT, text);
                default -> sb.append(text);
            }
        }
        return sb.toAttributedString();
    }

    @Override
    public void setErrorPattern(Pattern errorPattern) {
        // errors are shown after running, with a caret; nothing is flagged while typing
    }

    @Override
    public void setErrorIndex(int errorIndex) {
        // as above
    }
}
