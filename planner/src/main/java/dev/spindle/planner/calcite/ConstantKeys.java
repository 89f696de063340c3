package dev.spindle.planner.calcite;

import dev.spindle.common.error.ErrorCode;
import dev.spindle.common.error.SpindleException;
import java.util.function.ToIntFunction;
import org.apache.calcite.sql.SqlBasicCall;
import org.apache.calcite.sql.SqlBinaryStringLiteral;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlCharStringLiteral;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlNumericLiteral;
import org.apache.calcite.sql.SqlOrderBy;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * PostgreSQL's rule for a constant written as a whole {@code GROUP BY} or {@code ORDER BY} item:
 * an integer is a position in the select list, any other constant ({@code 'k'}, {@code 1.5},
 * {@code NULL}, {@code TRUE}, {@code x'01'}) is refused with 42601 "non-integer constant in GROUP
 * BY" at the constant, where Calcite would group or sort by the constant. A typed literal
 * ({@code DATE '2024-01-01'}, an interval) is an expression to PostgreSQL and is left alone, as
 * are constants inside expressions ({@code 'k' || 'x'}).
 *
 * <p>Checked on the parsed tree before either conversion path (Calcite's validator or
 * {@link DirectConversion}), subqueries included.
 *
 * <p>Thread-safety: stateless.
 */
final class ConstantKeys {
    private ConstantKeys() {
    }

    /**
     * Refuses a non-integer constant item of any GROUP BY or ORDER BY in {@code node}.
     *
     * @param offset the 1-based character offset of a parser position in the statement, or -1
     */
    static void check(SqlNode node, ToIntFunction<SqlParserPos> offset) {
        if (node instanceof SqlNodeList) {
            for (SqlNode n : (SqlNodeList) node) {
                check(n, offset);
            }
            return;
        }
        if (!(node instanceof SqlCall)) {
            return;
        }
        if (node instanceof SqlSelect) {
            SqlSelect s = (SqlSelect) node;
            items(s.getGroup(), "GROUP BY", offset);
            items(s.getOrderList(), "ORDER BY", offset);
        } else if (node instanceof SqlOrderBy) {
            items(((SqlOrderBy) node).orderList, "ORDER BY", offset);
        }
        for (SqlNode operand : ((SqlCall) node).getOperandList()) {
            if (operand != null) {
                check(operand, offset);
            }
        }
    }

    private static void items(SqlNodeList items, String clause, ToIntFunction<SqlParserPos> offset) {
        if (items == null) {
            return;
        }
        for (SqlNode item : items) {
            SqlNode key = unwrapOrdering(item);
            if (key instanceof SqlLiteral && !allowed((SqlLiteral) key)) {
                throw SpindleException.atPosition(offset.applyAsInt(key.getParserPosition()),
                        ErrorCode.SYNTAX_ERROR_1, "non-integer constant in " + clause);
            }
        }
    }

    /** The sort key under {@code DESC} and {@code NULLS FIRST | LAST}. */
    private static SqlNode unwrapOrdering(SqlNode item) {
        SqlNode n = item;
        while (n instanceof SqlBasicCall && (n.getKind() == SqlKind.DESCENDING || n.getKind() == SqlKind.NULLS_FIRST
                || n.getKind() == SqlKind.NULLS_LAST)) {
            n = ((SqlBasicCall) n).operand(0);
        }
        return n;
    }

    /** Whether PostgreSQL takes {@code literal} as a GROUP BY or ORDER BY item: an integer, or a typed literal. */
    private static boolean allowed(SqlLiteral literal) {
        if (literal instanceof SqlNumericLiteral) {
            SqlNumericLiteral n = (SqlNumericLiteral) literal;
            return n.isExact() && n.getScale() != null && n.getScale() == 0;
        }
        if (literal instanceof SqlCharStringLiteral || literal instanceof SqlBinaryStringLiteral) {
            return false;
        }
        SqlTypeName type = literal.getTypeName(); // UNKNOWN: a typed literal the validator has not read yet
        return type != SqlTypeName.NULL && type != SqlTypeName.BOOLEAN;
    }
}
