package dev.spindle.sql.parser;

import dev.spindle.common.error.ErrorCode;
import dev.spindle.common.error.SpindleException;
import dev.spindle.sql.parser.impl.SpindleSqlParserImpl;
import dev.spindle.sql.parser.impl.SpindleSqlParserImplConstants;
import dev.spindle.sql.parser.impl.Token;
import dev.spindle.sql.parser.impl.TokenMgrError;
import java.util.ArrayDeque;
import java.util.List;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.parser.SqlAbstractParserImpl;
import org.apache.calcite.sql.parser.SqlParser;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.util.SourceStringReader;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * The limits that keep hostile statements from exhausting the parser (or, later, the planner):
 * each is checked deterministically, so a statement is refused the same way whatever the
 * thread's stack size.
 *
 * <ul>
 *   <li>Before parsing, one pass of the generated lexer over the text measures every statement
 *       (from its first token to its last, statements split at {@code ;} outside brackets)
 *       against {@link SpindleParser#MAX_STATEMENT_LENGTH} and the nesting of brackets
 *       ({@code ( [ {}) against {@link SpindleParser#MAX_NESTING_DEPTH}. The recursive-descent
 *       parser spends a dozen stack frames on each level, so nesting is what overflows it. A text
 *       plainly within both limits by its characters alone (short enough, fewer opening brackets
 *       than the depth limit, no comment) skips that pass.
 *   <li>After parsing, an iterative walk measures how deeply calls nest in each tree (a
 *       10,000-term {@code 1 + 1 + ...} is a left-deep tree 10,000 calls deep, with no
 *       bracket at all) against {@link SpindleParser#MAX_EXPRESSION_DEPTH}: every later stage
 *       (unparse, validation, conversion) recurses over the tree.
 * </ul>
 *
 * <p>Stateless; every method works on its arguments only.
 */
final class ParseLimits {
    private ParseLimits() {
    }

    /**
     * Lexes {@code text} and checks statement lengths and bracket nesting. Stops quietly at a
     * lexical error: parsing reports it with its position.
     *
     * @return false if the text holds nothing but white space and comments
     */
    static boolean checkText(StatementText text, SqlParser.Config config) {
        return withinLimitsByCharacters(text.sql()) || lexAndCheck(text, config);
    }

    /** {@link #checkText} by the lexer pass alone. */
    static boolean lexAndCheck(StatementText text, SqlParser.Config config) {
        String sql = text.sql();
        SqlAbstractParserImpl lexer = SpindleSqlParserImpl.FACTORY.getParser(new SourceStringReader(sql));
        lexer.setTabSize(1);
        lexer.switchTo(SqlAbstractParserImpl.LexicalState.forConfig(config));
        SpindleSqlParserImpl tokens = (SpindleSqlParserImpl) lexer;
        int depth = 0;
        int statementStart = -1;
        int lastEnd = 0;
        boolean tooLong = false;
        boolean anything = false;
        try {
            for (Token t = tokens.getNextToken(); t.kind != SpindleSqlParserImplConstants.EOF; t = tokens.getNextToken()) {
                anything = true;
                int begin = text.offset(t.beginLine, t.beginColumn);
                if (statementStart < 0) {
                    statementStart = begin;
                }
                lastEnd = text.offset(t.endLine, t.endColumn) + 1;
                if (!tooLong && lastEnd - statementStart > SpindleParser.MAX_STATEMENT_LENGTH) {
                    tooLong = true;
                }
                switch (t.kind) {
                case SpindleSqlParserImplConstants.LPAREN:
                case SpindleSqlParserImplConstants.LBRACKET:
                case SpindleSqlParserImplConstants.LBRACE:
                case SpindleSqlParserImplConstants.LBRACE_D:
                case SpindleSqlParserImplConstants.LBRACE_T:
                case SpindleSqlParserImplConstants.LBRACE_TS:
                case SpindleSqlParserImplConstants.LBRACE_FN:
                    if (++depth > SpindleParser.MAX_NESTING_DEPTH) {
                        throw SpindleException.atPosition(begin + 1, ErrorCode.STATEMENT_TOO_COMPLEX_1,
                                "brackets nested deeper than " + SpindleParser.MAX_NESTING_DEPTH + " levels"
                                        + text.where(begin));
                    }
                    break;
                case SpindleSqlParserImplConstants.RPAREN:
                case SpindleSqlParserImplConstants.RBRACKET:
                case SpindleSqlParserImplConstants.RBRACE:
                    depth = Math.max(0, depth - 1);
                    break;
                case SpindleSqlParserImplConstants.SEMICOLON:
                    if (depth == 0) {
                        checkLength(text, tooLong, statementStart, lastEnd);
                        statementStart = -1;
                    }
                    break;
                default:
                    break;
                }
            }
        } catch (TokenMgrError e) {
            // a lexical error: the parser reports it, with its position
            anything = true;
        }
        if (statementStart >= 0) {
            checkLength(text, tooLong, statementStart, lastEnd);
        }
        return anything;
    }

    /**
     * Whether {@code sql} is plainly within the limits without lexing it: no longer than one
     * statement may be, fewer opening brackets in all than the nesting limit, no comment, and
     * something other than white space. Most statements are; the lexer pass costs a sixth of
     * parsing a short query.
     */
    static boolean withinLimitsByCharacters(String sql) {
        if (sql.length() > SpindleParser.MAX_STATEMENT_LENGTH) {
            return false;
        }
        int brackets = 0;
        boolean visible = false;
        char previous = 0;
        for (int i = 0; i < sql.length(); i++) {
            char c = sql.charAt(i);
            if (c == '(' || c == '[' || c == '{') {
                if (++brackets > SpindleParser.MAX_NESTING_DEPTH) {
                    return false;
                }
            } else if (previous == '-' && c == '-' || previous == '/' && (c == '*' || c == '/')) {
                return false; // a comment: only the lexer knows whether anything else is there
            }
            visible |= !Character.isWhitespace(c);
            previous = c;
        }
        return visible;
    }

    private static void checkLength(StatementText text, boolean tooLong, int start, int end) {
        if (tooLong) {
            throw SpindleException.atPosition(start + 1, ErrorCode.STATEMENT_TOO_LONG_2, end - start,
                    SpindleParser.MAX_STATEMENT_LENGTH);
        }
    }

    /** Checks how deeply calls nest in each statement of {@code statements}, without recursing. */
    static void checkDepth(StatementText text, SqlNodeList statements) {
        ArrayDeque<Pending> stack = new ArrayDeque<>();
        for (SqlNode statement : statements) {
            stack.push(new Pending(statement, 0));
        }
        while (!stack.isEmpty()) {
            Pending top = stack.pop();
            SqlNode node = top.node();
            int depth = top.depth();
            List<@Nullable SqlNode> children;
            if (node instanceof SqlCall) {
                depth++;
                if (depth > SpindleParser.MAX_EXPRESSION_DEPTH) {
                    throw tooDeep(text, node.getParserPosition());
                }
                children = ((SqlCall) node).getOperandList();
            } else if (node instanceof SqlNodeList) {
                children = ((SqlNodeList) node).getList();
            } else {
                continue;
            }
            for (SqlNode child : children) {
                if (child != null) {
                    stack.push(new Pending(child, depth));
                }
            }
        }
    }

    /** A node still to visit, under {@code depth} calls. */
    private record Pending(SqlNode node, int depth) {
    }

    private static SpindleException tooDeep(StatementText text, SqlParserPos pos) {
        String detail = "expressions nested deeper than " + SpindleParser.MAX_EXPRESSION_DEPTH + " levels";
        if (pos.getLineNum() <= 0) {
            return new SpindleException(ErrorCode.STATEMENT_TOO_COMPLEX_1, detail);
        }
        int offset = text.offset(pos.getLineNum(), pos.getColumnNum());
        return SpindleException.atPosition(offset + 1, ErrorCode.STATEMENT_TOO_COMPLEX_1, detail + text.where(offset));
    }
}
