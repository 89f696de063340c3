package dev.spindle.sql.parser.txn;

import java.util.List;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * A transaction statement: {@link SqlBegin}, {@link SqlCommit} or {@link SqlRollback}. None has
 * operands; the optional {@code WORK} / {@code TRANSACTION} noise words are not kept, so each
 * unparses to its one keyword.
 *
 * <p>Immutable; a parse tree belongs to one thread.
 */
public abstract sealed class SqlTransactionStatement extends SqlCall permits SqlBegin, SqlCommit, SqlRollback {

    SqlTransactionStatement(SqlParserPos pos) {
        super(pos);
    }

    @Override
    public List<@Nullable SqlNode> getOperandList() {
        return List.of();
    }

    @Override
    public void unparse(SqlWriter writer, int leftPrec, int rightPrec) {
        writer.keyword(getOperator().getName());
    }
}
