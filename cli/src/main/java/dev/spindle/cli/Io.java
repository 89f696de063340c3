package dev.spindle.cli;

import java.io.InputStream;
import java.io.PrintStream;

/**
 * The streams a run of {@code spindle} reads and writes, and whether a person sits at them.
 *
 * @param in          standard input
 * @param out         standard output
 * @param err         standard error
 * @param interactive whether standard input and output are a terminal (then, with no
 *                    {@code -c} or {@code -f}, the interactive shell opens)
 */
public record Io(InputStream in, PrintStream out, PrintStream err, boolean interactive) {
    public Io {
        java.util.Objects.requireNonNull(in, "in");
        java.util.Objects.requireNonNull(out, "out");
        java.util.Objects.requireNonNull(err, "err");
    }

    /** The process's own streams; interactive when the JVM has a console (stdin and stdout are a terminal). */
    public static Io system() {
        return new Io(System.in, System.out, System.err, System.console() != null);
    }
}
