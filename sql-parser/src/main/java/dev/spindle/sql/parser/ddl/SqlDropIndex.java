package dev.spindle.sql.parser.ddl;

import static java.util.Objects.requireNonNull;

import dev.spindle.sql.parser.tree.Operands;
import dev.spindle.sql.parser.tree.StatementOperator;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * {@code DROP INDEX [IF EXISTS] name [CASCADE | RESTRICT]}.
 *
 * <p>Immutable once built; a parse tree belongs to one thread.
 */
public final class SqlDropIndex extends SqlDropObject {
    /** The operator; its {@code createCall} rebuilds the statement from its operands. */
    public static final SqlOperator OPERATOR = new StatementOperator("DROP INDEX", SqlKind.DROP_INDEX,
            (pos, ops) -> {
                Operands.expect(ops, 3, "DROP INDEX");
                return new SqlDropIndex(pos, Operands.flag(ops.get(0)), requireNonNull(Operands.identifier(ops, 1)),
                        Operands.symbol(ops.get(2), DropBehavior.class));
            });

    /** {@code behavior} is null when neither {@code CASCADE} nor {@code RESTRICT} was written. */
    public SqlDropIndex(SqlParserPos pos, boolean ifExists, SqlIdentifier name, @Nullable DropBehavior behavior) {
        super(OPERATOR, pos, ifExists, name, behavior);
    }

    @Override
    String objectKeyword() {
        return "INDEX";
    }
}
