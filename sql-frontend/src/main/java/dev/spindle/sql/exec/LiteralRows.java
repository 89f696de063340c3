package dev.spindle.sql.exec;

import dev.spindle.common.row.Row;
import java.math.BigDecimal;
import java.util.List;
import org.apache.calcite.sql.SqlBasicCall;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlCharStringLiteral;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNumericLiteral;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.util.NlsString;

/**
 * The row of a one-row {@code VALUES} whose every item is a plain literal, computed without
 * planning it: {@code INSERT INTO t VALUES (1, -2.50, 'x', NULL, TRUE)}. Planning such a row
 * through Calcite and evaluating it was three quarters of a warm single-row INSERT (about 100 µs),
 * and scripts are made of them (SQLite's corpus has 4,852).
 *
 * <p>The values are exactly those the planned row evaluates to ({@code LiteralRowsProperties}
 * checks it against the planner on random rows): an integer as a {@code Long} (a {@code
 * BigDecimal} beyond a long's range, as Calcite types it DECIMAL), a decimal as the
 * {@code BigDecimal} written (its scale kept), an approximate number as a {@code Double}, a
 * string as its text, a boolean, a NULL; a sign in front of a number folds into it. Anything else
 * (an expression, a cast, a typed or prefixed string, a date, several rows, whose types Calcite
 * unifies) is left to the planner: {@link #of} answers null.
 *
 * <p>Thread-safety: stateless.
 */
final class LiteralRows {
    private LiteralRows() {
    }

    /** The one row of {@code values}, or null if it is not a one-row VALUES of plain literals. */
    static List<Row> of(SqlNode values) {
        List<SqlNode> items = oneRow(values);
        if (items == null) {
            return null;
        }
        Object[] out = new Object[items.size()];
        for (int i = 0; i < out.length; i++) {
            SqlNode item = items.get(i);
            Object v = value(item);
            if (v == NOT_A_LITERAL) {
                return null;
            }
            out[i] = v;
        }
        return List.of(Row.of(out));
    }

    /** The items of {@code values} if it is a {@code VALUES} of one row, else null. */
    static List<SqlNode> oneRow(SqlNode values) {
        if (values.getKind() != SqlKind.VALUES || ((SqlCall) values).operandCount() != 1) {
            return null;
        }
        SqlNode row = ((SqlCall) values).operand(0);
        return row.getKind() == SqlKind.ROW ? ((SqlCall) row).getOperandList() : null;
    }

    private static final Object NOT_A_LITERAL = new Object();

    private static Object value(SqlNode item) {
        if (item instanceof SqlNumericLiteral) {
            return number((SqlNumericLiteral) item, false);
        }
        if (item instanceof SqlBasicCall && ((SqlCall) item).operandCount() == 1
                && ((SqlCall) item).operand(0) instanceof SqlNumericLiteral) {
            SqlKind kind = item.getKind();
            if (kind == SqlKind.MINUS_PREFIX || kind == SqlKind.PLUS_PREFIX) {
                return number(((SqlCall) item).operand(0), kind == SqlKind.MINUS_PREFIX);
            }
            return NOT_A_LITERAL;
        }
        if (item instanceof SqlCharStringLiteral) {
            NlsString s = ((SqlCharStringLiteral) item).getValueAs(NlsString.class);
            return s.getCharsetName() == null && s.getCollation() == null ? s.getValue() : NOT_A_LITERAL;
        }
        if (item instanceof SqlLiteral) {
            SqlLiteral l = (SqlLiteral) item;
            if (l.getTypeName() == SqlTypeName.NULL) {
                return null;
            }
            if (l.getTypeName() == SqlTypeName.BOOLEAN && l.getValue() != null) {
                return l.booleanValue();
            }
        }
        return NOT_A_LITERAL;
    }

    private static Object number(SqlNumericLiteral n, boolean negate) {
        BigDecimal v = n.getValueAs(BigDecimal.class);
        if (negate) {
            v = v.negate();
        }
        if (!n.isExact()) {
            return v.doubleValue();
        }
        if (v.scale() <= 0) {
            try {
                return v.longValueExact();
            } catch (ArithmeticException beyondLong) {
                return v;
            }
        }
        return v;
    }
}
