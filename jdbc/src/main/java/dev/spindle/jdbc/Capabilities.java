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
     * Explicit transactions ({@code setAutoCommit(false)}, {@code BEGIN}): serializable, by
     * optimistic validation at commit (see {@code dev.spindle.sql.txn.Transaction}).
     */
    static final boolean TRANSACTIONS = true;

    /**
     * The isolation level connections report: serializable (single statements are strict
     * serializable, DESIGN §4). Derived from {@link #TRANSACTIONS} so the two cannot disagree.
     */
    static final int DEFAULT_ISOLATION = TRANSACTIONS ? Connection.TRANSACTION_SERIALIZABLE : Connection.TRANSACTION_NONE;

    /** Savepoints: not yet. */
    static final boolean SAVEPOINTS = false;

    /** {@code Statement.addBatch}/{@code executeBatch} of DDL and DML. */
    static final boolean BATCH_UPDATES = true;

    private Capabilities() {
    }
}
