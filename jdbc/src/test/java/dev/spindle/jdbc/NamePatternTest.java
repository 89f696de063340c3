package dev.spindle.jdbc;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class NamePatternTest {
    @Test
    void percentUnderscoreAndEscape() {
        assertTrue(NamePattern.of(null).matches("anything"));
        assertTrue(NamePattern.of("%").matches(""));
        assertTrue(NamePattern.of("a%c").matches("abbbc"));
        assertTrue(NamePattern.of("a%c").matches("ac"));
        assertFalse(NamePattern.of("a%c").matches("abcd"));
        assertTrue(NamePattern.of("%b%b%").matches("abcbd"));
        assertFalse(NamePattern.of("%b%b%").matches("abcd"));
        assertTrue(NamePattern.of("a_c").matches("abc"));
        assertFalse(NamePattern.of("a_c").matches("ac"));
        assertTrue(NamePattern.of("a\\_c").matches("a_c"));
        assertFalse(NamePattern.of("a\\_c").matches("abc"));
        assertTrue(NamePattern.of("100\\%").matches("100%"));
        assertFalse(NamePattern.of("100\\%").matches("1000"));
        assertTrue(NamePattern.of("a\\\\b").matches("a\\b"));
        assertTrue(NamePattern.of("end\\").matches("end\\"), "a trailing escape is itself");
        assertFalse(NamePattern.of("Abc").matches("abc"), "case-sensitive, as names are stored");
        assertFalse(NamePattern.of("").matches("x"));
        assertTrue(NamePattern.of("").matches(""));
    }

    @Test
    void manyPercentsDoNotBacktrackExponentially() {
        String name = "a".repeat(5_000);
        assertFalse(NamePattern.of("%a".repeat(200) + "b").matches(name));
    }
}
