package dev.spindle.sql.parser.direct;

import dev.spindle.sql.parser.query.SqlPowerOperator;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.calcite.sql.SqlBasicTypeNameSpec;
import org.apache.calcite.sql.SqlDataTypeSpec;
import org.apache.calcite.sql.SqlFunctionCategory;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlSelectKeyword;
import org.apache.calcite.sql.SqlTypeNameSpec;
import org.apache.calcite.sql.SqlUnresolvedFunction;
import org.apache.calcite.sql.fun.SqlCase;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.parser.Span;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.parser.SqlParserUtil;
import org.apache.calcite.sql.parser.SqlParserUtil.ToTreeListItem;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * The expressions of the direct parser (see {@link DirectParser}): Calcite's
 * {@code Expression}, {@code Expression2}, {@code Expression3}, {@code AtomicRowExpression} and
 * what they call, each method mirroring its production; the queries inside expressions are read by
 * the subclass.
 *
 * <p>Thread-safety: an instance is confined to the thread that parses with it.
 */
abstract class ExpressionParser extends TokenCursor {
    ExpressionParser(QueryTokens tokens) {
        super(tokens);
    }

    /** OrderedQueryOrExpr: a query or an expression, with ORDER BY and LIMIT for a query. */
    abstract SqlNode orderedQueryOrExpr(Context context);

    /** Expression. */
    SqlNode expression(Context context) {
        return SqlParserUtil.toTree(expression2(context));
    }

    /** Expression2: an operand, then binary and postfix operators with their operands, flat. */
    List<Object> expression2(Context context) {
        List<Object> list = new ArrayList<>();
        addExpression2b(list, context);
        while (true) {
            if (t.kind[at] == QueryTokens.WORD) {
                String w = t.text[at];
                boolean not = w.equals("NOT");
                String next = not && t.kind[at + 1] == QueryTokens.WORD ? t.text[at + 1] : not ? "" : w;
                if (next.equals("IN")) {
                    checkNonQuery(context);
                    at += not ? 2 : 1;
                    SqlParserPos pos = last();
                    SqlNodeList nodes = parenthesizedQueryOrCommaList(Context.NON_CURSOR);
                    list.add(new ToTreeListItem(not ? SqlStdOperatorTable.NOT_IN : SqlStdOperatorTable.IN, pos));
                    if (nodes.size() == 1 && nodes.get(0).isA(SqlKind.QUERY)) {
                        list.add(nodes.get(0));
                    } else {
                        list.add(nodes);
                    }
                } else if (next.equals("BETWEEN")) {
                    checkNonQuery(context);
                    at += not ? 2 : 1;
                    SqlParserPos pos = last();
                    if (word("SYMMETRIC") || word("ASYMMETRIC")) {
                        giveUp();
                    }
                    List<Object> list3 = new ArrayList<>();
                    addExpression2b(list3, Context.SUB_QUERY);
                    list.add(new ToTreeListItem(not ? SqlStdOperatorTable.NOT_BETWEEN : SqlStdOperatorTable.BETWEEN, pos));
                    list.addAll(list3);
                } else if (next.equals("LIKE")) {
                    checkNonQuery(context);
                    SqlParserPos pos = last(); // the generated parser takes it before reading the operator
                    at += not ? 2 : 1;
                    List<Object> list2 = expression2(Context.SUB_QUERY);
                    list.add(new ToTreeListItem(not ? SqlStdOperatorTable.NOT_LIKE : SqlStdOperatorTable.LIKE, pos));
                    list.addAll(list2);
                    if (word("ESCAPE")) {
                        giveUp();
                    }
                } else if (w.equals("AND") || w.equals("OR")) {
                    at++;
                    binary(list, w.equals("AND") ? SqlStdOperatorTable.AND : SqlStdOperatorTable.OR, context);
                } else if (w.equals("IS")) {
                    is(list, context);
                } else {
                    return list;
                }
            } else if (t.kind[at] == QueryTokens.SYMBOL) {
                SqlOperator op = binaryOperator(t.text[at]);
                if (op == null) {
                    return list;
                }
                at++;
                if (comparison(op) && (word("SOME") || word("ANY") || word("ALL"))) {
                    giveUp();
                }
                binary(list, op, context);
            } else {
                return list;
            }
        }
    }

    static boolean comparison(SqlOperator op) {
        return SqlKind.COMPARISON.contains(op.getKind());
    }

    /** The operator a symbol stands for between two operands, or null. */
    static SqlOperator binaryOperator(String s) {
        switch (s) {
            case "=":
                return SqlStdOperatorTable.EQUALS;
            case "<>":
            case "!=":
                return SqlStdOperatorTable.NOT_EQUALS;
            case "<":
                return SqlStdOperatorTable.LESS_THAN;
            case ">":
                return SqlStdOperatorTable.GREATER_THAN;
            case "<=":
                return SqlStdOperatorTable.LESS_THAN_OR_EQUAL;
            case ">=":
                return SqlStdOperatorTable.GREATER_THAN_OR_EQUAL;
            case "+":
                return SqlStdOperatorTable.PLUS;
            case "-":
                return SqlStdOperatorTable.MINUS;
            case "*":
                return SqlStdOperatorTable.MULTIPLY;
            case "/":
                return SqlStdOperatorTable.DIVIDE;
            case "%":
                return SqlStdOperatorTable.PERCENT_REMAINDER;
            case "||":
                return SqlStdOperatorTable.CONCAT;
            case "^":
                return SqlPowerOperator.INSTANCE;
            default:
                return null;
        }
    }

    /** A binary operator just read (BinaryRowOperator, SpindlePower), then its right operand. */
    void binary(List<Object> list, SqlOperator op, Context context) {
        checkNonQuery(context);
        list.add(new ToTreeListItem(op, last()));
        addExpression2b(list, Context.SUB_QUERY);
    }

    /** IS [NOT] NULL/TRUE/FALSE/UNKNOWN (PostfixRowOperator), IS [NOT] DISTINCT FROM (binary). */
    void is(List<Object> list, Context context) {
        at++;
        boolean not = word("NOT");
        if (not) {
            at++;
        }
        if (t.kind[at] != QueryTokens.WORD) {
            giveUp();
        }
        SqlOperator op;
        switch (t.text[at]) {
            case "NULL":
                op = not ? SqlStdOperatorTable.IS_NOT_NULL : SqlStdOperatorTable.IS_NULL;
                break;
            case "TRUE":
                op = not ? SqlStdOperatorTable.IS_NOT_TRUE : SqlStdOperatorTable.IS_TRUE;
                break;
            case "FALSE":
                op = not ? SqlStdOperatorTable.IS_NOT_FALSE : SqlStdOperatorTable.IS_FALSE;
                break;
            case "UNKNOWN":
                op = not ? SqlStdOperatorTable.IS_NOT_UNKNOWN : SqlStdOperatorTable.IS_UNKNOWN;
                break;
            case "DISTINCT":
                at++;
                expectWord("FROM");
                binary(list, not ? SqlStdOperatorTable.IS_NOT_DISTINCT_FROM : SqlStdOperatorTable.IS_DISTINCT_FROM,
                        context);
                return;
            default:
                giveUp();
                return;
        }
        at++;
        checkNonQuery(context);
        list.add(new ToTreeListItem(op, last()));
    }

    /** AddExpression2b: prefix operators, then Expression3. */
    void addExpression2b(List<Object> list, Context context) {
        while (true) {
            SqlOperator op;
            if (symbol("+")) {
                op = SqlStdOperatorTable.UNARY_PLUS;
            } else if (symbol("-")) {
                op = SqlStdOperatorTable.UNARY_MINUS;
            } else if (word("NOT")) {
                op = SqlStdOperatorTable.NOT;
            } else if (word("EXISTS")) {
                op = SqlStdOperatorTable.EXISTS;
            } else if (word("UNIQUE")) {
                giveUp();
                return;
            } else {
                break;
            }
            checkNonQuery(context);
            at++;
            list.add(new ToTreeListItem(op, last()));
        }
        list.add(expression3(context));
        if (symbol(".")) {
            giveUp();
        }
    }

    /** Expression3: an atom, or a parenthesized expression or query. */
    SqlNode expression3(Context context) {
        if (symbol("(")) {
            SqlNodeList list = parenthesizedQueryOrCommaList(context);
            if (list.size() != 1 || t.kind[at] == QueryTokens.WORD && intervalUnit(t.text[at])) {
                giveUp(); // a row, or an interval qualifier after the list
            }
            return list.get(0).clone(list.getParserPosition());
        }
        if (word("ROW") || word("CURSOR")) {
            giveUp();
        }
        SqlNode e = atom();
        checkNonQuery(context);
        return e;
    }

    static boolean intervalUnit(String w) {
        switch (w) {
            case "YEAR": case "YEARS": case "QUARTER": case "QUARTERS": case "MONTH": case "MONTHS":
            case "WEEK": case "WEEKS": case "DAY": case "DAYS": case "HOUR": case "HOURS": case "MINUTE":
            case "MINUTES": case "SECOND": case "SECONDS": case "MILLENNIUM": case "CENTURY": case "DECADE":
            case "EPOCH": case "DOW": case "DOY": case "ISODOW": case "ISOYEAR": case "MICROSECOND":
            case "MILLISECOND": case "NANOSECOND":
                return true;
            default:
                return false;
        }
    }

    /** ParenthesizedQueryOrCommaList. */
    SqlNodeList parenthesizedQueryOrCommaList(Context context) {
        expectSymbol("(");
        Span s = Span.of(last());
        Context first = context == Context.SUB_QUERY ? Context.NON_CURSOR : context;
        List<SqlNode> list = new ArrayList<>();
        list.add(orderedQueryOrExpr(first));
        while (symbol(",")) {
            checkNonQuery(context);
            at++;
            list.add(expression(context));
        }
        expectSymbol(")");
        return new SqlNodeList(list, s.add(last()).pos());
    }

    /** AtomicRowExpression: a literal, CAST, CASE, a function call or a (compound) name. */
    SqlNode atom() {
        byte k = t.kind[at];
        if (k == QueryTokens.INTEGER || k == QueryTokens.DECIMAL) {
            return unsignedNumeric();
        }
        if (k == QueryTokens.STRING) {
            at++;
            return SqlLiteral.createCharString(SqlParserUtil.parseString(t.image(at - 1)), null, last());
        }
        if (k != QueryTokens.WORD) {
            return giveUp();
        }
        String w = t.text[at];
        switch (w) {
            case "TRUE":
                at++;
                return SqlLiteral.createBoolean(true, last());
            case "FALSE":
                at++;
                return SqlLiteral.createBoolean(false, last());
            case "UNKNOWN":
                at++;
                return SqlLiteral.createUnknown(last());
            case "NULL":
                at++;
                return SqlLiteral.createNull(last());
            case "CAST":
                return cast();
            case "CASE":
                return caseExpression();
            default:
                break;
        }
        boolean call = symbolAt(at + 1, "(");
        if (call && Words.function(w) && !Words.name(w)) {
            // ReservedFunctionName; a non-reserved one (COUNT, SUM, ... in Spindle's grammar) is read as
            // a CompoundIdentifier, the generated parser's first choice
            return namedCall(simpleIdentifier());
        }
        if (!Words.name(w) || (call && !Words.plain(w) && !Words.function(w)) || t.kind[at + 1] == QueryTokens.STRING) {
            return giveUp();
        }
        return compoundIdentifier();
    }

    /** CompoundIdentifier, or NamedFunctionCall when a '(' follows a one-part name. */
    SqlNode compoundIdentifier() {
        SqlIdentifier id = compoundName(true);
        if (!symbol("(")) {
            return id;
        }
        if (id.isStar() || id.names.size() > 1) {
            giveUp();
        }
        return namedCall(id);
    }

    /** NamedCall after its name: (*), (), or ([DISTINCT | ALL] arguments); nothing after it. */
    SqlNode namedCall(SqlIdentifier name) {
        Span s = Span.of(last());
        expectSymbol("(");
        List<SqlNode> args = new ArrayList<>();
        SqlLiteral quantifier = null;
        if (symbol("*") && symbolAt(at + 1, ")")) {
            at++;
            args.add(SqlIdentifier.star(last()));
            at++;
        } else if (symbol(")")) {
            at++;
        } else {
            if (word("DISTINCT")) {
                at++;
                quantifier = SqlSelectKeyword.DISTINCT.symbol(last());
            } else if (word("ALL")) {
                at++;
                quantifier = SqlSelectKeyword.ALL.symbol(last());
            }
            if (word("DEFAULT") || word("TABLE")) {
                giveUp();
            }
            args.add(orderedQueryOrExpr(Context.NON_CURSOR));
            if (word("PARTITION")) {
                giveUp();
            }
            while (symbol(",")) {
                at++;
                if (word("DEFAULT") || word("TABLE")) {
                    giveUp();
                }
                args.add(expression(Context.SUB_QUERY));
            }
            expectSymbol(")");
        }
        if (word("IGNORE") || word("RESPECT") || word("WITHIN") || word("FILTER") || word("OVER")) {
            giveUp();
        }
        SqlUnresolvedFunction function = new SqlUnresolvedFunction(name, null, null, null, null,
                SqlFunctionCategory.USER_DEFINED_FUNCTION);
        return function.createCall(quantifier, s.add(last()).pos(), args.toArray(new SqlNode[0]));
    }

    /** CaseExpression (one expression per WHEN). */
    SqlNode caseExpression() {
        at++;
        Span s = Span.of(last());
        Span whenSpan = Span.of();
        Span thenSpan = Span.of();
        SqlNode value = word("WHEN") ? null : expression(Context.SUB_QUERY);
        List<SqlNode> whenList = new ArrayList<>();
        List<SqlNode> thenList = new ArrayList<>();
        if (!word("WHEN")) {
            giveUp();
        }
        while (word("WHEN")) {
            at++;
            whenSpan.add(last());
            SqlNode when = expression(Context.SUB_QUERY);
            if (symbol(",")) {
                giveUp();
            }
            whenList.add(when);
            expectWord("THEN");
            thenSpan.add(last());
            thenList.add(expression(Context.SUB_QUERY));
        }
        SqlNode elseClause = null;
        if (word("ELSE")) {
            at++;
            elseClause = expression(Context.SUB_QUERY);
        }
        expectWord("END");
        return SqlCase.createSwitched(s.add(last()).pos(), value,
                new SqlNodeList(whenList, whenSpan.addAll(whenList).pos()),
                new SqlNodeList(thenList, thenSpan.addAll(thenList).pos()), elseClause);
    }

    /** CAST(expression AS type) for the types of {@link #dataType}. */
    SqlNode cast() {
        at++;
        Span s = Span.of(last());
        expectSymbol("(");
        List<SqlNode> args = new ArrayList<>();
        args.add(expression(Context.SUB_QUERY));
        expectWord("AS");
        args.add(dataType());
        expectSymbol(")");
        return SqlStdOperatorTable.CAST.createCall(s.add(last()).pos(), args);
    }

    /** DataType: TEXT, BOOLEAN, INT[EGER], SMALLINT, BIGINT, REAL, DOUBLE [PRECISION], FLOAT, DECIMAL[(p[, s])]. */
    SqlDataTypeSpec dataType() {
        if (t.kind[at] != QueryTokens.WORD) {
            giveUp();
        }
        String w = t.text[at];
        at++;
        Span s = Span.of(last());
        SqlTypeName plain = PLAIN_TYPES.get(w);
        SqlTypeNameSpec spec;
        if (w.equals("TEXT")) {
            spec = new SqlBasicTypeNameSpec(SqlTypeName.VARCHAR, last());
        } else if (w.equals("DECIMAL") || w.equals("DEC") || w.equals("NUMERIC")) {
            spec = decimal(s);
        } else if (plain != null) {
            if (plain == SqlTypeName.DOUBLE && word("PRECISION")) {
                at++;
            }
            spec = new SqlBasicTypeNameSpec(plain, s.add(last()).pos());
        } else {
            giveUp();
            return null;
        }
        if (word("UNSIGNED") || word("ARRAY") || word("MULTISET")) {
            giveUp(); // the caller checks what else may follow
        }
        return new SqlDataTypeSpec(spec, spec.getParserPos());
    }

    /** SqlTypeName1's types without precision or scale, by their word. */
    private static final Map<String, SqlTypeName> PLAIN_TYPES = Map.of(
            "BOOLEAN", SqlTypeName.BOOLEAN, "INTEGER", SqlTypeName.INTEGER, "INT", SqlTypeName.INTEGER,
            "SMALLINT", SqlTypeName.SMALLINT, "BIGINT", SqlTypeName.BIGINT, "REAL", SqlTypeName.REAL,
            "FLOAT", SqlTypeName.FLOAT, "DOUBLE", SqlTypeName.DOUBLE);

    /** SqlTypeName3's DECIMAL [(precision [, scale])], the scale unsigned. */
    SqlTypeNameSpec decimal(Span s) {
        int precision = -1;
        int scale = Integer.MIN_VALUE;
        if (symbol("(")) {
            at++;
            precision = unsignedInt();
            if (symbol(",")) {
                at++;
                scale = unsignedInt();
            }
            expectSymbol(")");
        }
        return new SqlBasicTypeNameSpec(SqlTypeName.DECIMAL, precision, scale, s.add(last()).pos());
    }

}
