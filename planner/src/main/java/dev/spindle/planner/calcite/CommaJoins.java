package dev.spindle.planner.calcite;

import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.sql.JoinConditionType;
import org.apache.calcite.sql.JoinType;
import org.apache.calcite.sql.SqlJoin;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.parser.SqlParserPos;

/**
 * Rebalances a {@code FROM} list of many comma-separated tables into a balanced tree of comma
 * joins before Calcite validates and converts it. The parser builds {@code FROM t1, t2, ..., tn}
 * as a left-deep chain, so every relational step after it (conversion, field trimming, join
 * ordering, the Hep rules) builds the row types of joins of 2, 3, ..., n tables: quadratic in n
 * (SQLite's {@code select5} joins up to 64 tables, and building join row types was a fifth of its
 * planning). A balanced tree builds row types of n log n fields in all. The items keep their
 * order, so the columns do too, and a cross product is associative: the query means the same, and
 * {@link JoinOrder} picks the order of the joins from the flattened items either way.
 *
 * <p>Thread-safety: stateless.
 */
final class CommaJoins {
    private CommaJoins() {
    }

    /**
     * {@code from} as a balanced tree if it is a chain of comma joins (no condition) of at least
     * {@code min} items, else {@code from} itself.
     */
    static SqlNode balanced(SqlNode from, int min) {
        List<SqlNode> items = new ArrayList<>();
        if (!flatten(from, items) || items.size() < min) {
            return from;
        }
        return tree(items, 0, items.size());
    }

    private static boolean flatten(SqlNode node, List<SqlNode> items) {
        if (node instanceof SqlJoin) {
            SqlJoin j = (SqlJoin) node;
            if (j.getJoinType() != JoinType.COMMA || j.isNatural() || j.getConditionType() != JoinConditionType.NONE) {
                return false;
            }
            return flatten(j.getLeft(), items) && flatten(j.getRight(), items);
        }
        items.add(node);
        return true;
    }

    private static SqlNode tree(List<SqlNode> items, int from, int to) {
        if (to - from == 1) {
            return items.get(from);
        }
        int mid = (from + to) >>> 1;
        SqlNode left = tree(items, from, mid);
        SqlNode right = tree(items, mid, to);
        SqlParserPos pos = left.getParserPosition().plus(right.getParserPosition());
        return new SqlJoin(pos, left, SqlLiteral.createBoolean(false, pos), JoinType.COMMA.symbol(pos), right,
                JoinConditionType.NONE.symbol(pos), null);
    }
}
