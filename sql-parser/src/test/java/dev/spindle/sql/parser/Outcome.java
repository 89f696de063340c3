package dev.spindle.sql.parser;

import dev.spindle.common.error.SpindleException;
import java.util.ArrayDeque;
import java.util.Deque;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlDynamicParam;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;

/**
 * Test helper: everything a parse answers, as text, to compare two parses of the same statement:
 * each statement's unparsed text and the position of every node (with the index of every dynamic
 * parameter), or the failure's class, error code, SQLSTATE, message and position.
 */
final class Outcome {
    private Outcome() {
    }

    /** The outcome of {@code SpindleParser.parseStatements(sql)} on the current thread. */
    static String of(String sql) {
        try {
            return describe(SpindleParser.parseStatements(sql));
        } catch (SpindleException e) {
            return "failed: " + e.code() + " " + e.sqlState() + " at " + e.position() + ": " + e.getMessage();
        }
    }

    /** {@link #of} with a parser made for this parse alone (none kept from an earlier one). */
    static String fresh(String sql) {
        Parsing.forgetIdleParser();
        return of(sql);
    }

    private static String describe(SqlNodeList statements) {
        StringBuilder sb = new StringBuilder();
        for (SqlNode statement : statements) {
            sb.append(SpindleParser.unparse(statement)).append('\n');
            Deque<SqlNode> pending = new ArrayDeque<>();
            pending.push(statement);
            while (!pending.isEmpty()) {
                SqlNode node = pending.pop();
                sb.append(node.getKind()).append('@').append(node.getParserPosition());
                if (node instanceof SqlDynamicParam param) {
                    sb.append('#').append(param.getIndex());
                }
                sb.append(' ');
                Iterable<SqlNode> children = node instanceof SqlCall call ? call.getOperandList()
                        : node instanceof SqlNodeList list ? list : java.util.List.of();
                for (SqlNode child : children) {
                    if (child != null) {
                        pending.push(child);
                    }
                }
            }
            sb.append('\n');
        }
        return sb.toString();
    }
}
