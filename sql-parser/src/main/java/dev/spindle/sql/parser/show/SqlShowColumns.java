package dev.spindle.sql.parser.show;

import static java.util.Objects.requireNonNull;

import dev.spindle.sql.parser.tree.Operands;
import dev.spindle.sql.parser.tree.StatementOperator;
import java.util.List;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.util.ImmutableNullableList;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * {@code SHOW COLUMNS FROM obj}: the columns of a table or view.
 *
 * <p>Immutable once built; a parse tree belongs to one thread.
 */
public final class SqlShowColumns extends SqlShow {
    /** The operator; its {@code createCall} rebuilds the statement from (obj). */
    public static final SqlOperator OPERATOR = new StatementOperator("SHOW COLUMNS", SqlKind.OTHER, (pos, ops) -> {
        Operands.expect(ops, 1, "SHOW COLUMNS");
        return new SqlShowColumns(pos, requireNonNull(Operands.identifier(ops, 0)));
    });

    private final SqlIdentifier from;

    public SqlShowColumns(SqlParserPos pos, SqlIdentifier from) {
        super(pos);
        this.from = requireNonNull(from, "from");
    }

    /** The table or view. */
    public SqlIdentifier from() {
        return from;
    }

    @Override
    public SqlOperator getOperator() {
        return OPERATOR;
    }

    @Override
    public List<@Nullable SqlNode> getOperandList() {
        return ImmutableNullableList.of(from);
    }

    @Override
    public void unparse(SqlWriter writer, int leftPrec, int rightPrec) {
        writer.keyword("SHOW COLUMNS FROM");
        from.unparse(writer, 0, 0);
    }
}
