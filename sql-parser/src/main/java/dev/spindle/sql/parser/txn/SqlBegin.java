package dev.spindle.sql.parser.txn;

import dev.spindle.sql.parser.tree.Operands;
import dev.spindle.sql.parser.tree.StatementOperator;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.parser.SqlParserPos;

/**
 * {@code BEGIN [WORK | TRANSACTION]} or {@code START TRANSACTION}: opens a transaction block.
 *
 * <p>Immutable; a parse tree belongs to one thread.
 */
public final class SqlBegin extends SqlTransactionStatement {
    /** The operator (kind {@link SqlKind#OTHER}); its {@code createCall} takes no operands. */
    public static final SqlOperator OPERATOR = new StatementOperator("BEGIN", SqlKind.OTHER, (pos, ops) -> {
        Operands.expect(ops, 0, "BEGIN");
        return new SqlBegin(pos);
    });

    public SqlBegin(SqlParserPos pos) {
        super(pos);
    }

    @Override
    public SqlOperator getOperator() {
        return OPERATOR;
    }
}
