package dev.spindle.cli.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.sql.SQLException;
import java.util.List;
import org.junit.jupiter.api.Test;

class ErrorReportTest {
    @Test
    void avaticaPrefixesAndThePositionAreTakenOffTheMessage() {
        String sql = "SELECT nope FROM t";
        SQLException e = new SQLException("Error 4206 (42703) : Error while executing SQL \"" + sql
                + "\": column \"nope\" does not exist (at position 8)", "42703");
        ErrorReport r = ErrorReport.of(e, sql);
        assertEquals(new ErrorReport("column \"nope\" does not exist", "42703", 8), r);
        assertEquals(List.of(
                "ERROR:  column \"nope\" does not exist (SQLSTATE 42703)",
                "LINE 1: SELECT nope FROM t",
                "               ^"), r.lines(sql));
    }

    @Test
    void theCaretIsOnTheLineOfThePosition() {
        String sql = "SELECT a,\n       b\nFROM t";
        ErrorReport r = new ErrorReport("bad", "42601", 18);
        assertEquals(List.of("ERROR:  bad (SQLSTATE 42601)", "LINE 2:        b", "               ^"), r.lines(sql));
    }

    @Test
    void longLinesAreShownAroundTheCaret() {
        String sql = "SELECT " + "x, ".repeat(100) + "oops FROM t";
        int position = sql.indexOf("oops") + 1;
        List<String> lines = new ErrorReport("bad", null, position).lines(sql);
        assertEquals("ERROR:  bad", lines.get(0));
        String shown = lines.get(1);
        int caret = lines.get(2).indexOf('^');
        assertEquals("oops", shown.substring(caret, caret + 4), shown + "\n" + lines.get(2));
    }

    @Test
    void withoutAPositionOnlyTheMessage() {
        ErrorReport r = ErrorReport.of(new SQLException("Table \"X\" not found", "42S02"), "SELECT * FROM x");
        assertEquals(List.of("ERROR:  Table \"X\" not found (SQLSTATE 42S02)"), r.lines("SELECT * FROM x"));
    }
}
