package dev.spindle.sql.parser;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.spindle.sql.parser.impl.SimpleCharStream;
import java.io.IOException;
import java.io.StringReader;
import org.junit.jupiter.api.Test;

/**
 * The generated character stream's end of input as the build step {@code EndOfInputOnce} leaves it:
 * every read past the end throws the one preallocated exception (no stack trace filled in, no read
 * of a closed reader), and a stream re-initialized on the next statement reads it from its start.
 */
class EndOfInputTest {
    @Test
    void everyReadPastTheEndThrowsTheOneExceptionWithoutAStackTrace() throws IOException {
        SimpleCharStream s = new SimpleCharStream(new StringReader("ab"), 1, 1);
        assertEquals('a', s.BeginToken());
        assertEquals('b', s.readChar());
        IOException first = assertThrows(IOException.class, s::readChar);
        IOException again = assertThrows(IOException.class, s::readChar);
        IOException begin = assertThrows(IOException.class, s::BeginToken);
        assertSame(first, again, "no new exception per read past the end");
        assertSame(first, begin);
        assertEquals(0, first.getStackTrace().length, "no stack trace filled in");
        assertEquals("end of input", first.getMessage(), "not the closed reader's \"Stream closed\"");

        s.ReInit(new StringReader("xy"), 1, 1);
        assertEquals('x', s.BeginToken(), "the next statement's reader, from its start");
        assertEquals('y', s.readChar());
        assertSame(first, assertThrows(IOException.class, s::readChar));
    }

    @Test
    void statementsParsedOneAfterAnotherOnOneParserEndWhereTheirTextEnds() {
        for (int i = 0; i < 3; i++) {
            assertEquals("SELECT `a`\nFROM `t`", SpindleParser.parse("SELECT a FROM t").toString());
            assertEquals("SELECT 1", SpindleParser.parse("SELECT 1").toString());
        }
    }
}
