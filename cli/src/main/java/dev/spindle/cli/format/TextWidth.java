package dev.spindle.cli.format;

import org.jline.utils.WCWidth;

/**
 * How many terminal columns text takes (wide East Asian characters take two, combining marks
 * none), and how a value is made to fit on one line of a table.
 *
 * <p>Stateless and thread-safe.
 */
public final class TextWidth {
    private TextWidth() {
    }

    /** The columns {@code s} takes on a terminal. */
    public static int of(String s) {
        int width = 0;
        for (int i = 0; i < s.length(); ) {
            int cp = s.codePointAt(i);
            width += Math.max(0, WCWidth.wcwidth(cp));
            i += Character.charCount(cp);
        }
        return width;
    }

    /** {@code s} with line breaks and tabs shown as {@code \n}, {@code \r} and {@code \t}, for one table line. */
    public static String oneLine(String s) {
        if (s.indexOf('\n') < 0 && s.indexOf('\r') < 0 && s.indexOf('\t') < 0) {
            return s;
        }
        return s.replace("\r", "\\r").replace("\n", "\\n").replace("\t", "\\t");
    }

    /** {@code s} followed by spaces up to {@code width} columns. */
    public static String padRight(String s, int width) {
        return s + " ".repeat(Math.max(0, width - of(s)));
    }

    /** Spaces up to {@code width} columns, then {@code s}. */
    public static String padLeft(String s, int width) {
        return " ".repeat(Math.max(0, width - of(s))) + s;
    }
}
