package dev.spindle.cli.format;

/**
 * How the table formatters mark NULL and headers: plain text for files and pipes, ANSI styles
 * on a terminal that shows colour. The text of NULL is the same either way, so widths do not
 * depend on the style.
 *
 * @param nullText what NULL reads as
 * @param color    whether to add ANSI styles
 */
public record Style(String nullText, boolean color) {
    /** NULL as {@code NULL}, no colour. */
    public static final Style PLAIN = new Style("NULL", false);
    /** NULL as {@code NULL}, dimmed; headers bold. */
    public static final Style COLOR = new Style("NULL", true);

    public Style {
        java.util.Objects.requireNonNull(nullText, "nullText");
    }

    /** {@code padded}, which holds the NULL text, styled as NULL. */
    String nullCell(String padded) {
        return color ? "\u001b[2;3m" + padded + "\u001b[0m" : padded;
    }

    /** {@code padded} styled as a header. */
    String header(String padded) {
        return color ? "\u001b[1m" + padded + "\u001b[0m" : padded;
    }
}
