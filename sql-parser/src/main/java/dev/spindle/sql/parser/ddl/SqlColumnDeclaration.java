package dev.spindle.sql.parser.ddl;

import static java.util.Objects.requireNonNull;

import dev.spindle.sql.parser.tree.Operands;
import dev.spindle.sql.parser.tree.StatementOperator;
import java.util.List;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlDataTypeSpec;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.util.ImmutableNullableList;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * A column of {@code CREATE TABLE}:
 * {@code name type [NOT NULL | NULL] [DEFAULT expr] [PRIMARY KEY] [UNIQUE]}. The parser accepts the
 * constraints in any order (each at most once); unparsing writes them in this order.
 *
 * <p>Immutable once built; a parse tree belongs to one thread.
 */
public final class SqlColumnDeclaration extends SqlCall {
    /** The operator; its {@code createCall} rebuilds the declaration from its operands. */
    public static final SqlOperator OPERATOR = new StatementOperator("COLUMN_DECL", SqlKind.COLUMN_DECL,
            (pos, ops) -> {
                Operands.expect(ops, 6, "COLUMN_DECL");
                return new SqlColumnDeclaration(pos, requireNonNull(Operands.identifier(ops, 0)),
                        (SqlDataTypeSpec) requireNonNull(ops.get(1)),
                        requireNonNull(Operands.symbol(ops.get(2), Nullability.class)), ops.get(3),
                        Operands.flag(ops.get(4)), Operands.flag(ops.get(5)));
            });

    private final SqlIdentifier name;
    private final SqlDataTypeSpec type;
    private final Nullability nullability;
    private final @Nullable SqlNode defaultValue;
    private final boolean primaryKey;
    private final boolean unique;

    public SqlColumnDeclaration(SqlParserPos pos, SqlIdentifier name, SqlDataTypeSpec type,
            Nullability nullability, @Nullable SqlNode defaultValue, boolean primaryKey, boolean unique) {
        super(pos);
        this.name = requireNonNull(name, "name");
        this.type = requireNonNull(type, "type");
        this.nullability = requireNonNull(nullability, "nullability");
        this.defaultValue = defaultValue;
        this.primaryKey = primaryKey;
        this.unique = unique;
    }

    /** The column's name (one part). */
    public SqlIdentifier name() {
        return name;
    }

    /** The declared type, as written (its own nullability is not used: see {@link #nullability()}). */
    public SqlDataTypeSpec type() {
        return type;
    }

    /** {@code NOT NULL}, {@code NULL} or neither. */
    public Nullability nullability() {
        return nullability;
    }

    /** The {@code DEFAULT} expression, or null. */
    public @Nullable SqlNode defaultValue() {
        return defaultValue;
    }

    /** Whether the column is declared {@code PRIMARY KEY}. */
    public boolean primaryKey() {
        return primaryKey;
    }

    /** Whether the column is declared {@code UNIQUE}. */
    public boolean unique() {
        return unique;
    }

    @Override
    public SqlOperator getOperator() {
        return OPERATOR;
    }

    @Override
    public List<@Nullable SqlNode> getOperandList() {
        return ImmutableNullableList.of(name, type, Operands.symbol(nullability), defaultValue,
                Operands.flag(primaryKey), Operands.flag(unique));
    }

    @Override
    public void unparse(SqlWriter writer, int leftPrec, int rightPrec) {
        name.unparse(writer, 0, 0);
        type.unparse(writer, 0, 0);
        if (nullability == Nullability.NOT_NULL) {
            writer.keyword("NOT NULL");
        } else if (nullability == Nullability.NULL) {
            writer.keyword("NULL");
        }
        if (defaultValue != null) {
            writer.keyword("DEFAULT");
            defaultValue.unparse(writer, 0, 0);
        }
        if (primaryKey) {
            writer.keyword("PRIMARY KEY");
        }
        if (unique) {
            writer.keyword("UNIQUE");
        }
    }
}
