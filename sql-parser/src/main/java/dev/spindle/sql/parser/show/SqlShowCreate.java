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
 * {@code SHOW CREATE {TABLE | VIEW | INDEX} name}: the statement that would create the object.
 *
 * <p>Immutable once built; a parse tree belongs to one thread.
 */
public final class SqlShowCreate extends SqlShow {
    /** The operator; its {@code createCall} rebuilds the statement from (target, name). */
    public static final SqlOperator OPERATOR = new StatementOperator("SHOW CREATE", SqlKind.OTHER, (pos, ops) -> {
        Operands.expect(ops, 2, "SHOW CREATE");
        return new SqlShowCreate(pos, requireNonNull(Operands.symbol(ops.get(0), ShowCreateTarget.class)),
                requireNonNull(Operands.identifier(ops, 1)));
    });

    private final ShowCreateTarget target;
    private final SqlIdentifier name;

    public SqlShowCreate(SqlParserPos pos, ShowCreateTarget target, SqlIdentifier name) {
        super(pos);
        this.target = requireNonNull(target, "target");
        this.name = requireNonNull(name, "name");
    }

    /** Whether a table, view or index is shown. */
    public ShowCreateTarget target() {
        return target;
    }

    /** The object's (possibly qualified) name. */
    public SqlIdentifier name() {
        return name;
    }

    @Override
    public SqlOperator getOperator() {
        return OPERATOR;
    }

    @Override
    public List<@Nullable SqlNode> getOperandList() {
        return ImmutableNullableList.of(Operands.symbol(target), name);
    }

    @Override
    public void unparse(SqlWriter writer, int leftPrec, int rightPrec) {
        writer.keyword("SHOW CREATE");
        writer.keyword(target.name());
        name.unparse(writer, 0, 0);
    }
}
