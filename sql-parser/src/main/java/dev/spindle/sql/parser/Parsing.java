package dev.spindle.sql.parser;

import dev.spindle.common.error.SpindleException;
import dev.spindle.sql.parser.direct.DirectParser;
import dev.spindle.sql.parser.direct.SqlTrees;
import dev.spindle.sql.parser.impl.ParserReuse;
import dev.spindle.sql.parser.impl.SpindleSqlParserImpl;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.calcite.avatica.util.Casing;
import org.apache.calcite.avatica.util.Quoting;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.parser.SqlParser;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.validate.SqlConformanceEnum;
import org.apache.calcite.util.SourceStringReader;

/**
 * The parse behind {@link SpindleParser#parseStatements}, and the initialization that keeps its
 * answer independent of the caller's stack.
 *
 * <p>Why: the JVM initializes a class the first time it is used, on the stack of the thread that
 * uses it. If that initialization overflows the stack, the class is marked erroneous for the life
 * of the JVM: every later use, on any thread, fails with {@code NoClassDefFoundError}. The parser
 * recurses deeply, and the classes it needs first at depth (operator trees, error reporting,
 * Calcite's configuration proxies) could be initialized there by a deep statement or on a thread
 * with a small stack (a 128 KB stack overflowed initializing {@link SpindleParser} itself, and the
 * StackOverflowError escaped); from then on every statement failed as a syntax error ("the parser
 * failed: NoClassDefFoundError"), whatever its text. So {@link #initialize} builds the
 * configuration and parses a set of statements that touch the grammar and its error paths on a
 * thread of its own with a {@value #INIT_STACK_BYTES}-byte stack, before {@link SpindleParser} can
 * be used; a stack overflow while parsing later is then only ever the statement's (54001).
 *
 * <p>Parser reuse: each thread keeps one idle parser ({@link #IDLE}), the one its last successful
 * parse used, and readies it for its next statement ({@link ParserReuse}) instead of making a new
 * one, which spent about 6% of a short query's parse allocating JavaCC's look-ahead tables. A
 * parser is kept only after a parse that succeeded, whose text was at most {@value #MAX_KEPT_TEXT}
 * characters (its input buffer is as long as the text, and it holds the text until the thread's
 * next parse): a syntax error, a limit, a stack overflow
 * or any other throwable can leave it mid-scan, so the next parse on that thread makes a new one.
 * A parser is taken out of the slot while it parses, so a parse nested in another on the same
 * thread (none today) would make its own.
 *
 * <p>Thread-safety: safe for any number of threads. After initialization the only state is the
 * per-thread idle parser, never seen by another thread; the trees returned are the caller's.
 */
final class Parsing {
    /** The stack of the thread that initializes the parser's classes. */
    static final long INIT_STACK_BYTES = 16L << 20;

    /** Statements whose parse (or failure) initializes what parsing can need. */
    private static final String[] WARM_UP = {
        "select a, -b, not c, d + 1 * 2 / 3 - 4 % 5, e || 'x', f ^ 2, cast(g as decimal(5, 2)), h is null,"
                + " i between 1 and 2, j in (1, 2), k like 'a%', case when l then 1 else 2 end, coalesce(m, n),"
                + " count(*), sum(distinct o), extract(year from p), date '2020-01-02', interval '1' day, (select 1)"
                + " from t join u on t.a = u.b left join v using (c) where exists (select 1 from w)"
                + " group by a having count(*) > 1 order by a desc nulls last limit 1 offset 2",
        "select 1 union all select 2 intersect select 3 except select 4 as of 5",
        "insert into t (a) values (1), (2); update t set a = 1 where b = 2; delete from t where c",
        "create table t (a int primary key, b text not null default 'x', unique (b)); create index i on t (a desc);"
                + " create view v as select 1; drop table if exists t; show tables; explain select 1; begin; commit",
        "select from",
        "select 'unterminated",
        "select \"\uD800\"",
        "select " + "(".repeat(300) + "1" + ")".repeat(300),
    };

    /**
     * Whether statements are read by {@link DirectParser} first (system property
     * {@code spindle.parser.direct}, default true; false only to measure the generated parser alone).
     */
    static final boolean DIRECT = !"false".equals(System.getProperty("spindle.parser.direct"));

    /**
     * Whether every tree of the direct parser is checked against the generated parser's (system
     * property {@code spindle.parser.crossCheck}, set by the build's tests): a difference fails
     * the statement with an {@link IllegalStateException}.
     */
    static final boolean CROSS_CHECK = Boolean.getBoolean("spindle.parser.crossCheck");

    /** The longest text after whose parse the parser is kept for the thread's next one. */
    static final int MAX_KEPT_TEXT = 1 << 16;

    private static volatile SqlParser.Config config;

    /** Per thread: the parser of its last successful parse, idle; empty while a parse runs. */
    private static final ThreadLocal<SpindleSqlParserImpl> IDLE = new ThreadLocal<>();

    private Parsing() {
    }

    /**
     * Builds the parser configuration and warms the parser up on a thread with a large stack;
     * called once, by {@link SpindleParser}'s initialization.
     *
     * @throws IllegalStateException if the warm-up failed unexpectedly (a bug)
     */
    static synchronized SqlParser.Config initialize() {
        if (config != null) {
            return config;
        }
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread t = new Thread(null, () -> {
            try {
                config = SqlParser.config()
                        .withParserFactory(SpindleSqlParserImpl.FACTORY)
                        .withQuoting(Quoting.DOUBLE_QUOTE)
                        .withUnquotedCasing(Casing.TO_LOWER)
                        .withQuotedCasing(Casing.UNCHANGED)
                        .withCaseSensitive(true)
                        .withConformance(SqlConformanceEnum.LENIENT);
                for (String sql : WARM_UP) {
                    try {
                        parseStatements(sql);
                    } catch (SpindleException expected) {
                        // the error paths are part of the warm-up
                    }
                }
            } catch (Throwable e) {
                failure.set(e);
            }
        }, "spindle-parser-init", INIT_STACK_BYTES);
        t.start();
        boolean interrupted = false;
        while (true) {
            try {
                t.join();
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        if (failure.get() != null || config == null) {
            throw new IllegalStateException("initializing the parser failed", failure.get());
        }
        return config;
    }

    /** See {@link SpindleParser#parseStatements}; {@code sql} is not empty. */
    static SqlNodeList parseStatements(String sql) {
        SqlParser.Config cfg = config;
        StatementText text = new StatementText(sql);
        text.checkWellFormed();
        SqlNodeList statements;
        SqlNode direct;
        try {
            if (!ParseLimits.checkText(text, cfg)) {
                // white space and comments only (Calcite's parser fails on an empty list)
                return new SqlNodeList(SqlParserPos.ZERO);
            }
            direct = DIRECT ? DirectParser.parse(sql) : null;
            if (direct != null) {
                statements = new SqlNodeList(List.of(direct), direct.getParserPosition());
            } else {
                statements = generated(sql, cfg);
            }
        } catch (SpindleException e) {
            throw e;
        } catch (StackOverflowError e) {
            throw ParseErrors.tooComplex();
        } catch (OutOfMemoryError e) {
            throw e;
        } catch (Throwable e) {
            throw ParseErrors.translate(e, text);
        }
        try {
            ParseLimits.checkDepth(text, statements);
        } catch (StackOverflowError e) {
            throw ParseErrors.tooComplex();
        }
        if (direct != null && CROSS_CHECK) {
            crossCheck(sql, direct, cfg);
        }
        return statements;
    }

    /** {@code sql}'s statements read by the generated parser, which is kept for the thread's next parse. */
    private static SqlNodeList generated(String sql, SqlParser.Config cfg) throws Exception {
        SourceStringReader reader = new SourceStringReader(sql);
        SpindleSqlParserImpl parser = take(reader);
        // Calcite's SqlParser applies the configuration and turns failures into a
        // SqlParseException exactly as for a parser it makes itself
        SqlNodeList statements = SqlParser.create(reader, cfg.withParserFactory(r -> parser)).parseStmtList();
        if (sql.length() <= MAX_KEPT_TEXT) {
            IDLE.set(parser);
        }
        return statements;
    }

    /**
     * Parses {@code sql} with the generated parser too and fails if its tree differs from the direct
     * parser's {@code direct} (the build's tests run with {@link #CROSS_CHECK} on).
     */
    private static void crossCheck(String sql, SqlNode direct, SqlParser.Config cfg) {
        SqlNodeList generated;
        try {
            generated = generated(sql, cfg);
        } catch (StackOverflowError e) {
            return; // too deep for the generated parser's stack: ParseLimits.checkDepth judges the direct tree
        } catch (Exception e) {
            throw new IllegalStateException("the direct parser read <" + sql + ">, the generated parser failed", e);
        }
        String difference;
        try {
            difference = generated.size() != 1 ? "the generated parser read " + generated.size() + " statements"
                    : SqlTrees.difference(generated.get(0), direct);
        } catch (StackOverflowError e) {
            return; // a tree within the depth limit, too deep for this thread's stack to compare
        }
        if (difference != null) {
            throw new IllegalStateException("the direct parser's tree differs from the generated parser's for <" + sql
                    + ">: " + difference);
        }
    }

    /** The thread's idle parser readied for {@code reader}, or a new one; the slot is left empty. */
    private static SpindleSqlParserImpl take(SourceStringReader reader) {
        SpindleSqlParserImpl parser = IDLE.get();
        if (parser == null) {
            return (SpindleSqlParserImpl) SpindleSqlParserImpl.FACTORY.getParser(reader);
        }
        IDLE.remove();
        ParserReuse.reset(parser, reader);
        return parser;
    }

    /** Forgets the current thread's idle parser (tests: the next parse makes a new one). */
    static void forgetIdleParser() {
        IDLE.remove();
    }
}
