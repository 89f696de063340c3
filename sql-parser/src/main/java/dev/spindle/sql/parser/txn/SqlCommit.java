package dev.spindle.sql.parser.txn;

import dev.spindle.sql.parser.tree.Operands;
import dev.spindle.sql.parser.tree.StatementOperator;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.parser.SqlParserPos;

/**
 * {@code COMMIT [WORK | TRANSACTION]}: commits the open transaction.
 *
 * <p>Immutable; a parse tree belongs to one thread.
 */
public final class SqlCommit extends SqlTransactionStatement {
    /** The operator (kind {@link SqlKind#COMMIT}); its {@code createCall} takes no operands. */
    public static final SqlOperator OPERATOR = new StatementOperator("COMMIT", SqlKind.COMMIT, (pos, ops) -> {
        Operands.expect(ops, 0, "COMMIT");
        return new SqlCommit(pos);
    });

    public SqlCommit(SqlParserPos pos) {
        super(pos);
    }

    @Override
    public SqlOperator getOperator() {
        return OPERATOR;
    }
}
