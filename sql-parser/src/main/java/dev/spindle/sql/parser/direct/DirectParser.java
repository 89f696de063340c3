package dev.spindle.sql.parser.direct;

import dev.spindle.sql.parser.ddl.DropBehavior;
import dev.spindle.sql.parser.ddl.Nullability;
import dev.spindle.sql.parser.ddl.SqlColumnDeclaration;
import dev.spindle.sql.parser.ddl.SqlCreateIndex;
import dev.spindle.sql.parser.ddl.SqlCreateTable;
import dev.spindle.sql.parser.ddl.SqlCreateView;
import dev.spindle.sql.parser.ddl.SqlDropIndex;
import dev.spindle.sql.parser.ddl.SqlDropTable;
import dev.spindle.sql.parser.ddl.SqlDropView;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.sql.SqlDataTypeSpec;
import org.apache.calcite.sql.SqlDelete;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlInsert;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.parser.Span;
import org.apache.calcite.sql.parser.SqlParserPos;

/**
 * A hand-written parser for the statements most texts are: a query, {@code INSERT ... VALUES},
 * {@code DELETE}, {@code DROP TABLE | VIEW | INDEX}, {@code CREATE TABLE} (columns without table
 * constraints), {@code CREATE VIEW} and {@code CREATE [UNIQUE] INDEX}. A query is one
 * {@code SELECT} (with set operations, {@code ORDER BY}, {@code LIMIT}/{@code OFFSET}) over
 * tables, joins and queries in {@code FROM}, with the common expressions (arithmetic, comparisons, {@code AND}/{@code OR}/
 * {@code NOT}, {@code IS [NOT] NULL}, {@code [NOT] BETWEEN}, {@code [NOT] IN} lists and
 * subqueries, {@code [NOT] LIKE}, {@code EXISTS}, scalar subqueries, {@code CASE}, {@code CAST} to
 * the plain types, function and aggregate calls). It builds exactly the tree, positions included,
 * that the generated JavaCC parser builds for the same text: each method mirrors one production of
 * Calcite's grammar (named in its comment), and operator precedence is left to the same
 * {@code SqlParserUtil.toTree} over the same flat lists of operands and operators. Where the
 * generated parser would choose otherwise, fail, or read something this one does not know, this
 * one gives up ({@link #parse} answers null) and the generated parser reads the text; it never
 * reports an error itself.
 *
 * <p>Why: the generated parser's look-ahead (its {@code jj_3_*} methods) and token manager made
 * parsing about a sixth of a short query's cost on the session's thread, and its methods a
 * sixth of what the JIT compiled; this parser reads the same queries in a fraction of that.
 * Equality with the generated parser is checked on every statement of the build's tests (see
 * {@code Parsing}'s cross-check) and by {@code DirectParserProperties}.
 *
 * <p>Thread-safety: an instance parses one text on one thread; {@link #parse} makes its own.
 */
public final class DirectParser extends QueryParser {
    private DirectParser(QueryTokens tokens) {
        super(tokens);
    }

    /**
     * The tree of {@code sql}, one statement optionally followed by {@code ;}, exactly as the
     * generated parser builds it; null where this parser leaves the text to that one.
     */
    public static SqlNode parse(String sql) {
        QueryTokens tokens = QueryTokens.of(sql);
        if (tokens == null || tokens.kind[0] != QueryTokens.WORD) {
            return null;
        }
        try {
            return new DirectParser(tokens).statement();
        } catch (RuntimeException e) {
            // GiveUp, or what Calcite's own builders refuse (an operator list toTree cannot reduce, a
            // literal out of range): the generated parser reads the text and reports any error
            return null;
        }
    }

    /** SqlStmt for the statements read here, then the optional ';' and the end of the text. */
    private SqlNode statement() {
        SqlNode statement;
        switch (t.text[0]) {
            case "SELECT":
                statement = orderedQueryOrExpr(Context.QUERY); // SpindleQuery without AS OF
                break;
            case "INSERT":
                statement = insert();
                break;
            case "DELETE":
                statement = delete();
                break;
            case "DROP":
                statement = drop();
                break;
            case "CREATE":
                statement = wordAt(1, "TABLE") ? createTable() : wordAt(1, "VIEW") ? createView() : createIndex();
                break;
            default:
                return giveUp();
        }
        if (symbol(";")) {
            at++;
        }
        if (t.kind[at] != QueryTokens.END) {
            giveUp();
        }
        return statement;
    }

    /** CompoundTableIdentifier, with nothing after it that would extend it (hints, EXTEND, a table function). */
    private SqlIdentifier tableName() {
        if (!nameNext()) {
            giveUp();
        }
        SqlIdentifier name = compoundName(false);
        if (word("EXTEND")) {
            giveUp();
        }
        return name;
    }

    /** SqlInsert: INSERT INTO t [(column, ...)] VALUES (expression, ...), ... */
    private SqlNode insert() {
        at++;
        Span s = Span.of(last());
        SqlNodeList keywords = new SqlNodeList(List.of(), s.pos());
        expectWord("INTO");
        SqlIdentifier table = tableName();
        SqlNodeList columns = null;
        if (symbol("(")) {
            at++;
            Span c = Span.of(last());
            List<SqlNode> list = commaList(this::insertColumn);
            expectSymbol(")");
            columns = new SqlNodeList(list, c.add(last()).pos());
        }
        SqlNode source = word("SELECT") ? orderedQueryOrExpr(Context.QUERY) : values();
        if (setOperatorNext() || word("ORDER") || word("LIMIT") || word("OFFSET") || word("FETCH")) {
            giveUp();
        }
        return new SqlInsert(s.add(source).pos(), keywords, table, source, columns);
    }

    /** A column of INSERT's list: a one-part CompoundIdentifier, no type after it (EXTEND). */
    private SqlNode insertColumn() {
        if (!nameNext()) {
            giveUp();
        }
        SqlIdentifier column = compoundName(false);
        if (column.names.size() > 1 || !(symbol(",") || symbol(")"))) {
            giveUp();
        }
        return column;
    }

    /** TableConstructor: VALUES (expression, ...), ... (no DEFAULT, ROW or bare values). */
    private SqlNode values() {
        expectWord("VALUES");
        Span s = Span.of(last());
        List<SqlNode> rows = commaList(this::row);
        return SqlStdOperatorTable.VALUES.createCall(s.add(last()).pos(), rows);
    }

    /** RowConstructor: (expression, ...), the first may be a query (no DEFAULT, no ROW). */
    private SqlNode row() {
        if (!symbol("(") || wordAt(at + 1, "ROW")) {
            giveUp();
        }
        at++;
        Span v = Span.of(last());
        List<SqlNode> list = new ArrayList<>();
        if (word("DEFAULT")) {
            giveUp();
        }
        list.add(orderedQueryOrExpr(Context.NON_CURSOR));
        while (symbol(",")) {
            at++;
            if (word("DEFAULT")) {
                giveUp();
            }
            list.add(expression(Context.NON_CURSOR));
        }
        expectSymbol(")");
        SqlNodeList values = new SqlNodeList(list, v.add(last()).pos());
        return SqlStdOperatorTable.ROW.createCall(values.getParserPosition(), (List<SqlNode>) values);
    }

    /** SqlDelete: DELETE FROM t [[AS] alias] [WHERE condition]. */
    private SqlNode delete() {
        at++;
        Span s = Span.of(last());
        expectWord("FROM");
        SqlIdentifier table = tableName();
        if (symbol("(")) {
            giveUp();
        }
        SqlIdentifier alias = alias();
        SqlNode where = null;
        if (word("WHERE")) {
            at++;
            where = expression(Context.SUB_QUERY);
        }
        return new SqlDelete(s.add(table).addIf(alias).addIf(where).pos(), table, where, null, alias);
    }

    /** SpindleDrop: DROP {TABLE | VIEW | INDEX} [IF EXISTS] name [CASCADE | RESTRICT]. */
    private SqlNode drop() {
        at++;
        Span s = Span.of(last());
        String what = t.kind[at] == QueryTokens.WORD ? t.text[at] : "";
        if (!what.equals("TABLE") && !what.equals("VIEW") && !what.equals("INDEX")) {
            giveUp();
        }
        at++;
        boolean ifExists = false;
        if (word("IF") && wordAt(at + 1, "EXISTS")) {
            at += 2;
            ifExists = true;
        }
        SqlIdentifier name = tableName();
        DropBehavior behavior = null;
        if (word("CASCADE")) {
            at++;
            behavior = DropBehavior.CASCADE;
        } else if (word("RESTRICT")) {
            at++;
            behavior = DropBehavior.RESTRICT;
        }
        SqlParserPos pos = s.add(last()).pos();
        switch (what) {
            case "TABLE":
                return new SqlDropTable(pos, ifExists, name, behavior);
            case "VIEW":
                return new SqlDropView(pos, ifExists, name, behavior);
            default:
                return new SqlDropIndex(pos, ifExists, name, behavior);
        }
    }

    /** SpindleCreateTable: CREATE TABLE [IF NOT EXISTS] name (column declaration, ...), no table constraints. */
    private SqlNode createTable() {
        at++;
        Span s = Span.of(last());
        at++;
        boolean ifNotExists = ifNotExists();
        SqlIdentifier name = tableName();
        expectSymbol("(");
        Span list = Span.of(last());
        List<SqlNode> elements = commaList(this::columnDeclaration);
        expectSymbol(")");
        return new SqlCreateTable(s.add(last()).pos(), ifNotExists, name, new SqlNodeList(elements, list.add(last()).pos()));
    }

    /**
     * SpindleColumnDeclaration: name type [NOT NULL | NULL] [DEFAULT expression] [PRIMARY KEY] [UNIQUE],
     * in any order, each at most once (a repeated one is the generated parser's error to report).
     */
    private SqlNode columnDeclaration() {
        if (!nameNext()) {
            giveUp(); // also CONSTRAINT, PRIMARY KEY (...) and UNIQUE (...), which are reserved
        }
        SqlIdentifier name = simpleIdentifier();
        Span s = Span.of(last());
        SqlDataTypeSpec type = dataType();
        Nullability nullability = Nullability.UNSPECIFIED;
        SqlNode defaultValue = null;
        boolean primaryKey = false;
        boolean unique = false;
        while (true) {
            if (word("NOT") && wordAt(at + 1, "NULL") && nullability == Nullability.UNSPECIFIED) {
                at += 2;
                nullability = Nullability.NOT_NULL;
            } else if (word("NULL") && nullability == Nullability.UNSPECIFIED) {
                at++;
                nullability = Nullability.NULL;
            } else if (word("DEFAULT") && defaultValue == null) {
                at++;
                defaultValue = expression(Context.NON_QUERY);
            } else if (word("PRIMARY") && wordAt(at + 1, "KEY") && !primaryKey) {
                at += 2;
                primaryKey = true;
            } else if (word("UNIQUE") && !unique) {
                at++;
                unique = true;
            } else if (symbol(",") || symbol(")")) {
                break;
            } else {
                giveUp();
            }
        }
        return new SqlColumnDeclaration(s.add(last()).pos(), name, type, nullability, defaultValue, primaryKey, unique);
    }

    /** SpindleCreateView: CREATE VIEW [IF NOT EXISTS] name AS query (no OR REPLACE, no column names). */
    private SqlNode createView() {
        at++;
        Span s = Span.of(last());
        at++;
        boolean ifNotExists = ifNotExists();
        SqlIdentifier name = tableName();
        expectWord("AS");
        if (!word("SELECT")) {
            giveUp();
        }
        SqlNode query = orderedQueryOrExpr(Context.QUERY);
        return new SqlCreateView(s.add(last()).pos(), false, ifNotExists, name, null, query);
    }

    /** [IF NOT EXISTS], read when all three words follow. */
    private boolean ifNotExists() {
        if (word("IF") && wordAt(at + 1, "NOT") && wordAt(at + 2, "EXISTS")) {
            at += 3;
            return true;
        }
        return false;
    }

    /** SpindleCreateIndex: CREATE [UNIQUE] INDEX [[IF NOT EXISTS] name] ON t (key [ASC | DESC], ...). */
    private SqlNode createIndex() {
        at++;
        Span s = Span.of(last());
        boolean unique = word("UNIQUE");
        if (unique) {
            at++;
        }
        expectWord("INDEX");
        boolean ifNotExists = ifNotExists();
        SqlIdentifier name = null;
        if (!word("ON")) {
            if (!nameNext()) {
                giveUp();
            }
            name = simpleIdentifier();
        } else if (ifNotExists) {
            giveUp();
        }
        expectWord("ON");
        SqlIdentifier on = tableName();
        expectSymbol("(");
        Span list = Span.of(last());
        List<SqlNode> keys = commaList(this::indexKey);
        expectSymbol(")");
        return new SqlCreateIndex(s.add(last()).pos(), unique, ifNotExists, name, on,
                new SqlNodeList(keys, list.add(last()).pos()));
    }

    /** SpindleIndexKey: expression [ASC | DESC], DESC as Calcite's DESC call. */
    private SqlNode indexKey() {
        SqlNode e = expression(Context.NON_QUERY);
        if (word("ASC")) {
            at++;
        } else if (word("DESC")) {
            at++;
            e = SqlStdOperatorTable.DESC.createCall(last(), e);
        }
        return e;
    }
}
