package dev.spindle.sql.parser;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spindle.common.error.ErrorCode;
import dev.spindle.common.error.SpindleException;
import java.util.Collections;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlSelect;
import org.junit.jupiter.api.Test;

/**
 * Hostile input gets a {@link SpindleException}, never an {@link Error}: deep nesting, a 1 MB
 * statement, a 10,000-term expression, invalid UTF-16, and a stack too small for what the limits
 * let through. ({@code assertThrows(SpindleException.class, ...)} fails on any other throwable.)
 */
class HostileInputTest {

    private static SpindleException fails(String sql) {
        return assertThrows(SpindleException.class, () -> SpindleParser.parseStatements(sql));
    }

    private static String nested(String open, String inner, String close, int depth) {
        return String.join("", Collections.nCopies(depth, open)) + inner + String.join("", Collections.nCopies(depth, close));
    }

    @Test
    void fiveThousandNestedParentheses() {
        String sql = "select " + nested("(", "1", ")", 5_000);
        SpindleException e = fails(sql);
        assertEquals(ErrorCode.STATEMENT_TOO_COMPLEX_1, e.code());
        assertEquals("54001", e.sqlState());
        assertEquals("select ".length() + SpindleParser.MAX_NESTING_DEPTH + 1, e.position());
        assertEquals("statement too complex: brackets nested deeper than 200 levels at line 1, column 208",
                e.getMessage());
    }

    @Test
    void nestingUpToTheLimitParses() {
        int max = SpindleParser.MAX_NESTING_DEPTH;
        assertInstanceOf(SqlSelect.class, SpindleParser.parse("select " + nested("(", "1", ")", max)));
        SpindleParser.parse("select * from " + nested("(select * from ", "t", ")", max - 1));
        SpindleParser.parse("select " + nested("abs(", "1", ")", max));
        assertEquals(ErrorCode.STATEMENT_TOO_COMPLEX_1, fails("select " + nested("(", "1", ")", max + 1)).code());
        assertEquals(ErrorCode.STATEMENT_TOO_COMPLEX_1, fails("select " + nested("array[", "1", "]", 5_000)).code());
        assertEquals(ErrorCode.STATEMENT_TOO_COMPLEX_1, fails("select * from " + nested("(select * from ", "t", ")", 5_000)).code());
        // an unbalanced flood of brackets is refused by the same check
        assertEquals(ErrorCode.STATEMENT_TOO_COMPLEX_1, fails("(".repeat(100_000)).code());
    }

    @Test
    void oneMegabyteStatement() {
        String sql = "select '" + "x".repeat(1 << 20) + "'";
        SpindleException e = fails(sql);
        assertEquals(ErrorCode.STATEMENT_TOO_LONG_2, e.code());
        assertEquals("54000", e.sqlState());
        assertEquals(1, e.position());
        assertEquals("statement too long: " + sql.length() + " characters (at most 1000000)", e.getMessage());
        // a megabyte of noise too
        assertEquals(ErrorCode.STATEMENT_TOO_LONG_2, fails("select 1 + " + "a".repeat(1 << 20)).code());
    }

    @Test
    void aStatementJustUnderTheLimitAndALongScriptParse() {
        String big = "select '" + "x".repeat(SpindleParser.MAX_STATEMENT_LENGTH - 9) + "'";
        assertEquals(SpindleParser.MAX_STATEMENT_LENGTH, big.length());
        assertInstanceOf(SqlSelect.class, SpindleParser.parse(big));
        String statement = "insert into t values ('" + "y".repeat(400_000) + "'), (1)";
        SqlNodeList script = SpindleParser.parseStatements(statement + ";\n" + statement + ";\n" + statement);
        assertEquals(3, script.size(), "the limit is per statement, not per script");
        SpindleException e = fails("select 1;\n" + big + "x");
        assertEquals(ErrorCode.STATEMENT_TOO_LONG_2, e.code());
        assertEquals("select 1;\n".length() + 1, e.position());
    }

    @Test
    void tenThousandTermExpression() {
        String sql = "select " + String.join(" + ", Collections.nCopies(10_000, "1"));
        SpindleException e = fails(sql);
        assertEquals(ErrorCode.STATEMENT_TOO_COMPLEX_1, e.code(), e::getMessage);
        assertEquals("54001", e.sqlState());
        String where = "select 1 from t where " + String.join(" or ", Collections.nCopies(2_000, "a = 1"));
        assertEquals(ErrorCode.STATEMENT_TOO_COMPLEX_1, fails(where).code());
    }

    @Test
    void expressionDepthUpToTheLimitParses() {
        int terms = SpindleParser.MAX_EXPRESSION_DEPTH - 1; // the SELECT is one more level
        SqlNode ok = SpindleParser.parse("select " + String.join(" + ", Collections.nCopies(terms, "1")));
        assertInstanceOf(SqlSelect.class, ok);
        SpindleException e = fails("select " + String.join(" + ", Collections.nCopies(terms + 2, "1")));
        assertEquals(ErrorCode.STATEMENT_TOO_COMPLEX_1, e.code());
        assertTrue(e.getMessage().startsWith("statement too complex: expressions nested deeper than 1000 levels at line 1"),
                e::getMessage);
    }

    /**
     * The first use of the parser in a JVM, on a 128 KB stack: the parser's classes must not be
     * initialized on that stack (an initialization that overflows breaks the class for the JVM's
     * life, and every later statement failed with NoClassDefFoundError, reported as a syntax
     * error). A class loader of its own gives the parser a fresh JVM's uninitialized classes.
     */
    @Test
    void theFirstParseOnASmallStackBreaksNothing() throws Exception {
        java.util.List<java.net.URL> urls = new java.util.ArrayList<>();
        for (String entry : System.getProperty("java.class.path").split(java.io.File.pathSeparator)) {
            urls.add(java.nio.file.Path.of(entry).toUri().toURL());
        }
        try (java.net.URLClassLoader fresh = new java.net.URLClassLoader(urls.toArray(new java.net.URL[0]),
                ClassLoader.getPlatformClassLoader())) {
            Class<?> parser = Class.forName(SpindleParser.class.getName(), false, fresh);
            assertTrue(parser != SpindleParser.class, "a class of its own");
            java.lang.reflect.Method parse = parser.getMethod("parseStatements", String.class);
            AtomicReference<Object> small = new AtomicReference<>();
            Thread t = new Thread(null, () -> small.set(outcome(parse, "select 1 + 2 from t")), "small", 128 * 1024);
            t.start();
            t.join();
            assertEquals("parsed", small.get());
            assertEquals("54001", outcome(parse, "select " + "not ".repeat(10_000) + "true"));
            assertEquals("42601", outcome(parse, "select from"));
            assertEquals("parsed", outcome(parse, "select a * 2 from t where b = 1"));
        }
    }

    /** "parsed", the SQLSTATE of the SpindleException, or the class of anything else thrown. */
    private static Object outcome(java.lang.reflect.Method parse, String sql) {
        try {
            parse.invoke(null, sql);
            return "parsed";
        } catch (java.lang.reflect.InvocationTargetException e) {
            Throwable c = e.getCause();
            if (c.getClass().getName().equals(SpindleException.class.getName())) {
                try {
                    return c.getClass().getMethod("sqlState").invoke(c);
                } catch (ReflectiveOperationException r) {
                    return r.toString();
                }
            }
            return c.getClass().getName();
        } catch (Throwable e) {
            return e.getClass().getName();
        }
    }

    @Test
    void deepChainsWithoutBrackets() {
        assertEquals(ErrorCode.STATEMENT_TOO_COMPLEX_1, fails("select " + "not ".repeat(10_000) + "true").code());
        assertEquals(ErrorCode.STATEMENT_TOO_COMPLEX_1, fails("select " + "- ".repeat(10_000) + "a").code());
        // signs before a number fold into its literal as they are parsed, so no deep tree is left to
        // measure: only the parser's own stack stops the chain, and 10,000 signs are near its edge
        // since the look-ahead guards (fewer frames a level), so the chain is ten times longer
        assertEquals(ErrorCode.STATEMENT_TOO_COMPLEX_1, fails("select " + "- ".repeat(100_000) + "1").code());
        assertEquals(ErrorCode.STATEMENT_TOO_COMPLEX_1,
                fails("select " + "case when a then ".repeat(2_000) + "1" + " end".repeat(2_000)).code());
        assertEquals(ErrorCode.STATEMENT_TOO_COMPLEX_1,
                fails(String.join(" union all ", Collections.nCopies(2_000, "select 1"))).code());
        assertEquals(ErrorCode.STATEMENT_TOO_COMPLEX_1,
                fails("select * from t0" + " join t on a = b".repeat(2_000)).code());
    }

    @Test
    void loneSurrogates() {
        SpindleException high = fails("select '\uD800'");
        assertEquals(ErrorCode.SYNTAX_ERROR_1, high.code());
        assertEquals("42601", high.sqlState());
        assertEquals(9, high.position());
        assertEquals("invalid UTF-16 in statement: unpaired surrogate U+D800 at line 1, column 9", high.getMessage());

        assertEquals(10, fails("select 1 \uDC00").position());
        assertEquals(8, fails("select \uDC00\uD800").position(), "a low surrogate before a high one pairs nothing");
        assertEquals(12, fails("select 'abc\uDBFF").position(), "a high surrogate at the very end");
        assertEquals(3, fails("a\n\uDFFF").position());
        assertTrue(fails("a\n\uDFFF").getMessage().endsWith("at line 2, column 1"));
    }

    @Test
    void wellFormedSupplementaryCharactersAreFine() {
        SqlSelect s = (SqlSelect) SpindleParser.parse("select '\uD83D\uDE00', \"\uD83D\uDE00\" from \"t\uD834\uDD1E\"");
        assertEquals(2, s.getSelectList().size());
        RoundTrip.check("select '\uD83D\uDE00' as \"\uD83D\uDE00\"");
    }

    @Test
    void aStackTooSmallForWhatTheLimitsLetThroughStillGivesASpindleException() throws Exception {
        // 200 nested calls pass the bracket limit but need about 600 KB of stack
        String sql = "select " + nested("abs(", "1", ")", SpindleParser.MAX_NESTING_DEPTH);
        // parse once on this thread first, so that no class is first initialized on the small
        // stack (an overflow inside a static initializer would break that class for good)
        SpindleParser.parseStatements(sql);
        AtomicReference<Throwable> thrown = new AtomicReference<>();
        Thread small = new Thread(null, () -> {
            try {
                SpindleParser.parseStatements(sql);
            } catch (Throwable t) {
                thrown.set(t);
            }
        }, "small-stack", 128 * 1024);
        small.start();
        small.join();
        SpindleException e = assertInstanceOf(SpindleException.class, thrown.get());
        assertEquals(ErrorCode.STATEMENT_TOO_COMPLEX_1, e.code());
        assertEquals("statement too complex: nested too deeply to parse (stack depth limit exceeded)", e.getMessage());
    }
}
