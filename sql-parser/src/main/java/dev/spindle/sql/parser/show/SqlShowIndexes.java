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
 * {@code SHOW INDEXES [ON obj | FROM schema]}: the indexes of one table or view, of one schema, or
 * of the current schema.
 *
 * <p>Immutable once built; a parse tree belongs to one thread.
 */
public final class SqlShowIndexes extends SqlShow {
    /** The operator; its {@code createCall} rebuilds the statement from (on, schema). */
    public static final SqlOperator OPERATOR = new StatementOperator("SHOW INDEXES", SqlKind.OTHER, (pos, ops) -> {
        Operands.expect(ops, 2, "SHOW INDEXES");
        return new SqlShowIndexes(pos, Operands.identifier(ops, 0), Operands.identifier(ops, 1));
    });

    private final @Nullable SqlIdentifier on;
    private final @Nullable SqlIdentifier schema;

    /** At most one of {@code on} and {@code schema} is not null. */
    public SqlShowIndexes(SqlParserPos pos, @Nullable SqlIdentifier on, @Nullable SqlIdentifier schema) {
        super(pos);
        if (on != null && schema != null) {
            throw new IllegalArgumentException("SHOW INDEXES takes ON or FROM, not both");
        }
        this.on = on;
        this.schema = schema;
    }

    /** The table or view after {@code ON}, or null. */
    public @Nullable SqlIdentifier on() {
        return on;
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
        return ImmutableNullableList.of(on, schema);
    }

    @Override
    public void unparse(SqlWriter writer, int leftPrec, int rightPrec) {
        writer.keyword("SHOW INDEXES");
        unparseOptional(writer, "ON", on);
        unparseOptional(writer, "FROM", schema);
    }
}
