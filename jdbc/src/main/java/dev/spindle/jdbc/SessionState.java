package dev.spindle.jdbc;

/**
 * Spindle's extension of a JDBC connection for tools such as the shell: whether the session
 * holds a transaction open, and whether a statement failed in it (JDBC has no call for either).
 * Reach it with {@code connection.unwrap(SessionState.class)}.
 *
 * <p>Thread-safety: any thread; a call waits while a statement runs on the connection, so a
 * tool asks between its statements.
 */
public interface SessionState {
    /**
     * Whether a transaction is open: after {@code BEGIN} until {@code COMMIT} or
     * {@code ROLLBACK}, or with auto-commit off, from a statement to the next commit or rollback.
     */
    boolean inTransaction();

    /**
     * Whether a statement failed in the open transaction, so that every statement fails with
     * SQLSTATE 25P02 until {@code ROLLBACK} (or {@code COMMIT}, which then rolls back); false
     * when no transaction is open.
     */
    boolean transactionFailed();
}
