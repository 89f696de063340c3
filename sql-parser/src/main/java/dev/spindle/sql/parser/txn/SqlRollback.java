package dev.spindle.sql.parser.txn;

import dev.spindle.sql.parser.tree.Operands;
import dev.spindle.sql.parser.tree.StatementOperator;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.parser.SqlParserPos;

/**
 * {@code ROLLBACK [WORK | TRANSACTION]}: abandons the open transaction.
 *
 * <p>Immutable; a parse tree belongs to one thread.
 */
public final class SqlRollback extends SqlTransactionStatement {
    /** The operator (kind {@link SqlKind#ROLLBACK}); its {@code createCall} takes no operands. */
    public static final SqlOperator OPERATOR = new StatementOperator("ROLLBACK", SqlKind.ROLLBACK, (pos, ops) -> {
        Operands.expect(ops, 0, "ROLLBACK");
        return new SqlRollback(pos);
    });

    public SqlRollback(SqlParserPos pos) {
        super(pos);
    }

    @Override
    public SqlOperator getOperator() {
        return OPERATOR;
    }
}
