package dev.spindle.cli.exec;

import java.io.PrintWriter;

/**
 * Shows output meant for the screen, a page at a time when it does not fit: the interactive
 * shell's hook into the {@link Runner}. The runner hands it a whole result (table, row count,
 * command tags) only when {@code \pager} is on and the output goes to the screen (never with
 * {@code \o FILE}, never in batch mode, which has no pager).
 *
 * <p>Thread-safety: called by the runner's thread only.
 */
public interface Pager {
    /**
     * Shows {@code text} (whole lines, each ending in a line break): on {@code screen} as it is
     * when it fits, otherwise through a pager.
     */
    void show(String text, PrintWriter screen);
}
