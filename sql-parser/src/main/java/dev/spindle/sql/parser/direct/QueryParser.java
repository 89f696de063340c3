package dev.spindle.sql.parser.direct;

import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.sql.JoinConditionType;
import org.apache.calcite.sql.JoinType;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlJoin;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlOrderBy;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.SqlSelectKeyword;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.parser.Span;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.parser.SqlParserUtil;
import org.apache.calcite.sql.parser.SqlParserUtil.ToTreeListItem;

/**
 * The queries of the direct parser (see {@link DirectParser}): Calcite's {@code QueryOrExpr},
 * {@code SqlSelect}, {@code OrderByLimitOpt}, {@code FromClause} and what they call, each method
 * mirroring its production.
 *
 * <p>Thread-safety: an instance is confined to the thread that parses with it.
 */
abstract class QueryParser extends ExpressionParser {
    QueryParser(QueryTokens tokens) {
        super(tokens);
    }

    /** OrderedQueryOrExpr. */
    @Override
    SqlNode orderedQueryOrExpr(Context context) {
        return orderByLimitOpt(queryOrExpr(context));
    }

    /** QueryOrExpr (no WITH). */
    SqlNode queryOrExpr(Context context) {
        if (word("WITH")) {
            giveUp();
        }
        List<Object> list = new ArrayList<>();
        list.add(leafQueryOrExpr(context));
        while (setOperatorNext()) {
            addSetOpQuery(list, context);
        }
        return SqlParserUtil.toTree(list);
    }

    /** Query (no WITH): a SELECT and its set operations. */
    SqlNode query(Context context) {
        if (!word("SELECT")) {
            giveUp();
        }
        return queryOrExpr(context);
    }

    boolean setOperatorNext() {
        return word("UNION") || word("INTERSECT") || word("EXCEPT") || word("MINUS");
    }

    /** AddSetOpQuery: the operator, then a SELECT. */
    void addSetOpQuery(List<Object> list, Context context) {
        if (list.size() == 1 && !((SqlNode) list.get(0)).isA(SqlKind.QUERY)) {
            giveUp();
        }
        String op = t.text[at];
        if (op.equals("MINUS")) {
            giveUp();
        }
        at++;
        boolean all = false;
        if (word("ALL")) {
            all = true;
            at++;
        } else if (word("DISTINCT")) {
            at++;
        }
        SqlOperator operator;
        switch (op) {
            case "UNION":
                operator = all ? SqlStdOperatorTable.UNION_ALL : SqlStdOperatorTable.UNION;
                break;
            case "INTERSECT":
                operator = all ? SqlStdOperatorTable.INTERSECT_ALL : SqlStdOperatorTable.INTERSECT;
                break;
            default:
                operator = all ? SqlStdOperatorTable.EXCEPT_ALL : SqlStdOperatorTable.EXCEPT;
                break;
        }
        SqlParserPos pos = last();
        checkQuery(context);
        if (!word("SELECT")) {
            giveUp(); // LeafQueryOrExpr(ACCEPT_QUERY) takes nothing else without an error
        }
        SqlNode e = select();
        list.add(new ToTreeListItem(operator, pos));
        list.add(e);
    }

    /** LeafQueryOrExpr: a SELECT, or an expression. */
    SqlNode leafQueryOrExpr(Context context) {
        if (word("SELECT")) {
            checkQuery(context);
            return select();
        }
        if (word("VALUES") || word("TABLE")) {
            giveUp();
        }
        return expression(context);
    }

    /** OrderByLimitOpt: ORDER BY, LIMIT n [OFFSET m]. */
    SqlNode orderByLimitOpt(SqlNode e) {
        SqlNodeList orderBy = null;
        if (word("ORDER")) {
            if (!e.isA(SqlKind.QUERY)) {
                giveUp();
            }
            Span s = Span.of(here());
            at++;
            expectWord("BY");
            List<SqlNode> list = commaList(this::orderItem);
            orderBy = new SqlNodeList(list, s.addAll(list).pos());
        }
        SqlNode offset = null;
        SqlNode fetch = null;
        if (word("LIMIT")) {
            at++;
            if (symbolAt(at + 1, ",")) {
                giveUp();
            }
            fetch = unsignedNumeric();
            if (word("OFFSET")) {
                at++;
                offset = unsignedNumeric();
                if (word("ROW") || word("ROWS")) {
                    at++;
                }
            }
        } else if (word("OFFSET") || word("FETCH")) {
            giveUp();
        }
        if (orderBy != null || offset != null || fetch != null) {
            return new SqlOrderBy(last(), e, orderBy != null ? orderBy : SqlNodeList.EMPTY, offset, fetch);
        }
        return e;
    }

    /** AddOrderItem. */
    SqlNode orderItem() {
        SqlNode e = expression(Context.SUB_QUERY);
        if (word("ASC")) {
            at++;
        } else if (word("DESC")) {
            at++;
            e = SqlStdOperatorTable.DESC.createCall(last(), e);
        }
        if (word("NULLS")) {
            at++;
            if (word("FIRST")) {
                at++;
                e = SqlStdOperatorTable.NULLS_FIRST.createCall(last(), e);
            } else if (word("LAST")) {
                at++;
                e = SqlStdOperatorTable.NULLS_LAST.createCall(last(), e);
            } else {
                giveUp();
            }
        }
        return e;
    }

    /** SqlSelect (no hints, STREAM, WINDOW or QUALIFY). */
    SqlSelect select() {
        expectWord("SELECT");
        Span s = Span.of(last());
        List<SqlLiteral> keywords = new ArrayList<>();
        if (word("STREAM")) {
            giveUp();
        }
        if (word("DISTINCT")) {
            at++;
            keywords.add(SqlSelectKeyword.DISTINCT.symbol(last()));
        } else if (word("ALL")) {
            at++;
            keywords.add(SqlSelectKeyword.ALL.symbol(last()));
        }
        SqlNodeList keywordList = new SqlNodeList(keywords, s.addAll(keywords).pos());
        List<SqlNode> selectList = commaList(this::selectItem);
        SqlNode from = null;
        SqlNode where = null;
        SqlNodeList groupBy = null;
        SqlNode having = null;
        if (word("FROM")) {
            at++;
            from = fromClause();
            if (word("WHERE")) {
                at++;
                where = expression(Context.SUB_QUERY);
            }
            if (word("GROUP")) {
                groupBy = groupBy();
            }
            if (word("HAVING")) {
                at++;
                having = expression(Context.SUB_QUERY);
            }
            if (word("WINDOW") || word("QUALIFY")) {
                giveUp();
            }
        }
        return new SqlSelect(s.add(last()).pos(), keywordList,
                new SqlNodeList(selectList, Span.of(selectList).pos()),
                from, where, groupBy, having, null, null, null, null, null, new SqlNodeList(List.of(), last()));
    }

    /** GroupBy: GROUP BY expressions (no DISTINCT/ALL, grouping sets, ROLLUP, CUBE or ()). */
    SqlNodeList groupBy() {
        Span s = Span.of(here());
        at++;
        expectWord("BY");
        if (word("DISTINCT") || word("ALL")) {
            giveUp();
        }
        List<SqlNode> list = commaList(this::groupingElement);
        return new SqlNodeList(list, s.add(last()).pos());
    }

    /** AddGroupingElement: an expression (no GROUPING SETS, ROLLUP, CUBE or ()). */
    SqlNode groupingElement() {
        if (word("GROUPING") || word("ROLLUP") || word("CUBE") || (symbol("(") && symbolAt(at + 1, ")"))) {
            giveUp();
        }
        return expression(Context.SUB_QUERY);
    }

    /** AddSelectItem and SelectExpression. */
    SqlNode selectItem() {
        SqlNode e;
        if (symbol("*")) {
            at++;
            e = SqlIdentifier.star(last());
        } else {
            e = expression(Context.SUB_QUERY);
        }
        SqlIdentifier id = alias();
        return id == null ? e : SqlStdOperatorTable.AS.createCall(Span.of(last()).end(e), e, id);
    }

    /** FromClause: table references joined by commas or JOIN. */
    SqlNode fromClause() {
        SqlNode e = tableRef();
        while (true) {
            if (symbol(",")) {
                at++;
                SqlParserPos pos = last();
                SqlNode e2 = tableRef();
                e = new SqlJoin(pos, e, SqlLiteral.createBoolean(false, pos), JoinType.COMMA.symbol(pos), e2,
                        JoinConditionType.NONE.symbol(SqlParserPos.ZERO), null);
            } else if (word("JOIN") || word("INNER") || word("LEFT") || word("RIGHT") || word("FULL")
                    || word("CROSS")) {
                e = joinTable(e);
            } else if (word("NATURAL") || word("OUTER") || word("ASOF")) {
                return giveUp();
            } else {
                return e;
            }
        }
    }

    /** JoinTable: [INNER | LEFT | RIGHT | FULL [OUTER] | CROSS] JOIN t [ON condition]. */
    SqlNode joinTable(SqlNode e) {
        SqlLiteral natural = SqlLiteral.createBoolean(false, last());
        JoinType type;
        String first = t.text[at];
        at++;
        switch (first) {
            case "JOIN":
                type = JoinType.INNER;
                break;
            case "INNER":
                expectWord("JOIN");
                type = JoinType.INNER;
                break;
            case "CROSS":
                expectWord("JOIN");
                type = JoinType.CROSS;
                break;
            default:
                if (word("OUTER")) {
                    at++;
                }
                expectWord("JOIN");
                type = first.equals("LEFT") ? JoinType.LEFT : first.equals("RIGHT") ? JoinType.RIGHT : JoinType.FULL;
                break;
        }
        SqlLiteral joinType = type.symbol(last());
        SqlNode e2 = tableRef();
        if (word("ON")) {
            at++;
            SqlLiteral on = JoinConditionType.ON.symbol(last());
            SqlNode condition = expression(Context.SUB_QUERY);
            return new SqlJoin(joinType.getParserPosition(), e, natural, joinType, e2, on, condition);
        }
        if (word("USING") || word("MATCH_CONDITION")) {
            giveUp();
        }
        return new SqlJoin(joinType.getParserPosition(), e, natural, joinType, e2,
                JoinConditionType.NONE.symbol(joinType.getParserPosition()), null);
    }

    /**
     * {@code [AS] alias} (a SimpleIdentifier), or null if no alias follows; only a word that is no
     * keyword at all is taken (a non-reserved keyword could start a clause instead), and AS
     * without one gives up.
     */
    SqlIdentifier alias() {
        if (word("AS")) {
            at++;
            if (!plainNext()) {
                giveUp();
            }
        }
        return plainNext() ? simpleIdentifier() : null;
    }

    /** TableRef3: a table name or a parenthesized query, with an optional alias. */
    SqlNode tableRef() {
        SqlNode tableRef;
        if (nameNext()) {
            tableRef = compoundName(false);
            if (symbol("(")) {
                giveUp(); // a table function or EXTEND
            }
        } else if (symbol("(") && wordAt(at + 1, "SELECT")) {
            at++;
            tableRef = orderByLimitOpt(query(Context.QUERY_OR_JOIN));
            expectSymbol(")");
        } else {
            return giveUp();
        }
        SqlIdentifier alias = alias();
        if (alias != null) {
            if (symbol("(")) {
                giveUp(); // column aliases
            }
            tableRef = SqlStdOperatorTable.AS.createCall(Span.of(tableRef).add(last()).pos(), tableRef, alias);
        }
        return tableRef;
    }

}
