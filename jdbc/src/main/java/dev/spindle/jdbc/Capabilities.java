package dev.spindle.jdbc;

import java.sql.Connection;

/**
 * What the driver supports, answered in one place: {@link SpindleDatabaseMetaData}'s
 * {@code supports*} answers and the connection's behaviour both read these constants, so
 * adding a feature (explicit transactions, say) is one change here plus the code that does it.
 *
 * <p>Thread-safety: immutable constants.
 */
final class Capabilities {
    /**
     * Explicit transactions ({@code setAutoCommit(false)}, {@code BEGIN}). Not yet: every statement
     * commits on its own, {@code setAutoCommit(false)} is refused and commit/rollback are no-ops.
     */
    static final boolean TRANSACTIONS = false;

    /**
     * The isolation level connections report. Without transactions JDBC says
     * {@link Connection#TRANSACTION_NONE}; each single statement is nevertheless strict
     * serializable (DESIGN §4). Derived from {@link #TRANSACTIONS} so the two cannot disagree.
     */
    static final int DEFAULT_ISOLATION = TRANSACTIONS ? Connection.TRANSACTION_SERIALIZABLE : Connection.TRANSACTION_NONE;

    /** Savepoints: not yet. */
    static final boolean SAVEPOINTS = false;

    /** {@code Statement.addBatch}/{@code executeBatch} of DDL and DML. */
    static final boolean BATCH_UPDATES = true;

    private Capabilities() {
    }
}
