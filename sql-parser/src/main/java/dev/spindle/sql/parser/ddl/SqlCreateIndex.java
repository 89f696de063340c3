package dev.spindle.sql.parser.ddl;

import static java.util.Objects.requireNonNull;

import dev.spindle.sql.parser.tree.Operands;
import dev.spindle.sql.parser.tree.StatementOperator;
import java.util.List;
import org.apache.calcite.sql.SqlCall;
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
 * {@code CREATE [UNIQUE] INDEX [[IF NOT EXISTS] name] ON obj (key [ASC | DESC], ...)}. The name may
 * be left out, as Materialize allows (the catalog then names the index); {@code IF NOT EXISTS}
 * needs a name. A key is any expression; a {@code DESC} key is wrapped in a call of kind
 * {@link SqlKind#DESCENDING}, as in {@code ORDER BY}. The parser refuses {@code OR REPLACE}.
 *
 * <p>Immutable once built; a parse tree belongs to one thread.
 */
public final class SqlCreateIndex extends SqlCreate {
    /** The operator; its {@code createCall} rebuilds the statement from its operands. */
    public static final SqlOperator OPERATOR = new StatementOperator("CREATE INDEX", SqlKind.CREATE_INDEX,
            (pos, ops) -> {
                Operands.expect(ops, 5, "CREATE INDEX");
                return new SqlCreateIndex(pos, Operands.flag(ops.get(0)), Operands.flag(ops.get(1)),
                        Operands.identifier(ops, 2), requireNonNull(Operands.identifier(ops, 3)),
                        requireNonNull(Operands.list(ops, 4)));
            });

    private final boolean unique;
    private final @Nullable SqlIdentifier name;
    private final SqlIdentifier on;
    private final SqlNodeList keys;

    public SqlCreateIndex(SqlParserPos pos, boolean unique, boolean ifNotExists, @Nullable SqlIdentifier name,
            SqlIdentifier on, SqlNodeList keys) {
        super(OPERATOR, pos, false, ifNotExists);
        this.unique = unique;
        this.name = name;
        this.on = requireNonNull(on, "on");
        this.keys = requireNonNull(keys, "keys");
        if (keys.isEmpty()) {
            throw new IllegalArgumentException("an index needs at least one key");
        }
        if (ifNotExists && name == null) {
            throw new IllegalArgumentException("IF NOT EXISTS needs an index name");
        }
    }

    /** Whether {@code UNIQUE} was written. */
    public boolean unique() {
        return unique;
    }

    /** Whether {@code IF NOT EXISTS} was written. */
    public boolean ifNotExists() {
        return ifNotExists;
    }

    /** The index's name, or null when the statement gave none. */
    public @Nullable SqlIdentifier name() {
        return name;
    }

    /** The indexed table or view. */
    public SqlIdentifier on() {
        return on;
    }

    /** The key expressions in order, a descending one wrapped in a {@code DESC} call. */
    public SqlNodeList keys() {
        return keys;
    }

    /** Whether key {@code i} is descending. */
    public boolean descending(int i) {
        return keys.get(i).getKind() == SqlKind.DESCENDING;
    }

    /** Key {@code i} without its {@code DESC}. */
    public SqlNode keyExpression(int i) {
        SqlNode key = keys.get(i);
        return key.getKind() == SqlKind.DESCENDING ? ((SqlCall) key).operand(0) : key;
    }

    @Override
    public List<@Nullable SqlNode> getOperandList() {
        return ImmutableNullableList.of(Operands.flag(unique), Operands.flag(ifNotExists), name, on, keys);
    }

    @Override
    public void unparse(SqlWriter writer, int leftPrec, int rightPrec) {
        writer.keyword(unique ? "CREATE UNIQUE INDEX" : "CREATE INDEX");
        if (ifNotExists) {
            writer.keyword("IF NOT EXISTS");
        }
        if (name != null) {
            name.unparse(writer, 0, 0);
        }
        writer.keyword("ON");
        on.unparse(writer, 0, 0);
        keys.unparse(writer, 1, 1);
    }
}
