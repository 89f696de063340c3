package dev.spindle.sql;

import dev.spindle.common.error.SpindleException;
import dev.spindle.sql.coord.Coordinator;
import dev.spindle.sql.exec.Statements;
import dev.spindle.sql.parser.SpindleParser;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.sql.SqlNode;

/**
 * One connection's state: it parses and runs statements on its caller's thread, one at a time.
 * Every failure is a {@link SpindleException} with a SQLSTATE; a failed statement changes nothing.
 * Autocommit: every statement commits on its own, unless a transaction is open ({@code BEGIN} or
 * {@link #begin()}); see {@link dev.spindle.sql.txn.Transaction} for what a transaction promises.
 *
 * <p>Thread-safety: a session is used by one thread at a time (as a JDBC connection is); many
 * sessions of one database may run at once.
 */
public final class Session implements AutoCloseable {
    private final Statements statements;

    Session(Coordinator coordinator) {
        this.statements = new Statements(coordinator);
    }

    /** Runs one statement. */
    public StatementResult execute(String sql) {
        SqlNode node;
        try {
            node = SpindleParser.parse(sql);
        } catch (RuntimeException e) {
            statements.failTransaction();
            throw e;
        }
        return statements.execute(node, sql);
    }

    /** Runs every statement of a script, in order, stopping at the first failure. */
    public List<StatementResult> executeScript(String sql) {
        List<StatementResult> out = new ArrayList<>();
        List<SqlNode> nodes;
        try {
            nodes = SpindleParser.parseStatements(sql);
        } catch (RuntimeException e) {
            statements.failTransaction();
            throw e;
        }
        for (SqlNode node : nodes) {
            out.add(statements.execute(node, SpindleParser.unparse(node)));
        }
        return out;
    }

    /** Opens a transaction (JDBC: auto-commit turned off, or the first statement after a commit). */
    public StatementResult begin() {
        return statements.begin();
    }

    /** Commits the open transaction (see {@link Statements#commit()}). */
    public StatementResult commit() {
        return statements.commit();
    }

    /** Rolls the open transaction back. */
    public StatementResult rollback() {
        return statements.rollback();
    }

    /** Whether a transaction is open. */
    public boolean inTransaction() {
        return statements.inTransaction();
    }

    /** Rolls back an open transaction. */
    @Override
    public void close() {
        if (statements.inTransaction()) {
            statements.rollback();
        }
    }
}
