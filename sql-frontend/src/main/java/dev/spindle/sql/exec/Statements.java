package dev.spindle.sql.exec;

import dev.spindle.common.error.ErrorCode;
import dev.spindle.common.error.SpindleException;
import dev.spindle.sql.StatementResult;
import dev.spindle.sql.coord.Coordinator;
import dev.spindle.sql.parser.SpindleParser;
import dev.spindle.sql.parser.ddl.SqlCreateIndex;
import dev.spindle.sql.parser.ddl.SqlCreateTable;
import dev.spindle.sql.parser.ddl.SqlCreateView;
import dev.spindle.sql.parser.ddl.SqlDropObject;
import dev.spindle.sql.parser.query.SqlQueryAsOf;
import dev.spindle.sql.parser.show.SqlShow;
import dev.spindle.sql.parser.txn.SqlTransactionStatement;
import java.math.BigDecimal;
import org.apache.calcite.sql.SqlDelete;
import org.apache.calcite.sql.SqlExplain;
import org.apache.calcite.sql.SqlInsert;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlUpdate;

/**
 * Runs one parsed statement: DDL, DML, a query, EXPLAIN or SHOW (DESIGN §2). Explicit
 * transactions, which Spindle parses but does not run yet, fail with SQLSTATE 0A000.
 *
 * <p>Thread-safety: stateless over a thread-safe coordinator.
 */
public final class Statements {
    private final Queries queries;
    private final Ddl ddl;
    private final Dml dml;
    private final Explain explain;
    private final Show show;

    public Statements(Coordinator coord) {
        this.queries = new Queries(coord);
        this.ddl = new Ddl(coord, queries);
        this.dml = new Dml(coord, queries);
        this.explain = new Explain(coord, queries);
        this.show = new Show(coord);
    }

    /**
     * Runs {@code node}, parsed from {@code sql}. No {@link Error} leaves: a stack overflow while
     * planning, also one that Calcite caught and wrapped (it rethrows as {@code RuntimeException
     * "while converting ..."}), is {@link ErrorCode#STATEMENT_TOO_COMPLEX_1} (54001); running out
     * of memory is {@link ErrorCode#OUT_OF_MEMORY_1} (53200); any other error is an internal
     * error (XX000). Each fails this statement only: nothing is applied before planning ends.
     */
    public StatementResult execute(SqlNode node, String sql) {
        try {
            return dispatch(node, sql);
        } catch (StackOverflowError e) {
            throw tooDeep();
        } catch (OutOfMemoryError e) {
            throw new SpindleException(ErrorCode.OUT_OF_MEMORY_1, "running the statement");
        } catch (SpindleException e) {
            throw e;
        } catch (RuntimeException e) {
            throw causedByStackOverflow(e) ? tooDeep() : e;
        } catch (Error e) {
            throw SpindleException.wrap(e);
        }
    }

    private static SpindleException tooDeep() {
        return new SpindleException(ErrorCode.STATEMENT_TOO_COMPLEX_1, "nesting too deep to plan");
    }

    private static boolean causedByStackOverflow(Throwable e) {
        int hops = 0;
        for (Throwable t = e; t != null && hops < 100; t = t.getCause(), hops++) {
            if (t instanceof StackOverflowError) {
                return true;
            }
        }
        return false;
    }

    private StatementResult dispatch(SqlNode node, String sql) {
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
            return dml.insert((SqlInsert) node);
        }
        if (node instanceof SqlUpdate) {
            return dml.update((SqlUpdate) node);
        }
        if (node instanceof SqlDelete) {
            return dml.delete((SqlDelete) node);
        }
        if (node instanceof SqlQueryAsOf) {
            SqlQueryAsOf q = (SqlQueryAsOf) node;
            return queries.select(q.query(), SpindleParser.unparse(q.query()), timestamp(q.timestamp()));
        }
        if (node instanceof SqlTransactionStatement) {
            throw new SpindleException(ErrorCode.FEATURE_NOT_SUPPORTED_1, "explicit transactions (every statement commits)");
        }
        if (node instanceof SqlExplain) {
            return explain.explain(((SqlExplain) node).getExplicandum());
        }
        if (node instanceof SqlShow) {
            return show.show((SqlShow) node);
        }
        if (node.getKind().belongsTo(SqlKind.QUERY)) {
            return queries.select(node, sql, null);
        }
        throw new SpindleException(ErrorCode.FEATURE_NOT_SUPPORTED_1, "the statement " + node.getKind());
    }

    /** The time of {@code AS OF t}: a non-negative integer literal. */
    private static Long timestamp(SqlNode t) {
        if (t instanceof SqlLiteral) {
            BigDecimal v = ((SqlLiteral) t).getValueAs(BigDecimal.class);
            if (v != null && v.signum() >= 0 && v.scale() <= 0) {
                return v.longValueExact();
            }
        }
        throw new SpindleException(ErrorCode.FEATURE_NOT_SUPPORTED_1, "AS OF with anything but a timestamp literal: " + t);
    }
}
