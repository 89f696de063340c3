package dev.spindle.cli.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class ScriptScannerTest {
    private static List<String> texts(ScriptScanner.Scan scan) {
        return scan.pieces().stream().map(Piece::text).toList();
    }

    @Test
    void statementsEndAtSemicolonsOutsideQuotesAndComments() {
        ScriptScanner.Scan scan = ScriptScanner.scan(
                "SELECT 'a;b', \"x;y\" FROM t; -- c;d\nINSERT INTO t VALUES (1) /* e; /* nested; */ f; */;\n");
        assertEquals(List.of("SELECT 'a;b', \"x;y\" FROM t", "INSERT INTO t VALUES (1) /* e; /* nested; */ f; */"),
                texts(scan));
        assertTrue(scan.complete());
    }

    @Test
    void doubledQuotesStayInsideTheirString() {
        ScriptScanner.Scan scan = ScriptScanner.scan("SELECT 'it''s; fine';");
        assertEquals(List.of("SELECT 'it''s; fine'"), texts(scan));
    }

    @Test
    void anUnfinishedStatementIsTheRest() {
        ScriptScanner.Scan scan = ScriptScanner.scan("SELECT 1; SELECT\n  2");
        assertEquals(List.of("SELECT 1"), texts(scan));
        assertEquals("SELECT\n  2", scan.rest());
        assertFalse(scan.complete());
        assertFalse(ScriptScanner.scan("SELECT 'open;").complete(), "inside a string");
        assertFalse(ScriptScanner.scan("SELECT 1 /* open;").complete(), "inside a comment");
        assertTrue(ScriptScanner.endsInsideQuoteOrComment("SELECT 'open"));
        assertFalse(ScriptScanner.endsInsideQuoteOrComment("SELECT 'closed'"));
    }

    @Test
    void onlySpacesAndCommentsAreComplete() {
        assertTrue(ScriptScanner.scan("  -- a comment\n /* another */ ").complete());
        assertTrue(ScriptScanner.scan("").pieces().isEmpty());
        assertTrue(ScriptScanner.scan(";;  ;").pieces().isEmpty(), "empty statements are dropped");
    }

    @Test
    void metaCommandsRunToTheEndOfTheirLine() {
        ScriptScanner.Scan scan = ScriptScanner.scan("\\timing on\nSELECT 1;\n  \\d t\n\\x");
        assertEquals(List.of(Piece.Kind.META, Piece.Kind.SQL, Piece.Kind.META, Piece.Kind.META),
                scan.pieces().stream().map(Piece::kind).toList());
        assertEquals(List.of("\\timing on", "SELECT 1", "\\d t", "\\x"), texts(scan));
        assertTrue(scan.complete());
    }

    @Test
    void aBackslashInsideAStatementIsNotAMetaCommand() {
        ScriptScanner.Scan scan = ScriptScanner.scan("SELECT '\\d';");
        assertEquals(List.of(Piece.Kind.SQL), scan.pieces().stream().map(Piece::kind).toList());
    }

    @Test
    void piecesKnowTheLineOfTheirFirstWord() {
        ScriptScanner.Scan scan = ScriptScanner.scan("SELECT 1;\n\n-- note\nSELECT\n2;\n\\q\n");
        assertEquals(List.of(1, 4, 6), scan.pieces().stream().map(Piece::line).toList());
    }

    @Test
    void commandTags() {
        assertEquals("CREATE TABLE", CommandTag.of("create table t (a int)").words());
        assertEquals("CREATE INDEX", CommandTag.of("  CREATE UNIQUE INDEX i ON t (a)").words());
        assertEquals("INSERT", CommandTag.of("insert into t values (1)").words());
        assertEquals("SELECT", CommandTag.of("/* hint */ select 1").words());
        assertTrue(CommandTag.of("begin").begins());
        assertTrue(CommandTag.of("START TRANSACTION").begins());
        assertTrue(CommandTag.of("rollback").ends());
        assertTrue(CommandTag.of("drop view v").changesCatalog());
        assertFalse(CommandTag.of("select 1").changesCatalog());
        assertEquals("", CommandTag.of("(select 1)").words());
    }

    @Test
    void lexerTokensRebuildTheText() {
        String text = "SELECT a1, 'x''y', \"Q\"\"n\", 1.5e-3, .5 -- c\n/* b */ FROM t WHERE a <> 2;\\x";
        StringBuilder rebuilt = new StringBuilder();
        for (Token t : SqlLexer.tokens(text)) {
            rebuilt.append(t.text(text));
        }
        assertEquals(text, rebuilt.toString());
        List<Token.Kind> kinds = SqlLexer.tokens("x 'y' 1.5e3 \"z\"").stream().filter(t -> !t.blank())
                .map(Token::kind).toList();
        assertEquals(List.of(Token.Kind.WORD, Token.Kind.STRING, Token.Kind.NUMBER, Token.Kind.QUOTED_NAME), kinds);
    }
}
