package dev.spindle.sql.parser;

import static java.util.Objects.requireNonNull;

import dev.spindle.common.error.ErrorCode;
import dev.spindle.common.error.SpindleException;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.dialect.CalciteSqlDialect;
import org.apache.calcite.sql.parser.SqlParser;
import org.apache.calcite.sql.parser.SqlParserPos;

/**
 * Spindle's SQL parser: Calcite's grammar with Spindle's statements (see the module README),
 * configured as PostgreSQL and Materialize read SQL, failing only with {@link SpindleException}.
 *
 * <p>Lexical rules ({@link #config()}):
 * <ul>
 *   <li>unquoted identifiers are folded to <b>lower case</b>, as PostgreSQL and Materialize do
 *       ({@code SELECT A FROM T} reads column {@code a} of table {@code t}); quoted identifiers
 *       ({@code "A"}) keep their case; names are then matched case-sensitively;
 *   <li>identifiers are quoted with double quotes; strings with single quotes;
 *   <li>conformance {@link org.apache.calcite.sql.validate.SqlConformanceEnum#LENIENT} ({@code !=}, {@code %},
 *       {@code LIMIT n OFFSET m}, ...), the conformance Spindle validates with.
 * </ul>
 *
 * <p>Failures: a syntax error is {@link ErrorCode#SYNTAX_ERROR_1} (SQLSTATE 42601) whose message
 * says the line and column and whose {@link SpindleException#position()} is the 1-based
 * character offset in the text. Text that is not valid UTF-16 (a lone surrogate) is a syntax
 * error at that character. A statement longer than {@link #MAX_STATEMENT_LENGTH} is
 * {@link ErrorCode#STATEMENT_TOO_LONG_2} (54000); one nested deeper than
 * {@link #MAX_NESTING_DEPTH} brackets or {@link #MAX_EXPRESSION_DEPTH} calls, or one that
 * overflows the stack anyway, is {@link ErrorCode#STATEMENT_TOO_COMPLEX_1} (54001). Any other
 * throwable of the parser becomes a syntax error, except {@link OutOfMemoryError}, which is
 * rethrown. No {@link Error} escapes otherwise.
 *
 * <p>The answer does not depend on the caller's stack beyond the overflow check itself: the
 * parser's classes are initialized, when this class is, on a thread with a large stack of its own
 * (see {@code Parsing}), never at the bottom of a deep parse or on a small stack.
 *
 * <p>Thread-safe: any number of threads may parse at once. Each thread reuses one parser
 * instance of its own, kept after a successful parse of a text of at most 64K characters and
 * readied again for the next (a failed parse's instance is dropped); no instance is ever seen by
 * two threads, and a reused one answers exactly as a new one. The trees returned belong to the
 * caller and are not shared.
 */
public final class SpindleParser {
    /**
     * The most characters one statement may span, from its first token to its last (SQLite's
     * default {@code SQLITE_MAX_SQL_LENGTH}). A script passed to {@link #parseStatements} may be
     * longer; each of its statements may not.
     */
    public static final int MAX_STATEMENT_LENGTH = 1_000_000;

    /**
     * The deepest nesting of brackets ({@code (}, {@code [}, <code>{</code>) allowed, checked
     * before parsing. The parser spends up to 3 KB of stack per level (nested function calls are
     * the costliest: 343 levels fill a 1 MB thread stack), so 200 levels parse on any thread with
     * the JVM's default stack; a statement that still overflows a smaller stack fails with the
     * same error code.
     */
    public static final int MAX_NESTING_DEPTH = 200;

    /**
     * The deepest nesting of calls (operators, functions, clauses) allowed in a parsed statement,
     * SQLite's {@code SQLITE_MAX_EXPR_DEPTH}. A chain {@code a + b + ...} nests one level per
     * term.
     */
    public static final int MAX_EXPRESSION_DEPTH = 1_000;

    // Parsing's classes are initialized on a stack of their own before this class is usable (see
    // Parsing): a class whose initialization overflows the stack is broken for the JVM's life.
    private static final SqlParser.Config CONFIG = Parsing.initialize();

    private SpindleParser() {
    }

    /**
     * The parser configuration: Spindle's grammar and the lexical rules above. Use it wherever a
     * Calcite component needs the parser's configuration, so that both read names alike.
     */
    public static SqlParser.Config config() {
        return CONFIG;
    }

    /**
     * Parses a script: statements separated by {@code ;}, a final {@code ;} optional. An empty or
     * blank text gives an empty list.
     *
     * @throws SpindleException as described on the class
     */
    public static SqlNodeList parseStatements(String sql) {
        requireNonNull(sql, "sql");
        if (sql.isEmpty()) {
            // (the generated lexer cannot even be made for an empty text)
            return new SqlNodeList(SqlParserPos.ZERO);
        }
        return Parsing.parseStatements(sql);
    }

    /**
     * Parses exactly one statement, optionally followed by {@code ;}.
     *
     * @throws SpindleException as described on the class; also a syntax error if the text holds
     *     no statement or more than one
     */
    public static SqlNode parse(String sql) {
        SqlNodeList statements = parseStatements(sql);
        if (statements.size() == 1) {
            return statements.get(0);
        }
        StatementText text = new StatementText(sql);
        if (statements.isEmpty()) {
            int end = sql.length();
            throw SpindleException.atPosition(end + 1, ErrorCode.SYNTAX_ERROR_1,
                    "syntax error at end of input: no statement" + text.where(end));
        }
        SqlParserPos second = statements.get(1).getParserPosition();
        int offset = text.offset(second.getLineNum(), second.getColumnNum());
        throw SpindleException.atPosition(offset + 1, ErrorCode.SYNTAX_ERROR_1,
                "syntax error: expected one statement, found " + statements.size()
                        + "; the second begins" + text.where(offset));
    }

    /**
     * Whether {@code name} (any case) is one of the parser's keywords, reserved or not: such a
     * word may stand for a name in some places and not in others, so readers of statement text
     * that look for names without parsing (the planner's {@code ShapeText}) leave it alone.
     */
    public static boolean isKeyword(String name) {
        return Keywords.METADATA.isKeyword(name.toUpperCase(java.util.Locale.ROOT));
    }

    /** The parser's keyword lists, read once (Calcite reads them off the generated parser). */
    private static final class Keywords {
        static final org.apache.calcite.sql.parser.SqlAbstractParserImpl.Metadata METADATA =
                dev.spindle.sql.parser.impl.SpindleSqlParserImpl.FACTORY.getParser(new java.io.StringReader("")).getMetadata();
    }

    /**
     * SQL text for {@code node} that {@link #parse} reads back into an equal tree: identifiers
     * quoted (so their case survives), keywords in upper case, Calcite's default dialect.
     */
    public static String unparse(SqlNode node) {
        return node.toSqlString(CalciteSqlDialect.DEFAULT).getSql();
    }
}
