package dev.spindle.compute.expr.func;

import static dev.spindle.compute.expr.func.Exprs.INT4;
import static dev.spindle.compute.expr.func.Exprs.TEXT;
import static dev.spindle.compute.expr.func.Exprs.assertFails;
import static dev.spindle.compute.expr.func.Exprs.bin;
import static dev.spindle.compute.expr.func.Exprs.col;
import static dev.spindle.compute.expr.func.Exprs.decimal;
import static dev.spindle.compute.expr.func.Exprs.eval;
import static dev.spindle.compute.expr.func.Exprs.fixedChar;
import static dev.spindle.compute.expr.func.Exprs.lit;
import static dev.spindle.compute.expr.func.Exprs.nul;
import static dev.spindle.compute.expr.func.Exprs.un;
import static dev.spindle.compute.expr.func.Exprs.var;
import static dev.spindle.compute.expr.func.Exprs.varchar;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import dev.spindle.common.type.TypeKind;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.LocalDate;
import org.junit.jupiter.api.Test;

/** The string functions and LIKE, with the results PostgreSQL 15 gives. */
class StringFunctionsTest {
    private static final String EMOJI = "\uD83D\uDE00"; // one character, two UTF-16 units

    @Test
    void lengthsCountCharacters() {
        assertEquals(5L, eval(un(UnaryFunc.CHAR_LENGTH, lit("héllo"))));
        assertEquals(6L, eval(un(UnaryFunc.OCTET_LENGTH, lit("héllo"))));
        assertEquals(1L, eval(un(UnaryFunc.CHAR_LENGTH, lit(EMOJI))));
        assertEquals(4L, eval(un(UnaryFunc.OCTET_LENGTH, lit(EMOJI))));
        // character(5): length ignores the padding, octet_length counts it
        assertEquals(2L, eval(un(UnaryFunc.CHAR_LENGTH, lit("ab", fixedChar(5)))));
        assertEquals(5L, eval(un(UnaryFunc.OCTET_LENGTH, lit("ab", fixedChar(5)))));
        assertEquals(INT4.withNullable(false), un(UnaryFunc.CHAR_LENGTH, lit("x")).type());
    }

    @Test
    void caseMapping() {
        assertEquals("ABC É", eval(un(UnaryFunc.UPPER, lit("abc é"))));
        assertEquals("abc", eval(un(UnaryFunc.LOWER, lit("ABC"))));
        assertEquals(TEXT, un(UnaryFunc.UPPER, col(0, varchar(10))).type());
    }

    @Test
    void substringFollowsPostgresStartAndLength() {
        assertEquals("ell", eval(var(VariadicFunc.SUBSTRING, lit("hello"), lit(2), lit(3))));
        assertEquals("he", eval(var(VariadicFunc.SUBSTRING, lit("hello"), lit(0), lit(3))));
        assertEquals("h", eval(var(VariadicFunc.SUBSTRING, lit("hello"), lit(-5), lit(7))));
        assertEquals("", eval(var(VariadicFunc.SUBSTRING, lit("hello"), lit(-5), lit(3))));
        assertEquals("hello", eval(var(VariadicFunc.SUBSTRING, lit("hello"), lit(-1))));
        assertEquals("ello", eval(var(VariadicFunc.SUBSTRING, lit("hello"), lit(2))));
        assertEquals("", eval(var(VariadicFunc.SUBSTRING, lit("hello"), lit(10))));
        assertEquals("llo", eval(var(VariadicFunc.SUBSTRING, lit("hello"), lit(3), lit(Long.MAX_VALUE))));
        assertEquals(EMOJI + "b", eval(var(VariadicFunc.SUBSTRING, lit("a" + EMOJI + "bc"), lit(2), lit(2))));
        assertFails("22011", "negative substring length not allowed",
                var(VariadicFunc.SUBSTRING, lit("hello"), lit(1), lit(-1)));
        assertNull(eval(var(VariadicFunc.SUBSTRING, lit("hello"), nul(INT4), lit(1))));
    }

    @Test
    void positionReplaceConcat() {
        assertEquals(3L, eval(bin(BinaryFunc.STRPOS, lit("hello"), lit("ll"))));
        assertEquals(0L, eval(bin(BinaryFunc.STRPOS, lit("hello"), lit("x"))));
        assertEquals(1L, eval(bin(BinaryFunc.STRPOS, lit("hello"), lit(""))));
        assertEquals(2L, eval(bin(BinaryFunc.STRPOS, lit(EMOJI + "ab"), lit("a"))));
        assertEquals("aXcaXc", eval(var(VariadicFunc.REPLACE, lit("abcabc"), lit("b"), lit("X"))));
        assertEquals("abc", eval(var(VariadicFunc.REPLACE, lit("abc"), lit(""), lit("X"))));
        assertEquals("ab", eval(bin(BinaryFunc.TEXT_CONCAT, lit("a"), lit("b"))));
        assertNull(eval(bin(BinaryFunc.TEXT_CONCAT, lit("a"), nul(TEXT))));
        // 'ab'::char(4) || 'c' = 'abc': character is cast to text, losing its padding
        assertEquals("abc", eval(bin(BinaryFunc.TEXT_CONCAT, lit("ab", fixedChar(4)), lit("c"))));
        // concat skips NULLs and prints other values as their output functions do
        assertEquals("a12.50true2024-01-31", eval(var(VariadicFunc.CONCAT, lit("a"), nul(TEXT), lit(1),
                lit(new BigDecimal("2.5"), decimal(5, 2)), lit(true), lit(LocalDate.of(2024, 1, 31)))));
        assertEquals("", eval(var(VariadicFunc.CONCAT, nul(TEXT))));
        assertEquals(TypeKind.TEXT, var(VariadicFunc.CONCAT, nul(TEXT)).type().kind());
        assertEquals(false, var(VariadicFunc.CONCAT, nul(TEXT)).type().nullable());
    }

    @Test
    void trimming() {
        assertEquals("ab", eval(un(UnaryFunc.BTRIM, lit("  ab  "))));
        assertEquals("ab  ", eval(un(UnaryFunc.LTRIM, lit("  ab  "))));
        assertEquals("  ab", eval(un(UnaryFunc.RTRIM, lit("  ab  "))));
        assertEquals("\tab", eval(un(UnaryFunc.BTRIM, lit("\tab")))); // only spaces by default
        assertEquals("ab", eval(bin(BinaryFunc.BTRIM, lit("xxabxy"), lit("xy"))));
        assertEquals("abxy", eval(bin(BinaryFunc.LTRIM, lit("xxabxy"), lit("xy"))));
        assertEquals("xxab", eval(bin(BinaryFunc.RTRIM, lit("xxabxy"), lit("yx"))));
        assertEquals("a", eval(bin(BinaryFunc.BTRIM, lit(EMOJI + "a" + EMOJI), lit(EMOJI))));
    }

    @Test
    void padding() {
        assertEquals("   hi", eval(var(VariadicFunc.LPAD, lit("hi"), lit(5))));
        assertEquals("xyxhi", eval(var(VariadicFunc.LPAD, lit("hi"), lit(5), lit("xy"))));
        assertEquals("hixyx", eval(var(VariadicFunc.RPAD, lit("hi"), lit(5), lit("xy"))));
        assertEquals("he", eval(var(VariadicFunc.LPAD, lit("hello"), lit(2))));
        assertEquals("he", eval(var(VariadicFunc.RPAD, lit("hello"), lit(2))));
        assertEquals("", eval(var(VariadicFunc.LPAD, lit("hi"), lit(-1))));
        assertEquals("hi", eval(var(VariadicFunc.LPAD, lit("hi"), lit(5), lit(""))));
        assertFails("54000", "requested length too large", var(VariadicFunc.RPAD, lit("hi"), lit(Long.MAX_VALUE)));
    }

    @Test
    void leftRightRepeatReverse() {
        assertEquals("ab", eval(bin(BinaryFunc.LEFT, lit("abcde"), lit(2))));
        assertEquals("abc", eval(bin(BinaryFunc.LEFT, lit("abcde"), lit(-2))));
        assertEquals("de", eval(bin(BinaryFunc.RIGHT, lit("abcde"), lit(2))));
        assertEquals("cde", eval(bin(BinaryFunc.RIGHT, lit("abcde"), lit(-2))));
        assertEquals("abc", eval(bin(BinaryFunc.LEFT, lit("abc"), lit(10))));
        assertEquals("", eval(bin(BinaryFunc.RIGHT, lit("abc"), lit(-10))));
        assertEquals("ababab", eval(bin(BinaryFunc.REPEAT, lit("ab"), lit(3))));
        assertEquals("", eval(bin(BinaryFunc.REPEAT, lit("ab"), lit(-1))));
        assertFails("54000", "requested length too large", bin(BinaryFunc.REPEAT, lit("ab"), lit(1_000_000_000)));
        assertEquals("cba", eval(un(UnaryFunc.REVERSE, lit("abc"))));
        assertEquals("b" + EMOJI + "a", eval(un(UnaryFunc.REVERSE, lit("a" + EMOJI + "b"))));
        assertEquals(true, eval(bin(BinaryFunc.STARTS_WITH, lit("alphabet"), lit("alph"))));
        assertEquals(false, eval(bin(BinaryFunc.STARTS_WITH, lit("alphabet"), lit("beta"))));
    }

    @Test
    void like() {
        assertEquals(true, like("abc", "a%"));
        assertEquals(true, like("abc", "_b_"));
        assertEquals(false, like("abc", "a"));
        assertEquals(true, like("", "%"));
        assertEquals(false, like("", "_"));
        assertEquals(true, like("a%c", "a\\%c")); // backslash is the default escape
        assertEquals(false, like("abc", "a\\%c"));
        assertEquals(false, like("a\\b", "a\\b")); // \b is a literal b
        assertEquals(true, like("aXbXc", "a%b%c"));
        assertEquals(true, like(EMOJI, "_"));
        assertEquals(true, eval(var(VariadicFunc.LIKE, lit("a_c"), lit("a!_c"), lit("!"))));
        assertEquals(false, eval(var(VariadicFunc.LIKE, lit("abc"), lit("a!_c"), lit("!"))));
        assertEquals(true, eval(var(VariadicFunc.LIKE, lit("a\\b"), lit("a\\b"), lit(""))));
        assertEquals(true, eval(var(VariadicFunc.ILIKE, lit("ABC"), lit("a%"))));
        // folding is per character, so ß does not match SS
        assertEquals(false, eval(var(VariadicFunc.ILIKE, lit("Straße"), lit("STRASSE"))));
        assertEquals(true, eval(var(VariadicFunc.ILIKE, lit("ÉTÉ"), lit("été"))));
        assertNull(eval(var(VariadicFunc.LIKE, nul(TEXT), lit("a"))));
        // character(4) keeps its padding for LIKE (PostgreSQL's bpcharlike is textlike)
        assertEquals(false, eval(var(VariadicFunc.LIKE, lit("ab", fixedChar(4)), lit("ab"))));
        assertEquals(true, eval(var(VariadicFunc.LIKE, lit("ab", fixedChar(4)), lit("ab%"))));
        assertEquals("(#0 LIKE 'a%' ESCAPE '!')", var(VariadicFunc.LIKE, col(0, TEXT), lit("a%"), lit("!")).toString());
    }

    @Test
    void likeErrors() {
        assertFails("22025", "LIKE pattern must not end with escape character", var(VariadicFunc.LIKE, lit("abc"), lit("abc\\")));
        assertFails("22025", "invalid escape string \"ab\": must be empty or one character",
                var(VariadicFunc.LIKE, lit("abc"), lit("abc"), lit("ab")));
    }

    @Test
    void likeIsLinearOnPathologicalPatterns() {
        String s = "a".repeat(20_000);
        assertTimeoutPreemptively(Duration.ofSeconds(2), () ->
                assertEquals(false, like(s, "%a%a%a%a%a%a%a%a%b")));
    }

    @Test
    void stringFunctionsRefuseOtherTypes() {
        assertThrows(IllegalArgumentException.class, () -> un(UnaryFunc.UPPER, lit(1)));
        assertThrows(IllegalArgumentException.class, () -> bin(BinaryFunc.TEXT_CONCAT, lit("a"), lit(1)));
        assertThrows(IllegalArgumentException.class, () -> bin(BinaryFunc.LEFT, lit("a"), lit("1")));
        assertThrows(IllegalArgumentException.class, () -> var(VariadicFunc.SUBSTRING, lit("a")));
        assertThrows(IllegalArgumentException.class, () -> var(VariadicFunc.LIKE, lit("a"), lit(1)));
    }

    private static Object like(String s, String pattern) {
        return eval(var(VariadicFunc.LIKE, lit(s), lit(pattern)));
    }
}
