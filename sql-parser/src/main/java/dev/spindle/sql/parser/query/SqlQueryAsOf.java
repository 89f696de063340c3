package dev.spindle.sql.parser.query;

import static java.util.Objects.requireNonNull;

import dev.spindle.sql.parser.tree.Operands;
import dev.spindle.sql.parser.tree.StatementOperator;
import java.util.List;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.util.ImmutableNullableList;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * A query read at a chosen time: {@code query AS OF timestamp}, as Materialize spells it. The
 * {@code AS OF} clause follows the whole query, after {@code ORDER BY}, {@code LIMIT} and
 * {@code OFFSET}, and only at the top of a statement (or of what {@code EXPLAIN} explains); a
 * query without it parses to the query itself, not to this wrapper.
 *
 * <p>This is not a query Calcite's validator knows (kind {@link SqlKind#OTHER}): the caller
 * evaluates {@link #timestamp()}, then validates {@link #query()}.
 *
 * <p>Immutable once built; a parse tree belongs to one thread.
 */
public final class SqlQueryAsOf extends SqlCall {
    /** The operator; its {@code createCall} rebuilds the wrapper from (query, timestamp). */
    public static final SqlOperator OPERATOR = new StatementOperator("AS OF", SqlKind.OTHER, (pos, ops) -> {
        Operands.expect(ops, 2, "AS OF");
        return new SqlQueryAsOf(pos, requireNonNull(ops.get(0)), requireNonNull(ops.get(1)));
    });

    private final SqlNode query;
    private final SqlNode timestamp;

    public SqlQueryAsOf(SqlParserPos pos, SqlNode query, SqlNode timestamp) {
        super(pos);
        this.query = requireNonNull(query, "query");
        this.timestamp = requireNonNull(timestamp, "timestamp");
    }

    /** The query, with its ORDER BY / LIMIT / OFFSET. */
    public SqlNode query() {
        return query;
    }

    /** The timestamp expression after {@code AS OF}. */
    public SqlNode timestamp() {
        return timestamp;
    }

    @Override
    public SqlOperator getOperator() {
        return OPERATOR;
    }

    @Override
    public List<@Nullable SqlNode> getOperandList() {
        return ImmutableNullableList.of(query, timestamp);
    }

    @Override
    public void unparse(SqlWriter writer, int leftPrec, int rightPrec) {
        query.unparse(writer, 0, 0);
        writer.keyword("AS OF");
        timestamp.unparse(writer, 0, 0);
    }
}
