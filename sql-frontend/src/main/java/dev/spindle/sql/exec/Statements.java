package dev.spindle.sql.exec;

import dev.spindle.common.error.ErrorCode;
import dev.spindle.common.error.SpindleException;
import dev.spindle.sql.Prepared;
import dev.spindle.sql.StatementResult;
import dev.spindle.sql.coord.Coordinator;
import dev.spindle.sql.parser.SpindleParser;
import dev.spindle.sql.parser.ddl.SqlCreateIndex;
import dev.spindle.sql.parser.ddl.SqlCreateTable;
import dev.spindle.sql.parser.ddl.SqlCreateView;
import dev.spindle.sql.parser.ddl.SqlDropObject;
import dev.spindle.sql.parser.query.SqlQueryAsOf;
import dev.spindle.sql.parser.show.SqlShow;
import dev.spindle.sql.parser.txn.SqlBegin;
import dev.spindle.sql.parser.txn.SqlCommit;
import dev.spindle.sql.parser.txn.SqlTransactionStatement;
import dev.spindle.sql.txn.Transaction;
import java.util.List;
import java.math.BigDecimal;
import org.apache.calcite.sql.SqlDelete;
import org.apache.calcite.sql.SqlExplain;
import org.apache.calcite.sql.SqlInsert;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlUpdate;

/**
 * Runs one session's parsed statements: DDL, DML, a query, EXPLAIN, SHOW, and the transaction
 * statements (DESIGN §2, §4). Autocommit unless a transaction is open ({@code BEGIN}, or
 * {@link #begin()} for a JDBC connection with auto-commit off): then DML and queries run in the
 * {@link Transaction}. The catalog is not transactional: DDL at the start of a transaction (before
 * it read or wrote anything; tools create schemas with JDBC auto-commit off) runs and commits on
 * its own, DDL after that is refused (SQLSTATE 25001).
 *
 * <p>Thread-safety: one per session, used by one thread at a time, over a thread-safe coordinator.
 */
public final class Statements {
    private final Queries queries;
    private final Ddl ddl;
    private final Dml dml;
    private final Explain explain;
    private final Show show;
    private final Coordinator coord;
    private final Prepare prepare;
    private final StatementControl control = new StatementControl();
    /** The open transaction, or null in autocommit. */
    private Transaction txn;

    public Statements(Coordinator coord) {
        this.coord = coord;
        this.queries = new Queries(coord, control);
        this.ddl = new Ddl(coord, queries);
        this.dml = new Dml(coord, queries);
        this.explain = new Explain(coord, queries, ddl);
        this.show = new Show(coord);
        this.prepare = new Prepare(coord, queries, dml);
    }

    /**
     * Prepares {@code node} (parsed from {@code sql}) for {@link #execute(Prepared, List)}; a
     * query is validated now, so its errors come from the prepare.
     */
    public Prepared prepare(SqlNode node, String sql) {
        return guarded(() -> prepare.prepare(node, sql), false);
    }

    /** Runs prepared statement {@code p} with {@code values} for its parameters. */
    public StatementResult execute(Prepared p, List<Object> values) {
        if (p.node() instanceof SqlTransactionStatement) {
            return transaction((SqlTransactionStatement) p.node());
        }
        return guarded(() -> prepare.execute(p, values, txn, this), true);
    }

    /** Runs {@code p} once per set of values (a JDBC batch); the update count of each. */
    public long[] executeBatch(Prepared p, List<List<Object>> batch) {
        return guarded(() -> prepare.executeBatch(p, batch, txn, this), true);
    }

    /** Runs a statement parsed afresh with its parameters bound, as if sent as text. */
    StatementResult dispatchParsed(SqlNode node, String sql) {
        if (node instanceof SqlTransactionStatement) {
            return transaction((SqlTransactionStatement) node);
        }
        return dispatch(node, sql);
    }

    /**
     * Runs {@code body}: refused in a failed transaction, and its failure fails the open
     * transaction when {@code failsTransaction}. No {@link Error} leaves: a stack overflow while
     * planning, also one that Calcite caught and wrapped (it rethrows as {@code RuntimeException
     * "while converting ..."}), is {@link ErrorCode#STATEMENT_TOO_COMPLEX_1} (54001); running out
     * of memory is {@link ErrorCode#OUT_OF_MEMORY_1} (53200); any other error is an internal
     * error (XX000). Each fails this statement only: nothing is applied before planning ends.
     */
    private <T> T guarded(java.util.function.Supplier<T> body, boolean failsTransaction) {
        if (txn != null && txn.failed()) {
            throw new SpindleException(ErrorCode.IN_FAILED_SQL_TRANSACTION_0);
        }
        control.begin();
        try {
            return body.get();
        } catch (Throwable e) {
            if (failsTransaction) {
                failTransaction();
            }
            throw asSpindle(e);
        }
    }

    private static RuntimeException asSpindle(Throwable e) {
        return SpindleException.fromThrowable(e, "running the statement");
    }

    /**
     * Runs {@code sql} if it is a query whose shape its text alone tells (see
     * {@link Queries#selectText}), outside a transaction; null, having done nothing, otherwise.
     */
    public StatementResult executeQueryText(String sql) {
        if (txn != null) {
            return null;
        }
        return guarded(() -> queries.selectText(sql), true);
    }

    /** Runs {@code node}, parsed from {@code sql}. */
    public StatementResult execute(SqlNode node, String sql) {
        if (node instanceof SqlTransactionStatement) {
            return transaction((SqlTransactionStatement) node);
        }
        return guarded(() -> dispatch(node, sql), true);
    }

    /** Marks the open transaction failed after a statement in it failed. */
    public void failTransaction() {
        if (txn != null) {
            txn.fail();
        }
    }

    /** How the running statement is cancelled or timed out (see {@link StatementControl}). */
    public StatementControl control() {
        return control;
    }

    /** Whether a transaction is open. */
    public boolean inTransaction() {
        return txn != null;
    }

    /** Whether a statement failed in the open transaction (false when none is open). */
    public boolean transactionFailed() {
        return txn != null && txn.failed();
    }

    /** Opens a transaction; a warning if one is open already (PostgreSQL's behaviour). */
    public StatementResult begin() {
        if (txn != null) {
            return new StatementResult.Done("BEGIN", List.of("there is already a transaction in progress"));
        }
        txn = new Transaction(coord);
        return new StatementResult.Done("BEGIN", List.of());
    }

    /**
     * Commits the open transaction: tag {@code COMMIT}, or {@code ROLLBACK} if it had failed and
     * was rolled back instead; a warning if none is open.
     *
     * @throws SpindleException SQLSTATE 40001 if it could not be serialized (it is rolled back)
     */
    public StatementResult commit() {
        if (txn == null) {
            return new StatementResult.Done("COMMIT", List.of("there is no transaction in progress"));
        }
        Transaction t = txn;
        txn = null;
        if (t.failed()) {
            t.rollback();
            return new StatementResult.Done("ROLLBACK", List.of());
        }
        t.commit();
        return new StatementResult.Done("COMMIT", List.of());
    }

    /** Rolls the open transaction back; a warning if none is open. */
    public StatementResult rollback() {
        if (txn == null) {
            return new StatementResult.Done("ROLLBACK", List.of("there is no transaction in progress"));
        }
        Transaction t = txn;
        txn = null;
        t.rollback();
        return new StatementResult.Done("ROLLBACK", List.of());
    }

    private StatementResult transaction(SqlTransactionStatement node) {
        if (node instanceof SqlBegin) {
            return begin();
        }
        if (node instanceof SqlCommit) {
            return commit();
        }
        return rollback();
    }

    private StatementResult dispatch(SqlNode node, String sql) {
        if (txn != null && txn.started() && (node instanceof SqlCreateTable || node instanceof SqlCreateView
                || node instanceof SqlCreateIndex || node instanceof SqlDropObject)) {
            throw new SpindleException(ErrorCode.ACTIVE_SQL_TRANSACTION_1, statementName(node));
        }
        if (node instanceof dev.spindle.sql.parser.admin.SqlCheckpoint) {
            coord.durability().checkpoint();
            return new StatementResult.Done("CHECKPOINT", List.of());
        }
        if (node instanceof SqlCreateTable) {
            return ddl.createTable((SqlCreateTable) node);
        }
        if (node instanceof SqlCreateView) {
            return ddl.createView((SqlCreateView) node);
        }
        if (node instanceof SqlCreateIndex) {
            return ddl.createIndex((SqlCreateIndex) node);
        }
        if (node instanceof SqlDropObject) {
            return ddl.drop((SqlDropObject) node);
        }
        if (node instanceof SqlInsert) {
            return dml.insert((SqlInsert) node, sql, txn);
        }
        if (node instanceof SqlUpdate) {
            return dml.update((SqlUpdate) node, sql, txn);
        }
        if (node instanceof SqlDelete) {
            return dml.delete((SqlDelete) node, sql, txn);
        }
        if (node instanceof SqlQueryAsOf) {
            SqlQueryAsOf q = (SqlQueryAsOf) node;
            return queries.select(q.query(), SpindleParser.unparse(q.query()), timestamp(q.timestamp()));
        }
        if (node instanceof SqlExplain) {
            return explain.explain(((SqlExplain) node).getExplicandum());
        }
        if (node instanceof SqlShow) {
            return show.show((SqlShow) node);
        }
        if (node.getKind().belongsTo(SqlKind.QUERY)) {
            return queries.select(node, sql, null, txn);
        }
        throw new SpindleException(ErrorCode.FEATURE_NOT_SUPPORTED_1, "the statement " + node.getKind());
    }

    /** {@code CREATE TABLE}, {@code DROP INDEX}, ...: the statement's name for messages. */
    private static String statementName(SqlNode node) {
        return ((org.apache.calcite.sql.SqlCall) node).getOperator().getName();
    }

    /** The time of {@code AS OF t}: a non-negative integer literal. */
    private static Long timestamp(SqlNode t) {
        if (t instanceof org.apache.calcite.sql.SqlNumericLiteral) { // other literals do not convert (AS OF 'abc')
            BigDecimal v = ((SqlLiteral) t).getValueAs(BigDecimal.class);
            if (v != null && v.signum() >= 0 && v.scale() <= 0) {
                if (v.compareTo(BigDecimal.valueOf(dev.spindle.common.time.Timestamp.MAX_VALUE)) > 0) {
                    throw new SpindleException(ErrorCode.DATETIME_OUT_OF_RANGE_1, "AS OF timestamp " + v);
                }
                return v.longValueExact();
            }
        }
        throw new SpindleException(ErrorCode.FEATURE_NOT_SUPPORTED_1, "AS OF with anything but a timestamp literal: " + t);
    }
}
