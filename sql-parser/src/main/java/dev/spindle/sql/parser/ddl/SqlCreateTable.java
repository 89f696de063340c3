package dev.spindle.sql.parser.ddl;

import static java.util.Objects.requireNonNull;

import dev.spindle.sql.parser.tree.Operands;
import dev.spindle.sql.parser.tree.StatementOperator;
import java.util.ArrayList;
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
 * {@code CREATE TABLE [IF NOT EXISTS] name (element, ...)}, each element a
 * {@link SqlColumnDeclaration} or a {@link SqlTableConstraint}, in the order written. The parser
 * refuses {@code OR REPLACE}; it checks no names (duplicate columns, constraints naming unknown
 * columns, two primary keys are for the catalog to refuse).
 *
 * <p>Immutable once built; a parse tree belongs to one thread.
 */
public final class SqlCreateTable extends SqlCreate {
    /** The operator; its {@code createCall} rebuilds the statement from its operands. */
    public static final SqlOperator OPERATOR = new StatementOperator("CREATE TABLE", SqlKind.CREATE_TABLE,
            (pos, ops) -> {
                Operands.expect(ops, 3, "CREATE TABLE");
                return new SqlCreateTable(pos, Operands.flag(ops.get(0)),
                        requireNonNull(Operands.identifier(ops, 1)), requireNonNull(Operands.list(ops, 2)));
            });

    private final SqlIdentifier name;
    private final SqlNodeList elements;

    public SqlCreateTable(SqlParserPos pos, boolean ifNotExists, SqlIdentifier name, SqlNodeList elements) {
        super(OPERATOR, pos, false, ifNotExists);
        this.name = requireNonNull(name, "name");
        this.elements = requireNonNull(elements, "elements");
        for (SqlNode e : elements) {
            if (!(e instanceof SqlColumnDeclaration) && !(e instanceof SqlTableConstraint)) {
                throw new IllegalArgumentException("not a column or constraint: " + e);
            }
        }
    }

    /** The table's (possibly qualified) name. */
    public SqlIdentifier name() {
        return name;
    }

    /** Whether {@code IF NOT EXISTS} was written. */
    public boolean ifNotExists() {
        return ifNotExists;
    }

    /** Columns and constraints in the order written. */
    public SqlNodeList elements() {
        return elements;
    }

    /** The column declarations, in order. */
    public List<SqlColumnDeclaration> columns() {
        List<SqlColumnDeclaration> columns = new ArrayList<>();
        for (SqlNode e : elements) {
            if (e instanceof SqlColumnDeclaration) {
                columns.add((SqlColumnDeclaration) e);
            }
        }
        return columns;
    }

    /** The table constraints, in order (column-level constraints stay on their columns). */
    public List<SqlTableConstraint> constraints() {
        List<SqlTableConstraint> constraints = new ArrayList<>();
        for (SqlNode e : elements) {
            if (e instanceof SqlTableConstraint) {
                constraints.add((SqlTableConstraint) e);
            }
        }
        return constraints;
    }

    @Override
    public List<@Nullable SqlNode> getOperandList() {
        return ImmutableNullableList.of(Operands.flag(ifNotExists), name, elements);
    }

    @Override
    public void unparse(SqlWriter writer, int leftPrec, int rightPrec) {
        writer.keyword("CREATE TABLE");
        if (ifNotExists) {
            writer.keyword("IF NOT EXISTS");
        }
        name.unparse(writer, 0, 0);
        SqlWriter.Frame frame = writer.startList("(", ")");
        for (SqlNode e : elements) {
            writer.sep(",");
            e.unparse(writer, 0, 0);
        }
        writer.endList(frame);
    }
}
