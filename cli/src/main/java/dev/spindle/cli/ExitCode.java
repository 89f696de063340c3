package dev.spindle.cli;

/** The exit statuses of {@code spindle}. */
public final class ExitCode {
    /** Everything ran. */
    public static final int OK = 0;
    /** A statement or meta-command failed (batch mode stops at the first). */
    public static final int FAILED = 1;
    /** The command line is wrong, a file cannot be read, or the database cannot be reached. */
    public static final int USAGE = 2;

    private ExitCode() {
    }
}
