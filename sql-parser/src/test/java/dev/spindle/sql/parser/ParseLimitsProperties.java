package dev.spindle.sql.parser;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/**
 * The character-level shortcut of {@link ParseLimits#checkText}: where it says a text is within
 * the limits, the lexer pass it skips would have said so too.
 */
class ParseLimitsProperties {

    @Provide
    Arbitrary<String> texts() {
        return Arbitraries.strings().withChars("(([{)]}-/*' \n\tax1;").ofMaxLength(60);
    }

    @Property(tries = 5000)
    void theShortcutNeverPassesWhatTheLexerWouldRefuse(@ForAll("texts") String sql) {
        if (ParseLimits.withinLimitsByCharacters(sql)) {
            assertTrue(lexerPasses(sql), sql);
        }
    }

    @Test
    void nestingAtTheLimitIsTakenByCharactersAndBeyondItGoesToTheLexer() {
        String atLimit = "select " + "(".repeat(SpindleParser.MAX_NESTING_DEPTH) + "1" + ")".repeat(SpindleParser.MAX_NESTING_DEPTH);
        assertTrue(ParseLimits.withinLimitsByCharacters(atLimit));
        String beyond = "select " + "(".repeat(SpindleParser.MAX_NESTING_DEPTH + 1) + "1" + ")".repeat(SpindleParser.MAX_NESTING_DEPTH + 1);
        assertFalse(ParseLimits.withinLimitsByCharacters(beyond));
        assertFalse(lexerPasses(beyond));
    }

    @Test
    void commentsAndBlankTextGoToTheLexer() {
        assertFalse(ParseLimits.withinLimitsByCharacters("-- only a comment"));
        assertFalse(ParseLimits.withinLimitsByCharacters("/* only a comment */"));
        assertFalse(ParseLimits.withinLimitsByCharacters("// only a comment"));
        assertFalse(ParseLimits.withinLimitsByCharacters(" \n\t"));
        assertTrue(ParseLimits.withinLimitsByCharacters("select 1"));
    }

    /** Whether the lexer pass finds something to parse within the limits. */
    private static boolean lexerPasses(String sql) {
        try {
            return ParseLimits.lexAndCheck(new StatementText(sql), Parsing.initialize());
        } catch (dev.spindle.common.error.SpindleException e) {
            return false;
        }
    }
}
