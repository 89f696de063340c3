package dev.spindle.sql.parser.query;

import static java.util.Objects.requireNonNull;

import dev.spindle.sql.parser.tree.Operands;
import dev.spindle.sql.parser.tree.StatementOperator;
import org.apache.calcite.sql.SqlExplain;
import org.apache.calcite.sql.SqlExplainFormat;
import org.apache.calcite.sql.SqlExplainLevel;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;

/**
 * {@code EXPLAIN statement}, without {@code PLAN FOR} (PostgreSQL's and Materialize's short
 * form). It is a Calcite {@link SqlExplain} (kind {@link SqlKind#EXPLAIN}) with the defaults of
 * {@code EXPLAIN PLAN FOR} (attributes, physical, text), so a caller handles both forms alike; it
 * differs only in unparsing to the short form. The explained statement is a query (possibly
 * with {@code AS OF}), an {@code INSERT}, {@code UPDATE}, {@code DELETE}, {@code MERGE},
 * {@code CREATE INDEX} or {@code CREATE VIEW}.
 *
 * <p>Immutable once built; a parse tree belongs to one thread.
 */
public final class SqlShortExplain extends SqlExplain {
    /** The operator (kind {@link SqlKind#EXPLAIN}); its {@code createCall} keeps the short form. */
    public static final SqlOperator OPERATOR = new StatementOperator("EXPLAIN", SqlKind.EXPLAIN, (pos, ops) -> {
        Operands.expect(ops, 4, "EXPLAIN");
        return new SqlShortExplain(pos, requireNonNull(ops.get(0)), 0);
    });

    /**
     * {@code EXPLAIN explicandum}; {@code dynamicParameterCount} is the number of {@code ?} in
     * the statement, as for {@link SqlExplain}.
     */
    public SqlShortExplain(SqlParserPos pos, SqlNode explicandum, int dynamicParameterCount) {
        super(pos, requireNonNull(explicandum, "explicandum"),
                SqlExplainLevel.EXPPLAN_ATTRIBUTES.symbol(SqlParserPos.ZERO),
                SqlExplain.Depth.PHYSICAL.symbol(SqlParserPos.ZERO),
                SqlExplainFormat.TEXT.symbol(SqlParserPos.ZERO),
                dynamicParameterCount);
    }

    @Override
    public SqlOperator getOperator() {
        return OPERATOR;
    }

    @Override
    public void unparse(SqlWriter writer, int leftPrec, int rightPrec) {
        writer.keyword("EXPLAIN");
        writer.newlineAndIndent();
        getExplicandum().unparse(writer, 0, 0);
    }
}
