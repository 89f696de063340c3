package dev.spindle.sql.parser.admin;

import dev.spindle.sql.parser.tree.Operands;
import dev.spindle.sql.parser.tree.StatementOperator;
import java.util.List;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * {@code CHECKPOINT}: writes a file-mode database's tables and catalog beside its log, which is
 * then cut (H2's and HSQLDB's statement; nothing to do in memory).
 *
 * <p>Immutable; a parse tree belongs to one thread.
 */
public final class SqlCheckpoint extends SqlCall {
    /** The operator (kind {@link SqlKind#OTHER}); its {@code createCall} takes no operands. */
    public static final SqlOperator OPERATOR = new StatementOperator("CHECKPOINT", SqlKind.OTHER, (pos, ops) -> {
        Operands.expect(ops, 0, "CHECKPOINT");
        return new SqlCheckpoint(pos);
    });

    public SqlCheckpoint(SqlParserPos pos) {
        super(pos);
    }

    @Override
    public SqlOperator getOperator() {
        return OPERATOR;
    }

    @Override
    public List<@Nullable SqlNode> getOperandList() {
        return List.of();
    }

    @Override
    public void unparse(SqlWriter writer, int leftPrec, int rightPrec) {
        writer.keyword("CHECKPOINT");
    }
}
