package dev.spindle.sql.parser.ddl;

import static java.util.Objects.requireNonNull;

import dev.spindle.sql.parser.tree.Operands;
import dev.spindle.sql.parser.tree.StatementOperator;
import java.util.List;
import org.apache.calcite.sql.SqlCreate;
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
 * {@code CREATE [OR REPLACE] VIEW [IF NOT EXISTS] name [(column, ...)] AS query}. {@code OR
 * REPLACE} and {@code IF NOT EXISTS} exclude each other (the parser refuses both together).
 *
 * <p>Immutable once built; a parse tree belongs to one thread.
 */
public final class SqlCreateView extends SqlCreate {
    /** The operator; its {@code createCall} rebuilds the statement from its operands. */
    public static final SqlOperator OPERATOR = new StatementOperator("CREATE VIEW", SqlKind.CREATE_VIEW,
            (pos, ops) -> {
                Operands.expect(ops, 5, "CREATE VIEW");
                return new SqlCreateView(pos, Operands.flag(ops.get(0)), Operands.flag(ops.get(1)),
                        requireNonNull(Operands.identifier(ops, 2)), Operands.list(ops, 3),
                        requireNonNull(ops.get(4)));
            });

    private final SqlIdentifier name;
    private final @Nullable SqlNodeList columns;
    private final SqlNode query;

    public SqlCreateView(SqlParserPos pos, boolean replace, boolean ifNotExists, SqlIdentifier name,
            @Nullable SqlNodeList columns, SqlNode query) {
        super(OPERATOR, pos, replace, ifNotExists);
        this.name = requireNonNull(name, "name");
        this.columns = columns;
        this.query = requireNonNull(query, "query");
    }

    /** The view's (possibly qualified) name. */
    public SqlIdentifier name() {
        return name;
    }

    /** Whether {@code OR REPLACE} was written. */
    public boolean replace() {
        return getReplace();
    }

    /** Whether {@code IF NOT EXISTS} was written. */
    public boolean ifNotExists() {
        return ifNotExists;
    }

    /** The column names given after the view's name, or null. */
    public @Nullable SqlNodeList columns() {
        return columns;
    }

    /** The defining query. */
    public SqlNode query() {
        return query;
    }

    @Override
    public List<@Nullable SqlNode> getOperandList() {
        return ImmutableNullableList.of(Operands.flag(getReplace()), Operands.flag(ifNotExists), name,
                columns, query);
    }

    @Override
    public void unparse(SqlWriter writer, int leftPrec, int rightPrec) {
        writer.keyword(getReplace() ? "CREATE OR REPLACE VIEW" : "CREATE VIEW");
        if (ifNotExists) {
            writer.keyword("IF NOT EXISTS");
        }
        name.unparse(writer, 0, 0);
        if (columns != null) {
            columns.unparse(writer, 1, 1);
        }
        writer.keyword("AS");
        writer.newlineAndIndent();
        query.unparse(writer, 0, 0);
    }
}
