package dev.spindle.sql.parser.ddl;

import static java.util.Objects.requireNonNull;

import dev.spindle.sql.parser.tree.Operands;
import java.util.List;
import org.apache.calcite.sql.SqlDrop;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.util.ImmutableNullableList;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * {@code DROP {TABLE | VIEW | INDEX} [IF EXISTS] name [CASCADE | RESTRICT]}: one subclass per kind
 * of object, told apart by {@link #getKind()}.
 *
 * <p>Immutable once built; a parse tree belongs to one thread.
 */
public abstract sealed class SqlDropObject extends SqlDrop permits SqlDropTable, SqlDropView, SqlDropIndex {
    private final SqlIdentifier name;
    private final @Nullable DropBehavior behavior;

    SqlDropObject(SqlOperator operator, SqlParserPos pos, boolean ifExists, SqlIdentifier name,
            @Nullable DropBehavior behavior) {
        super(operator, pos, ifExists);
        this.name = requireNonNull(name, "name");
        this.behavior = behavior;
    }

    /** The dropped object's (possibly qualified) name. */
    public SqlIdentifier name() {
        return name;
    }

    /** Whether {@code IF EXISTS} was written. */
    public boolean ifExists() {
        return ifExists;
    }

    /** {@code CASCADE} or {@code RESTRICT} as written, {@code RESTRICT} when neither was. */
    public DropBehavior behavior() {
        return behavior == null ? DropBehavior.RESTRICT : behavior;
    }

    /** Whether {@code CASCADE} or {@code RESTRICT} was written. */
    public boolean behaviorWritten() {
        return behavior != null;
    }

    /** The words after {@code DROP}: {@code TABLE}, {@code VIEW} or {@code INDEX}. */
    abstract String objectKeyword();

    @Override
    public List<@Nullable SqlNode> getOperandList() {
        return ImmutableNullableList.of(Operands.flag(ifExists), name, Operands.symbol(behavior));
    }

    @Override
    public void unparse(SqlWriter writer, int leftPrec, int rightPrec) {
        writer.keyword("DROP");
        writer.keyword(objectKeyword());
        if (ifExists) {
            writer.keyword("IF EXISTS");
        }
        name.unparse(writer, 0, 0);
        if (behavior != null) {
            writer.keyword(behavior.name());
        }
    }
}
