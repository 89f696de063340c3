package dev.spindle.sql.parser.direct;

import java.util.List;
import java.util.Objects;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlDataTypeSpec;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlNumericLiteral;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlUnresolvedFunction;

/**
 * Whether two parse trees are the same in everything a later step could see: node classes,
 * operators, operands, names, literal values and types, and every position (of each node, each
 * name part, each type). {@link SqlNode#equalsDeep} ignores positions, which error messages
 * and the shape cache read, so the direct parser is checked with this instead.
 *
 * <p>Thread-safety: stateless.
 */
public final class SqlTrees {
    private SqlTrees() {
    }

    /** Where {@code a} and {@code b} first differ, described; null if they are the same. */
    public static String difference(SqlNode a, SqlNode b) {
        return difference(a, b, "");
    }

    private static String difference(SqlNode a, SqlNode b, String path) {
        if (a == null || b == null) {
            return a == b ? null : path + ": " + a + " against " + b;
        }
        String at = path + "/" + a.getClass().getSimpleName();
        if (a.getClass() != b.getClass()) {
            return at + ": class " + b.getClass().getSimpleName();
        }
        if (!a.getParserPosition().equals(b.getParserPosition())
                || a.getParserPosition().isQuoted() != b.getParserPosition().isQuoted()) {
            return at + " '" + a + "': position " + a.getParserPosition() + " against " + b.getParserPosition();
        }
        if (a instanceof SqlIdentifier) {
            return identifier((SqlIdentifier) a, (SqlIdentifier) b, at);
        }
        if (a instanceof SqlLiteral) {
            return literal((SqlLiteral) a, (SqlLiteral) b, at);
        }
        if (a instanceof SqlDataTypeSpec) {
            SqlDataTypeSpec x = (SqlDataTypeSpec) a;
            SqlDataTypeSpec y = (SqlDataTypeSpec) b;
            boolean same = x.toString().equals(y.toString()) && x.equalsDeep(y, org.apache.calcite.util.Litmus.IGNORE)
                    && x.getTypeNameSpec().getClass() == y.getTypeNameSpec().getClass()
                    && x.getTypeNameSpec().getParserPos().equals(y.getTypeNameSpec().getParserPos());
            return same ? null : at + ": type " + x + " against " + y;
        }
        if (a instanceof SqlNodeList) {
            return list(((SqlNodeList) a).getList(), ((SqlNodeList) b).getList(), at);
        }
        if (a instanceof SqlCall) {
            SqlCall x = (SqlCall) a;
            SqlCall y = (SqlCall) b;
            if (!sameOperator(x.getOperator(), y.getOperator())) {
                return at + ": operator " + x.getOperator() + " against " + y.getOperator();
            }
            String q = difference(x.getFunctionQuantifier(), y.getFunctionQuantifier(), at + "[quantifier]");
            return q != null ? q : list(x.getOperandList(), y.getOperandList(), at + "(" + x.getOperator().getName() + ")");
        }
        return a.toString().equals(b.toString()) ? null : at + ": " + a + " against " + b;
    }

    private static String list(List<SqlNode> a, List<SqlNode> b, String at) {
        if (a.size() != b.size()) {
            return at + ": " + a.size() + " items against " + b.size();
        }
        for (int i = 0; i < a.size(); i++) {
            String d = difference(a.get(i), b.get(i), at + "[" + i + "]");
            if (d != null) {
                return d;
            }
        }
        return null;
    }

    private static boolean sameOperator(SqlOperator x, SqlOperator y) {
        if (x == y) {
            return true;
        }
        return x instanceof SqlUnresolvedFunction && y instanceof SqlUnresolvedFunction
                && x.getClass() == y.getClass()
                && ((SqlUnresolvedFunction) x).getFunctionType() == ((SqlUnresolvedFunction) y).getFunctionType()
                && identifier(x.getNameAsId(), y.getNameAsId(), "") == null
                && x.getNameAsId().getParserPosition().equals(y.getNameAsId().getParserPosition());
    }

    private static String identifier(SqlIdentifier x, SqlIdentifier y, String at) {
        if (!x.names.equals(y.names) || !Objects.equals(x.getCollation(), y.getCollation())) {
            return at + ": " + x.names + " against " + y.names;
        }
        for (int i = 0; i < x.names.size(); i++) {
            if (!x.getComponentParserPosition(i).equals(y.getComponentParserPosition(i))
                    || x.isComponentQuoted(i) != y.isComponentQuoted(i)) {
                return at + ": part " + i + " of " + x + " at " + x.getComponentParserPosition(i) + " against "
                        + y.getComponentParserPosition(i);
            }
        }
        return null;
    }

    private static String literal(SqlLiteral x, SqlLiteral y, String at) {
        boolean same = x.getTypeName() == y.getTypeName() && Objects.equals(x.getValue(), y.getValue())
                && x.toString().equals(y.toString());
        if (same && x instanceof SqlNumericLiteral) {
            SqlNumericLiteral m = (SqlNumericLiteral) x;
            SqlNumericLiteral n = (SqlNumericLiteral) y;
            same = m.isExact() == n.isExact() && Objects.equals(m.getPrec(), n.getPrec())
                    && Objects.equals(m.getScale(), n.getScale());
        }
        return same ? null : at + ": literal " + x + " (" + x.getTypeName() + ") against " + y + " (" + y.getTypeName() + ")";
    }
}
