package dev.spindle.sqllogictest.cli;

/** The command line is wrong; the message says how. */
public final class UsageException extends Exception {

    private static final long serialVersionUID = 1L;

    public UsageException(String message) {
        super(message);
    }
}
