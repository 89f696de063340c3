package dev.spindle.cli.exec;

import dev.spindle.cli.format.OutputFormat;
import dev.spindle.cli.format.Style;
import java.util.function.IntSupplier;

/**
 * What the meta-commands change about how results are shown: format, {@code \x},
 * {@code \timing}, {@code \pager}, the style of NULL and headers, and the width to fit tables to.
 *
 * <p>Thread-safety: not thread-safe; owned by the one thread that runs statements.
 */
public final class Settings {
    private OutputFormat format;
    private Expanded expanded;
    private boolean timing;
    private boolean pager = true;
    private final Style style;
    private final IntSupplier width;

    /**
     * @param format   the initial format
     * @param expanded the initial {@code \x} mode
     * @param style    how NULL and headers look
     * @param width    the terminal's width now (0 or less: unknown, never expand automatically)
     */
    public Settings(OutputFormat format, Expanded expanded, Style style, IntSupplier width) {
        this.format = java.util.Objects.requireNonNull(format, "format");
        this.expanded = java.util.Objects.requireNonNull(expanded, "expanded");
        this.style = java.util.Objects.requireNonNull(style, "style");
        this.width = java.util.Objects.requireNonNull(width, "width");
    }

    public OutputFormat format() {
        return format;
    }

    public void format(OutputFormat f) {
        this.format = java.util.Objects.requireNonNull(f, "format");
    }

    public Expanded expanded() {
        return expanded;
    }

    public void expanded(Expanded e) {
        this.expanded = java.util.Objects.requireNonNull(e, "expanded");
    }

    public boolean timing() {
        return timing;
    }

    public void timing(boolean on) {
        this.timing = on;
    }

    /** Whether long results to the screen go through the pager (where there is one: the interactive shell). */
    public boolean pager() {
        return pager;
    }

    public void pager(boolean on) {
        this.pager = on;
    }

    public Style style() {
        return style;
    }

    /** The terminal's width now, or 0 or less when unknown. */
    public int width() {
        return width.getAsInt();
    }
}
