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
 * Autocommit: every statement commits on its own.
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
        SqlNode node = SpindleParser.parse(sql);
        return statements.execute(node, sql);
    }

    /** Runs every statement of a script, in order, stopping at the first failure. */
    public List<StatementResult> executeScript(String sql) {
        List<StatementResult> out = new ArrayList<>();
        for (SqlNode node : SpindleParser.parseStatements(sql)) {
            out.add(statements.execute(node, SpindleParser.unparse(node)));
        }
        return out;
    }

    @Override
    public void close() {
    }
}
