package dev.spindle.common.error;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.SQLException;
import java.util.HashSet;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class ErrorCodeTest {

    @Test
    void everyTemplateUsesExactlyTheArgumentsItsNameAnnounces() {
        Pattern placeholder = Pattern.compile("\\{(\\d)}");
        for (ErrorCode code : ErrorCode.values()) {
            Set<Integer> used = new HashSet<>();
            Matcher m = placeholder.matcher(code.template());
            while (m.find()) {
                used.add(Integer.parseInt(m.group(1)));
            }
            Set<Integer> expected = new HashSet<>();
            for (int i = 0; i < code.arity(); i++) {
                expected.add(i);
            }
            assertEquals(expected, used, code.name());
        }
    }

    @Test
    void numbersAreUniqueAndSqlStatesWellFormed() {
        Set<Integer> numbers = new HashSet<>();
        for (ErrorCode code : ErrorCode.values()) {
            assertTrue(numbers.add(code.number()), "duplicate number " + code.number());
            assertTrue(code.sqlState().matches("[0-9A-Z]{5}"), code.sqlState());
        }
    }

    @Test
    void formatsAndBecomesSqlException() {
        SpindleException e = new SpindleException(ErrorCode.COMPACTION_FRONTIER_BEYOND_READ_2, 10, 5);
        assertEquals("Arrangement compaction frontier (10) is beyond the time of the attempted read (5)", e.getMessage());
        SQLException sql = e.toSQLException();
        assertEquals("22000", sql.getSQLState());
        assertEquals(2207, sql.getErrorCode());

        SpindleException positioned = SpindleException.atPosition(8, ErrorCode.SYNTAX_ERROR_1, "syntax error at or near \"FORM\"");
        assertEquals("syntax error at or near \"FORM\" (at position 8)", positioned.toSQLException().getMessage());
        assertEquals("42601", positioned.sqlState());
        assertEquals(8, positioned.position());
    }

    @Test
    void preformattedKeepsMessageAndCode() {
        SpindleException e = SpindleException.preformatted(ErrorCode.DIVISION_BY_ZERO_0, "division by zero");
        assertEquals("22012", e.toSQLException().getSQLState());
        assertEquals("division by zero", e.getMessage());
    }

    @Test
    void wrongArgumentCountIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> ErrorCode.TABLE_NOT_FOUND_1.format());
        assertThrows(IllegalArgumentException.class, () -> new SpindleException(ErrorCode.DIVISION_BY_ZERO_0, "x"));
    }
}
