package dev.spindle.sql.exec;

import dev.spindle.common.error.ErrorCode;
import dev.spindle.common.error.SpindleException;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.List;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlDynamicParam;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.util.DateString;
import org.apache.calcite.util.TimeString;
import org.apache.calcite.util.TimestampString;

/**
 * The {@code ?} parameters of a parsed statement: counting them, and binding values into a
 * statement's own parse tree as literals (for statements that are not planned once, such as
 * UPDATE and DELETE).
 *
 * <p>Thread-safety: stateless; {@link #bindInPlace} mutates the tree it is given, which must be
 * the caller's own.
 */
public final class Parameters {
    private Parameters() {
    }

    /** How many parameters {@code node} has (one more than the highest index). */
    public static int count(SqlNode node) {
        int[] max = {-1};
        walk(node, (parent, i, p) -> max[0] = Math.max(max[0], p.getIndex()));
        return max[0] + 1;
    }

    /**
     * Replaces every parameter of {@code node} with a literal of its value, in place.
     *
     * @throws SpindleException 0A000 where the tree cannot take a literal in a parameter's place
     */
    public static void bindInPlace(SqlNode node, List<Object> values) {
        walk(node, (parent, i, p) -> {
            SqlNode lit = literal(values.get(p.getIndex()));
            try {
                if (parent instanceof SqlNodeList) {
                    ((SqlNodeList) parent).set(i, lit);
                } else {
                    ((SqlCall) parent).setOperand(i, lit);
                }
            } catch (UnsupportedOperationException | AssertionError e) {
                throw new SpindleException(ErrorCode.FEATURE_NOT_SUPPORTED_1, "a parameter at " + p.getParserPosition());
            }
        });
    }

    private interface Visit {
        void param(SqlNode parent, int index, SqlDynamicParam p);
    }

    private static void walk(SqlNode node, Visit visit) {
        if (node instanceof SqlNodeList) {
            SqlNodeList l = (SqlNodeList) node;
            for (int i = 0; i < l.size(); i++) {
                visitChild(l, i, l.get(i), visit);
            }
        } else if (node instanceof SqlCall) {
            List<SqlNode> ops = ((SqlCall) node).getOperandList();
            for (int i = 0; i < ops.size(); i++) {
                visitChild(node, i, ops.get(i), visit);
            }
        }
    }

    private static void visitChild(SqlNode parent, int i, SqlNode child, Visit visit) {
        if (child instanceof SqlDynamicParam) {
            visit.param(parent, i, (SqlDynamicParam) child);
        } else if (child != null) {
            walk(child, visit);
        }
    }

    /** A literal that unparses to {@code v} (Spindle's value representation; null for NULL). */
    static SqlNode literal(Object v) {
        SqlParserPos pos = SqlParserPos.ZERO;
        if (v == null) {
            return SqlLiteral.createNull(pos);
        } else if (v instanceof Long || v instanceof Integer || v instanceof Short) {
            return SqlLiteral.createExactNumeric(Long.toString(((Number) v).longValue()), pos);
        } else if (v instanceof BigDecimal) {
            return SqlLiteral.createExactNumeric(((BigDecimal) v).toPlainString(), pos);
        } else if (v instanceof Double || v instanceof Float) {
            double d = ((Number) v).doubleValue();
            if (Double.isNaN(d) || Double.isInfinite(d)) {
                throw new SpindleException(ErrorCode.FEATURE_NOT_SUPPORTED_1, "a NaN or infinite parameter here");
            }
            String s = Double.toString(d);
            return SqlLiteral.createApproxNumeric(s.contains("E") ? s : s + "E0", pos);
        } else if (v instanceof Boolean) {
            return SqlLiteral.createBoolean((Boolean) v, pos);
        } else if (v instanceof String) {
            return SqlLiteral.createCharString((String) v, pos);
        } else if (v instanceof LocalDate) {
            return SqlLiteral.createDate(new DateString(v.toString()), pos);
        } else if (v instanceof LocalTime) {
            return SqlLiteral.createTime(TimeString.fromMillisOfDay((int) (((LocalTime) v).toNanoOfDay() / 1_000_000L)), 3, pos);
        } else if (v instanceof LocalDateTime) {
            LocalDateTime t = (LocalDateTime) v;
            return SqlLiteral.createTimestamp(SqlTypeName.TIMESTAMP, new TimestampString(t.getYear(), t.getMonthValue(),
                    t.getDayOfMonth(), t.getHour(), t.getMinute(), t.getSecond()).withNanos(t.getNano()), 6, pos);
        }
        throw new SpindleException(ErrorCode.FEATURE_NOT_SUPPORTED_1, "a parameter of class " + v.getClass().getName());
    }
}
