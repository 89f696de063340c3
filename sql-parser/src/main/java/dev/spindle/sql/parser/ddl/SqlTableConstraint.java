package dev.spindle.sql.parser.ddl;

import static java.util.Objects.requireNonNull;

import dev.spindle.sql.parser.tree.Operands;
import dev.spindle.sql.parser.tree.StatementOperator;
import java.util.List;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.util.ImmutableNullableList;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * A table constraint of {@code CREATE TABLE}: {@code [CONSTRAINT name] PRIMARY KEY (column, ...)}
 * (kind {@link SqlKind#PRIMARY_KEY}) or {@code [CONSTRAINT name] UNIQUE (column, ...)} (kind
 * {@link SqlKind#UNIQUE}).
 *
 * <p>Immutable once built; a parse tree belongs to one thread.
 */
public final class SqlTableConstraint extends SqlCall {
    /** The operator of {@code PRIMARY KEY} constraints. */
    public static final SqlOperator PRIMARY_KEY = new StatementOperator("PRIMARY KEY", SqlKind.PRIMARY_KEY,
            (pos, ops) -> new SqlTableConstraint(Operands.expect(ops, 2, "PRIMARY KEY"), pos, true));
    /** The operator of {@code UNIQUE} constraints. */
    public static final SqlOperator UNIQUE = new StatementOperator("UNIQUE", SqlKind.UNIQUE,
            (pos, ops) -> new SqlTableConstraint(Operands.expect(ops, 2, "UNIQUE"), pos, false));

    private final @Nullable SqlIdentifier name;
    private final SqlNodeList columns;
    private final boolean primaryKey;

    private SqlTableConstraint(SqlParserPos pos, @Nullable SqlIdentifier name, SqlNodeList columns,
            boolean primaryKey) {
        super(pos);
        this.name = name;
        this.columns = requireNonNull(columns, "columns");
        this.primaryKey = primaryKey;
        if (columns.isEmpty()) {
            throw new IllegalArgumentException("a constraint needs at least one column");
        }
    }

    private SqlTableConstraint(List<@Nullable SqlNode> ops, SqlParserPos pos, boolean primaryKey) {
        this(pos, Operands.identifier(ops, 0), requireNonNull(Operands.list(ops, 1)), primaryKey);
    }

    /** {@code [CONSTRAINT name] PRIMARY KEY (columns)}. */
    public static SqlTableConstraint primaryKey(SqlParserPos pos, @Nullable SqlIdentifier name,
            SqlNodeList columns) {
        return new SqlTableConstraint(pos, name, columns, true);
    }

    /** {@code [CONSTRAINT name] UNIQUE (columns)}. */
    public static SqlTableConstraint unique(SqlParserPos pos, @Nullable SqlIdentifier name,
            SqlNodeList columns) {
        return new SqlTableConstraint(pos, name, columns, false);
    }

    /** The constraint's name, or null when none was given. */
    public @Nullable SqlIdentifier name() {
        return name;
    }

    /** The constrained columns (simple identifiers), in order; never empty. */
    public SqlNodeList columns() {
        return columns;
    }

    /** True for {@code PRIMARY KEY}, false for {@code UNIQUE}. */
    public boolean isPrimaryKey() {
        return primaryKey;
    }

    @Override
    public SqlOperator getOperator() {
        return primaryKey ? PRIMARY_KEY : UNIQUE;
    }

    @Override
    public List<@Nullable SqlNode> getOperandList() {
        return ImmutableNullableList.of(name, columns);
    }

    @Override
    public void unparse(SqlWriter writer, int leftPrec, int rightPrec) {
        if (name != null) {
            writer.keyword("CONSTRAINT");
            name.unparse(writer, 0, 0);
        }
        writer.keyword(primaryKey ? "PRIMARY KEY" : "UNIQUE");
        columns.unparse(writer, 1, 1);
    }
}
