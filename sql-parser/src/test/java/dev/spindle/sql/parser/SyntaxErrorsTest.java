package dev.spindle.sql.parser;

import static dev.spindle.sql.parser.DdlStatementsTest.assertSyntaxError;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spindle.common.error.ErrorCode;
import dev.spindle.common.error.SpindleException;
import java.sql.SQLException;
import org.apache.calcite.sql.SqlNodeList;
import org.junit.jupiter.api.Test;

/** Syntax errors: SQLSTATE 42601, the 1-based offset, line and column in the message. */
class SyntaxErrorsTest {

    @Test
    void unexpectedTokenLikePostgreSql() {
        SpindleException e = assertThrows(SpindleException.class, () -> SpindleParser.parse("SELECT * FROM t WHERE WHERE"));
        assertEquals("syntax error at or near \"WHERE\" at line 1, column 23", e.getMessage());
        assertEquals(23, e.position());
        SQLException sql = e.toSQLException();
        assertEquals("42601", sql.getSQLState());
        assertEquals(ErrorCode.SYNTAX_ERROR_1.number(), sql.getErrorCode());
        assertTrue(sql.getMessage().endsWith("(at position 23)"), sql::getMessage);
    }

    @Test
    void lineAndColumnOnLaterLinesWithEveryLineEnd() {
        String sql = "select a,\n  b\r\n from t\r where\tx = = 1";
        SpindleException e = assertThrows(SpindleException.class, () -> SpindleParser.parse(sql));
        // Calcite reports "= =" at the first "=" (it looks two tokens ahead there)
        assertEquals(sql.indexOf("= =") + 1, e.position());
        assertEquals("syntax error at or near \"=\" at line 4, column 10", e.getMessage());
    }

    @Test
    void endOfInput() {
        assertSyntaxError("select a from", 14, "syntax error at end of input at line 1, column 14");
        assertSyntaxError("select (1\n", 11, "syntax error at end of input at line 2, column 1");
    }

    @Test
    void lexicalErrors() {
        assertSyntaxError("select # from t", 8, "syntax error at or near \"#\" at line 1, column 8");
        assertSyntaxError("select 'abc", 8, "unterminated quoted string at or near \"'abc\" at line 1, column 8");
        assertSyntaxError("select \"abc", 8, "unterminated quoted identifier at or near \"\"abc\"");
        // Calcite's lexer lets an unclosed comment run to the end of the input
        assertSyntaxError("select 1 /* never closed", 25, "syntax error at end of input");
    }

    @Test
    void anEarlierSyntaxErrorWinsOverALaterLexicalOne() {
        // the AS OF scan reads a query's tokens ahead; a lexical error it meets waits its turn
        assertSyntaxError("select 1 2 from t where x = #", 10, "syntax error at or near \"2\"");
        assertSyntaxError("select a from t where x = # as of 5", 27, "syntax error at or near \"#\"");
    }

    @Test
    void expressionWhereAStatementBelongs() {
        assertSyntaxError("selec 1", 1, "syntax error at or near \"selec\" at line 1, column 1");
        assertSyntaxError("select 1; 1 + 2", 11, "syntax error at or near \"1\"");
    }

    @Test
    void calcitesOwnMessagesKeepTheirWords() {
        assertSyntaxError("select x'zz'", 8, "Binary literal string must contain only characters");
    }

    @Test
    void aLongTokenIsQuotedShort() {
        String number = "9".repeat(500);
        SpindleException e = assertThrows(SpindleException.class, () -> SpindleParser.parse("select 1 " + number));
        assertTrue(e.getMessage().contains("..."), e::getMessage);
        assertTrue(e.getMessage().length() < 200, e::getMessage);
    }

    @Test
    void parseWantsExactlyOneStatement() {
        assertSyntaxError("", 1, "syntax error at end of input: no statement");
        assertSyntaxError("  ;  ", 3, "syntax error at or near \";\"");
        assertSyntaxError("/* only a comment */", 21, "syntax error at end of input: no statement");
        assertSyntaxError("select 1; select 2", 11, "syntax error: expected one statement, found 2");
        assertEquals(1, SpindleParser.parseStatements("select 1;").size());
        SqlNodeList none = SpindleParser.parseStatements("  -- nothing\n");
        assertEquals(0, none.size());
        assertEquals(0, SpindleParser.parseStatements("").size());
        assertEquals(2, SpindleParser.parseStatements("select 1;; select 2").size());
    }

    @Test
    void everyFailureOfAScriptPointsIntoTheScript() {
        String script = "create table t (a int);\ninsert into t values (1);\nselect a frm t;";
        SpindleException e = assertThrows(SpindleException.class, () -> SpindleParser.parseStatements(script));
        assertEquals(script.indexOf("t;") + 1, e.position(), e::getMessage);
        assertTrue(e.getMessage().endsWith("at line 3, column 14"), e::getMessage);
    }
}
