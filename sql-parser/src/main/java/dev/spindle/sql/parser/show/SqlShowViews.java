package dev.spindle.sql.parser.show;

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
 * {@code SHOW VIEWS [FROM schema]}: the views of one schema, or of the current one.
 *
 * <p>Immutable once built; a parse tree belongs to one thread.
 */
public final class SqlShowViews extends SqlShow {
    /** The operator; its {@code createCall} rebuilds the statement from (schema). */
    public static final SqlOperator OPERATOR = new StatementOperator("SHOW VIEWS", SqlKind.OTHER, (pos, ops) -> {
        Operands.expect(ops, 1, "SHOW VIEWS");
        return new SqlShowViews(pos, Operands.identifier(ops, 0));
    });

    private final @Nullable SqlIdentifier schema;

    public SqlShowViews(SqlParserPos pos, @Nullable SqlIdentifier schema) {
        super(pos);
        this.schema = schema;
    }

    /** The schema after {@code FROM}, or null. */
    public @Nullable SqlIdentifier schema() {
        return schema;
    }

    @Override
    public SqlOperator getOperator() {
        return OPERATOR;
    }

    @Override
    public List<@Nullable SqlNode> getOperandList() {
        return ImmutableNullableList.of(schema);
    }

    @Override
    public void unparse(SqlWriter writer, int leftPrec, int rightPrec) {
        writer.keyword("SHOW VIEWS");
        unparseOptional(writer, "FROM", schema);
    }
}
