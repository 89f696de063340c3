package dev.spindle.cli.sql;

import java.util.Objects;

/**
 * One thing to run from a script or a typed buffer: an SQL statement (without its {@code ;}) or
 * a meta-command line (from its {@code \}, without the line break).
 *
 * @param kind what it is
 * @param text the statement or meta-command, trimmed
 * @param line the 1-based line of the script it starts on
 */
public record Piece(Kind kind, String text, int line) {
    /** Statement or meta-command. */
    public enum Kind {
        /** An SQL statement, sent to the driver as it is. */
        SQL,
        /** A line starting with {@code \}, run by the shell. */
        META
    }

    public Piece {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(text, "text");
        if (line < 1) {
            throw new IllegalArgumentException("line " + line);
        }
    }
}
