package dev.spindle.cli.exec;

/**
 * Whether a transaction block is open, as the prompt shows it ({@code =}, {@code *}, {@code !}
 * as in psql). Spindle's driver tells it ({@code SessionState}); for other drivers the shell
 * follows {@code BEGIN}/{@code START TRANSACTION}, {@code COMMIT}/{@code ROLLBACK}/{@code END}
 * and failures inside a block, since JDBC has no call that says whether the server holds one open.
 */
public enum TxnState {
    /** No transaction block: each statement commits on its own. */
    IDLE,
    /** Inside {@code BEGIN ... COMMIT}. */
    OPEN,
    /** Inside a block where a statement failed: only {@code ROLLBACK} (or COMMIT, which rolls back) helps. */
    FAILED
}
