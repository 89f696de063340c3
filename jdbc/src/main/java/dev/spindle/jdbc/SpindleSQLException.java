package dev.spindle.jdbc;

import dev.spindle.common.error.SpindleException;
import java.sql.SQLException;

/**
 * A Spindle error as the driver throws it: {@link #getSQLState()} the SQLSTATE,
 * {@link #getErrorCode()} Spindle's error number, {@link #getMessage()} the message as Spindle
 * words it (with {@code (at position N)} when the error has a place in the statement), and
 * {@link #position()} for tools that point at that place, as the shell's caret does. Catch plain
 * {@code SQLException}: this type only adds the position.
 *
 * <p>Immutable apart from {@link Throwable}'s own state.
 */
public class SpindleSQLException extends SQLException {
    private static final long serialVersionUID = 1L;

    private final int position;

    SpindleSQLException(SpindleException e) {
        super(e.toSQLException().getMessage(), e.sqlState(), e.code().number(), e);
        this.position = e.position();
    }

    /** The 1-based character position in the statement where the error was found, or -1. */
    public int position() {
        return position;
    }
}
