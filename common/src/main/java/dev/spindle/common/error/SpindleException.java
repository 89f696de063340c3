package dev.spindle.common.error;

import java.sql.SQLException;
import java.util.Arrays;
import java.util.List;

/**
 * An error with an {@link ErrorCode}: thrown inside the engine, turned into a
 * {@link SQLException} with the code's SQLSTATE at the JDBC boundary ({@link #toSQLException()}).
 * Optionally carries the 1-based character position in the statement where the error was found.
 *
 * <p>Immutable apart from {@link Throwable}'s own state; safe to pass between threads.
 */
public class SpindleException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final ErrorCode code;
    private final transient List<Object> args;
    private final int position;

    /** An error without a position. */
    public SpindleException(ErrorCode code, Object... args) {
        this(code, -1, null, args);
    }

    /** An error found at {@code position} (1-based) of the statement text. */
    public static SpindleException atPosition(int position, ErrorCode code, Object... args) {
        return new SpindleException(code, position, null, args);
    }

    /** An error caused by {@code cause}. */
    public static SpindleException withCause(Throwable cause, ErrorCode code, Object... args) {
        return new SpindleException(code, -1, cause, args);
    }

    /**
     * {@code t} itself if it is a {@code SpindleException}, else an
     * {@link ErrorCode#INTERNAL_ERROR_1} caused by it: what a bug becomes when it must fail one
     * request (a peek, a dataflow) rather than the thread that met it.
     */
    /**
     * {@code t} as the error a statement reports: a {@code SpindleException} other than an
     * internal error as itself; a {@link StackOverflowError} anywhere in its cause chain (Calcite
     * wraps the ones it catches, once per level) as {@link ErrorCode#STATEMENT_TOO_COMPLEX_1}, an
     * {@link OutOfMemoryError} as {@link ErrorCode#OUT_OF_MEMORY_1}, both saying what ran out
     * ({@code doing}); anything else as an internal error ({@link #wrap}). No {@link Error} needs
     * to travel further.
     */
    public static SpindleException fromThrowable(Throwable t, String doing) {
        if (t instanceof SpindleException && ((SpindleException) t).code() != ErrorCode.INTERNAL_ERROR_1) {
            return (SpindleException) t;
        }
        java.util.Set<Throwable> seen = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
        for (Throwable c = t; c != null && seen.add(c); c = c.getCause()) {
            if (c instanceof StackOverflowError) {
                return withCause(t, ErrorCode.STATEMENT_TOO_COMPLEX_1, "nesting too deep " + doing);
            }
            if (c instanceof OutOfMemoryError) {
                return withCause(t, ErrorCode.OUT_OF_MEMORY_1, doing);
            }
        }
        return wrap(t);
    }

    public static SpindleException wrap(Throwable t) {
        return t instanceof SpindleException ? (SpindleException) t : withCause(t, ErrorCode.INTERNAL_ERROR_1, t.toString());
    }

    /**
     * An error whose message was formatted elsewhere, e.g. one that travelled as data through an
     * {@code errs} collection and is raised again by a peek.
     */
    public static SpindleException preformatted(ErrorCode code, String message) {
        return new SpindleException(code, -1, null, message, new Object[0]);
    }

    private SpindleException(ErrorCode code, int position, Throwable cause, Object[] args) {
        this(code, position, cause, code.format(args), args);
    }

    private SpindleException(ErrorCode code, int position, Throwable cause, String message, Object[] args) {
        super(message, cause);
        this.code = code;
        this.args = Arrays.asList(args.clone());
        this.position = position;
    }

    /** The error code. */
    public ErrorCode code() {
        return code;
    }

    /** The SQLSTATE of the error code. */
    public String sqlState() {
        return code.sqlState();
    }

    /**
     * The template arguments; empty for an error that crossed a serialization boundary (they are
     * not serialized: the message already holds them).
     */
    public List<Object> args() {
        return args == null ? List.of() : args;
    }

    /** 1-based position in the statement text, or -1. */
    public int position() {
        return position;
    }

    /**
     * The {@link SQLException} a JDBC user sees: message (with {@code " at position N"} when a
     * position is known), SQLSTATE and vendor number.
     */
    public SQLException toSQLException() {
        String msg = position > 0 ? getMessage() + " (at position " + position + ")" : getMessage();
        return new SQLException(msg, code.sqlState(), code.number(), this);
    }
}
