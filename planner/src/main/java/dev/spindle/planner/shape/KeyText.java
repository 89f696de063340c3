package dev.spindle.planner.shape;

import java.util.List;
import org.apache.calcite.sql.SqlBasicCall;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlCharStringLiteral;
import org.apache.calcite.sql.SqlDynamicParam;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlJoin;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlNumericLiteral;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlOrderBy;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.dialect.CalciteSqlDialect;
import org.apache.calcite.sql.fun.SqlCase;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.util.NlsString;

/**
 * The text of a shape's key tree: a walk that writes every node's class, operator, quantifier and
 * operands in order, each name and value prefixed by its length, so two trees have the same text
 * only if they have the same structure. Nodes it does not know (data types, literals other than
 * numbers, strings, booleans, NULL and symbols, calls of other classes) are written as Calcite
 * unparses them, as the whole key once was: unparsing every key cost about as much as lifting.
 *
 * <p>Thread-safety: stateless.
 */
final class KeyText {
    private KeyText() {
    }

    static String of(SqlNode key) {
        StringBuilder out = new StringBuilder(256);
        write(key, out);
        return out.toString();
    }

    private static void write(SqlNode n, StringBuilder out) {
        if (n == null) {
            out.append('~');
        } else if (n instanceof SqlLiteral l) {
            literal(l, out);
        } else if (n instanceof SqlIdentifier id && id.getCollation() == null) {
            out.append('I').append(id.names.size());
            for (String name : id.names) {
                token(name, out);
            }
        } else if (n instanceof SqlDynamicParam p) {
            out.append('P').append(p.getIndex()).append(';');
        } else if (n instanceof SqlNodeList l) {
            list(l.getList(), 'N', out);
        } else if (n instanceof SqlCall c && known(c)) {
            SqlOperator op = c.getOperator();
            out.append('C');
            token(c.getClass().getName(), out);
            token(op.getClass().getName(), out);
            token(op.getName(), out);
            token(op.getKind().name(), out);
            token(op.getSyntax().name(), out);
            write(c.getFunctionQuantifier(), out);
            list(c.getOperandList(), 'O', out);
        } else {
            out.append('U');
            token(n.getClass().getName(), out);
            token(n.toSqlString(CalciteSqlDialect.DEFAULT).getSql(), out);
        }
    }

    /** Calls whose operands are all they hold (besides operator and quantifier). */
    private static boolean known(SqlCall c) {
        Class<?> k = c.getClass();
        return k == SqlBasicCall.class || k == SqlSelect.class || k == SqlJoin.class || k == SqlOrderBy.class
                || k == SqlCase.class;
    }

    private static void list(List<SqlNode> items, char tag, StringBuilder out) {
        out.append(tag).append(items.size()).append('[');
        for (SqlNode item : items) {
            write(item, out);
        }
        out.append(']');
    }

    private static void literal(SqlLiteral l, StringBuilder out) {
        SqlTypeName t = l.getTypeName();
        Object v = l.getValue();
        if (l instanceof SqlNumericLiteral num) {
            out.append('#').append(num.isExact() ? 'x' : 'a').append(num.getPrec()).append(',').append(num.getScale())
                    .append(t.name());
            token(v == null ? "" : v.toString(), out);
        } else if (l instanceof SqlCharStringLiteral && v instanceof NlsString s) {
            out.append('\'');
            token(s.getValue(), out);
            token(String.valueOf(s.getCharsetName()), out);
            token(String.valueOf(s.getCollation()), out);
        } else if (l.getClass() == SqlLiteral.class && (t == SqlTypeName.BOOLEAN || t == SqlTypeName.NULL)) {
            out.append('B').append(String.valueOf(v)).append(';');
        } else if (l.getClass() == SqlLiteral.class && t == SqlTypeName.SYMBOL && v instanceof Enum<?> e) {
            out.append('S');
            token(e.getDeclaringClass().getName(), out);
            token(e.name(), out);
        } else {
            out.append('U');
            token(l.getClass().getName() + "/" + t.name(), out);
            token(l.toSqlString(CalciteSqlDialect.DEFAULT).getSql(), out);
        }
    }

    private static void token(String s, StringBuilder out) {
        out.append(s.length()).append(':').append(s);
    }
}
