<#--
  Spindle's productions, included into Calcite's Parser.jj by FMPP (see ../config.fmpp).
  JavaCC 4.0 reads the Java in these actions: no diamonds, no lambdas.
-->

/** A parse error at {@code pos} with {@code message}; the parser reports it as a SqlParseException. */
JAVACODE CalciteContextException spindleError(SqlParserPos pos, String message)
{
    return new CalciteContextException(message, new CalciteException(message, null),
        pos.getLineNum(), pos.getColumnNum(), pos.getEndLineNum(), pos.getEndColumnNum());
}

/**
 * A query, optionally followed by {@code AS OF timestamp}:
 * {@code SELECT ... [ORDER BY ...] [LIMIT ...] [AS OF expr]}.
 *
 * <p>The optional first element never matches: its semantic look-ahead is there for its side
 * effect, which marks the statement's trailing AS OF (see markAsOf in
 * tokenManagerDeclarations.ftl) before the query is parsed, so that Calcite's optional
 * {@code [AS] alias} does not take that AS. It runs when this production is parsed, not while
 * SqlStmt looks ahead into it (JavaCC skips semantic look-ahead there), so only a statement
 * parsed as a query is marked. (A JAVACODE production cannot do this: JavaCC takes a choice that
 * may begin with one as always matching, which would cut off every statement SqlStmt lists after
 * this one.)
 */
SqlNode SpindleQuery() :
{
    final SqlNode query;
    final SqlNode timestamp;
}
{
    [ LOOKAHEAD({ token_source.markAsOf(getToken(0)) }) <AS_OF> ]
    query = OrderedQueryOrExpr(ExprContext.ACCEPT_QUERY)
    (
        <AS_OF> <OF> timestamp = Expression(ExprContext.ACCEPT_NON_QUERY) {
            return new SqlQueryAsOf(Span.of(query).add(timestamp).pos(), query, timestamp);
        }
    |
        { return query; }
    )
}

/** BEGIN [WORK | TRANSACTION] | START TRANSACTION */
SqlNode SpindleBegin() :
{
    final Span s;
}
{
    (
        <BEGIN> { s = span(); } [ <WORK> | <TRANSACTION> ]
    |
        <START> { s = span(); } <TRANSACTION>
    )
    { return new SqlBegin(s.end(this)); }
}

/** COMMIT [WORK | TRANSACTION] */
SqlNode SpindleCommit() :
{
    final Span s;
}
{
    <COMMIT> { s = span(); } [ <WORK> | <TRANSACTION> ]
    { return new SqlCommit(s.end(this)); }
}

/** CHECKPOINT */
SqlNode SpindleCheckpoint() :
{
    final Span s;
}
{
    <CHECKPOINT> { s = span(); }
    { return new SqlCheckpoint(s.end(this)); }
}

/** ROLLBACK [WORK | TRANSACTION] */
SqlNode SpindleRollback() :
{
    final Span s;
}
{
    <ROLLBACK> { s = span(); } [ <WORK> | <TRANSACTION> ]
    { return new SqlRollback(s.end(this)); }
}

/**
 * EXPLAIN stmt, or Calcite's EXPLAIN PLAN [detail] [depth] [AS format] FOR stmt. Either explains a
 * query (with AS OF), INSERT, UPDATE, DELETE, MERGE, CREATE INDEX or CREATE VIEW.
 */
SqlNode SpindleExplain() :
{
    final Span s;
    final SqlNode stmt;
    SqlExplainLevel detailLevel = SqlExplainLevel.EXPPLAN_ATTRIBUTES;
    final SqlExplain.Depth depth;
    final SqlExplainFormat format;
}
{
    <EXPLAIN> { s = span(); }
    (
        LOOKAHEAD(1)
        <PLAN>
        [ detailLevel = ExplainDetailLevel() ]
        depth = ExplainDepth()
        (
            LOOKAHEAD(2)
            <AS> <XML> { format = SqlExplainFormat.XML; }
        |
            LOOKAHEAD(2)
            <AS> <JSON> { format = SqlExplainFormat.JSON; }
        |
            <AS> <DOT_FORMAT> { format = SqlExplainFormat.DOT; }
        |
            { format = SqlExplainFormat.TEXT; }
        )
        <FOR> stmt = SpindleExplainable() {
            return new SqlExplain(getPos(), stmt,
                detailLevel.symbol(SqlParserPos.ZERO),
                depth.symbol(SqlParserPos.ZERO),
                format.symbol(SqlParserPos.ZERO),
                nDynamicParams);
        }
    |
        stmt = SpindleExplainable() {
            return new SqlShortExplain(s.end(this), stmt, nDynamicParams);
        }
    )
}

/** What EXPLAIN explains. */
SqlNode SpindleExplainable() :
{
    final SqlNode stmt;
    final Span s;
    boolean replace = false;
}
{
    (
        stmt = SqlInsert()
    |
        stmt = SqlDelete()
    |
        stmt = SqlUpdate()
    |
        stmt = SqlMerge()
    |
        <CREATE> { s = span(); }
        [ <OR> <REPLACE> { replace = true; } ]
        (
            stmt = SpindleCreateIndex(s, replace)
        |
            stmt = SpindleCreateView(s, replace)
        )
    |
        stmt = SpindleQuery()
    )
    { return stmt; }
}

/**
 * SHOW TABLES [FROM schema] | SHOW VIEWS [FROM schema] | SHOW INDEXES [ON obj | FROM schema]
 * | SHOW COLUMNS FROM obj | SHOW CREATE {TABLE | VIEW | INDEX} name
 */
SqlNode SpindleShow() :
{
    final Span s;
    SqlIdentifier schema = null;
    SqlIdentifier on = null;
    final SqlIdentifier name;
    final ShowCreateTarget target;
}
{
    <SHOW> { s = span(); }
    (
        <TABLES> [ <FROM> schema = CompoundIdentifier() ] {
            return new SqlShowTables(s.end(this), schema);
        }
    |
        <VIEWS> [ <FROM> schema = CompoundIdentifier() ] {
            return new SqlShowViews(s.end(this), schema);
        }
    |
        <INDEXES>
        [
            <ON> on = CompoundIdentifier()
        |
            <FROM> schema = CompoundIdentifier()
        ]
        { return new SqlShowIndexes(s.end(this), on, schema); }
    |
        <COLUMNS> <FROM> name = CompoundIdentifier() {
            return new SqlShowColumns(s.end(this), name);
        }
    |
        <CREATE>
        (
            <TABLE> { target = ShowCreateTarget.TABLE; }
        |
            <VIEW> { target = ShowCreateTarget.VIEW; }
        |
            <INDEX> { target = ShowCreateTarget.INDEX; }
        )
        name = CompoundIdentifier() {
            return new SqlShowCreate(s.end(this), target, name);
        }
    )
}

/** TEXT: PostgreSQL's unbounded character string, which Spindle reads as VARCHAR without a length. */
SqlTypeNameSpec SpindleTextType() :
{
}
{
    <TEXT> { return new SqlBasicTypeNameSpec(SqlTypeName.VARCHAR, getPos()); }
}

/** CREATE TABLE [IF NOT EXISTS] name (column or constraint, ...) */
SqlCreate SpindleCreateTable(Span s, boolean replace) :
{
    boolean ifNotExists = false;
    final SqlIdentifier name;
    final List<SqlNode> elements = new ArrayList<SqlNode>();
    final Span list;
}
{
    <TABLE> {
        if (replace) {
            throw spindleError(s.end(this), "CREATE OR REPLACE TABLE is not supported");
        }
    }
    [ LOOKAHEAD(2) <IF> <NOT> <EXISTS> { ifNotExists = true; } ]
    name = CompoundIdentifier()
    <LPAREN> { list = span(); }
    SpindleTableElement(elements)
    ( <COMMA> SpindleTableElement(elements) )*
    <RPAREN> {
        return new SqlCreateTable(s.end(this), ifNotExists, name,
            new SqlNodeList(elements, list.end(this)));
    }
}

/** A column declaration or a table constraint. */
void SpindleTableElement(List<SqlNode> elements) :
{
    final SqlNode element;
}
{
    (
        element = SpindleTableConstraint()
    |
        element = SpindleColumnDeclaration()
    )
    { elements.add(element); }
}

/**
 * name type [NOT NULL | NULL] [DEFAULT expr] [PRIMARY KEY] [UNIQUE], the constraints in any
 * order, each at most once.
 */
SqlNode SpindleColumnDeclaration() :
{
    final Span s;
    final SqlIdentifier name;
    final SqlDataTypeSpec type;
    Nullability nullability = Nullability.UNSPECIFIED;
    SqlNode defaultValue = null;
    SqlParserPos clause;
    boolean primaryKey = false;
    boolean unique = false;
}
{
    name = SimpleIdentifier() { s = span(); }
    type = DataType()
    (
        <NOT> { clause = getPos(); } <NULL> {
            if (nullability != Nullability.UNSPECIFIED) {
                throw spindleError(clause, "conflicting NULL/NOT NULL declarations for column \""
                    + name + "\"");
            }
            nullability = Nullability.NOT_NULL;
        }
    |
        <NULL> {
            if (nullability != Nullability.UNSPECIFIED) {
                throw spindleError(getPos(), "conflicting NULL/NOT NULL declarations for column \""
                    + name + "\"");
            }
            nullability = Nullability.NULL;
        }
    |
        <DEFAULT_> {
            if (defaultValue != null) {
                throw spindleError(getPos(), "multiple default values specified for column \""
                    + name + "\"");
            }
        }
        defaultValue = Expression(ExprContext.ACCEPT_NON_QUERY)
    |
        <PRIMARY> { clause = getPos(); } <KEY> {
            if (primaryKey) {
                throw spindleError(clause, "PRIMARY KEY appears twice for column \""
                    + name + "\"");
            }
            primaryKey = true;
        }
    |
        <UNIQUE> {
            if (unique) {
                throw spindleError(getPos(), "UNIQUE appears twice for column \"" + name + "\"");
            }
            unique = true;
        }
    )*
    {
        return new SqlColumnDeclaration(s.end(this), name, type, nullability, defaultValue,
            primaryKey, unique);
    }
}

/** [CONSTRAINT name] PRIMARY KEY (column, ...) | [CONSTRAINT name] UNIQUE (column, ...) */
SqlNode SpindleTableConstraint() :
{
    final Span s;
    SqlIdentifier name = null;
    final SqlNodeList columns;
}
{
    (
        <CONSTRAINT> { s = span(); } name = SimpleIdentifier()
    |
        { s = Span.of(); }
    )
    (
        <PRIMARY> { s.add(this); } <KEY> columns = ParenthesizedSimpleIdentifierList() {
            return SqlTableConstraint.primaryKey(s.end(this), name, columns);
        }
    |
        <UNIQUE> { s.add(this); } columns = ParenthesizedSimpleIdentifierList() {
            return SqlTableConstraint.unique(s.end(this), name, columns);
        }
    )
}

/** CREATE [OR REPLACE] VIEW [IF NOT EXISTS] name [(column, ...)] AS query */
SqlCreate SpindleCreateView(Span s, boolean replace) :
{
    boolean ifNotExists = false;
    final SqlIdentifier name;
    SqlNodeList columns = null;
    final SqlNode query;
    SqlParserPos clause;
}
{
    <VIEW>
    [
        LOOKAHEAD(2) <IF> { clause = getPos(); } <NOT> <EXISTS> {
            if (replace) {
                throw spindleError(clause,
                    "CREATE OR REPLACE VIEW cannot be combined with IF NOT EXISTS");
            }
            ifNotExists = true;
        }
    ]
    name = CompoundIdentifier()
    [ columns = ParenthesizedSimpleIdentifierList() ]
    <AS> query = OrderedQueryOrExpr(ExprContext.ACCEPT_QUERY) {
        return new SqlCreateView(s.end(this), replace, ifNotExists, name, columns, query);
    }
}

/**
 * CREATE [UNIQUE] INDEX [[IF NOT EXISTS] name] ON obj (expr [ASC | DESC], ...). The name may be
 * left out, as Materialize allows; IF NOT EXISTS needs one.
 */
SqlCreate SpindleCreateIndex(Span s, boolean replace) :
{
    boolean unique = false;
    boolean ifNotExists = false;
    SqlIdentifier name = null;
    final SqlIdentifier on;
    final List<SqlNode> keys = new ArrayList<SqlNode>();
    final Span list;
}
{
    [ <UNIQUE> { unique = true; } ]
    <INDEX> {
        if (replace) {
            throw spindleError(s.end(this), "CREATE OR REPLACE INDEX is not supported");
        }
    }
    [
        LOOKAHEAD(2) <IF> <NOT> <EXISTS> { ifNotExists = true; } name = SimpleIdentifier()
    |
        name = SimpleIdentifier()
    ]
    <ON> on = CompoundIdentifier()
    <LPAREN> { list = span(); }
    SpindleIndexKey(keys)
    ( <COMMA> SpindleIndexKey(keys) )*
    <RPAREN> {
        return new SqlCreateIndex(s.end(this), unique, ifNotExists, name, on,
            new SqlNodeList(keys, list.end(this)));
    }
}

/** expr [ASC | DESC]; DESC wraps the expression in Calcite's DESC operator, as ORDER BY does. */
void SpindleIndexKey(List<SqlNode> keys) :
{
    SqlNode e;
}
{
    e = Expression(ExprContext.ACCEPT_NON_QUERY)
    [
        <ASC>
    |
        <DESC> { e = SqlStdOperatorTable.DESC.createCall(getPos(), e); }
    ]
    { keys.add(e); }
}

/** DROP {TABLE | VIEW | INDEX} [IF EXISTS] name [CASCADE | RESTRICT] */
SqlDrop SpindleDrop(Span s, boolean replace) :
{
    final int what;
    boolean ifExists = false;
    final SqlIdentifier name;
    DropBehavior behavior = null;
}
{
    (
        <TABLE> { what = 0; }
    |
        <VIEW> { what = 1; }
    |
        <INDEX> { what = 2; }
    )
    [ LOOKAHEAD(2) <IF> <EXISTS> { ifExists = true; } ]
    name = CompoundIdentifier()
    [
        <CASCADE> { behavior = DropBehavior.CASCADE; }
    |
        <RESTRICT> { behavior = DropBehavior.RESTRICT; }
    ]
    {
        final SqlParserPos pos = s.end(this);
        switch (what) {
        case 0:
            return new SqlDropTable(pos, ifExists, name, behavior);
        case 1:
            return new SqlDropView(pos, ifExists, name, behavior);
        default:
            return new SqlDropIndex(pos, ifExists, name, behavior);
        }
    }
}

/**
 * {@code ^ operand}, after an operand: PostgreSQL's exponentiation ({@link SqlPowerOperator}), not
 * Calcite's bitwise XOR. Called from Calcite's Expression2 as an extra binary expression.
 */
void SpindlePower(List<Object> list, ExprContext exprContext, Span s) :
{
}
{
    <CARET> {
        checkNonQueryExpression(exprContext);
        list.add(new SqlParserUtil.ToTreeListItem(SqlPowerOperator.INSTANCE, getPos()));
    }
    AddExpression2b(list, ExprContext.ACCEPT_SUB_QUERY)
}

/**
 * Spindle: readies this parser, after a parse that succeeded, to parse {@code reader}'s text,
 * leaving it in the state {@code FACTORY} leaves a new parser in (what the generated
 * {@code ReInit(Reader)} resets, plus the state Calcite's and Spindle's code keep: the original
 * SQL, the count of dynamic parameters, the warnings, the token manager's stack of lexical
 * states, and JavaCC's look-ahead flags). One difference, in memory only: the input buffer holds
 * the text and one character more, where {@code FACTORY} sizes it to the text, so that reading
 * the end of input does not grow the buffer (three arrays of 2,048 more entries, copied: a
 * twentieth of parsing a short query).
 * {@code SqlParser}'s constructor then applies the configuration (tab size, casing, identifier
 * length, conformance, lexical state) exactly as for a new parser. Called through
 * {@code ParserReuse}; see {@code Parsing} for when a parser is reused.
 */
JAVACODE void spindleReuse(SourceStringReader reader)
{
    final String sql = reader.getSourceString();
    jj_input_stream.ReInit(reader, 1, 1, sql.length() + 1);
    token_source.ReInit(jj_input_stream);
    token_source.lexicalStateStack.clear();
    token = new Token();
    jj_ntk = -1;
    jj_gen = 0;
    java.util.Arrays.fill(jj_la1, -1);
    for (int i = 0; i < jj_2_rtns.length; i++) {
        jj_2_rtns[i] = new JJCalls();
    }
    jj_gc = 0;
    jj_kind = -1;
    jj_rescan = false;
    lookingAhead = false;
    setOriginalSql(sql);
    nDynamicParams = 0;
    warnings.clear();
}
