package dev.spindle.sqllogictest.render;

import static dev.spindle.sqllogictest.format.ResultType.INTEGER;
import static dev.spindle.sqllogictest.format.ResultType.REAL;
import static dev.spindle.sqllogictest.format.ResultType.TEXT;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.spindle.sqllogictest.format.ResultType;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

class ValueRendererTest {

    private static String render(Object value, ResultType type) {
        return ValueRenderer.render(value, type);
    }

    @Test
    void nullIsNullForEveryType() {
        for (ResultType type : ResultType.values()) {
            assertEquals("NULL", render(null, type));
        }
    }

    @Test
    void integersKeepAllSixtyFourBits() {
        assertEquals("42", render(42, INTEGER));
        assertEquals("-7", render(-7L, INTEGER));
        assertEquals("9223372036854775807", render(Long.MAX_VALUE, INTEGER));
        assertEquals("3000000000", render(3_000_000_000L, INTEGER));
        assertEquals("123456789012345678901234567890", render(new BigInteger("123456789012345678901234567890"), INTEGER));
        assertEquals("5", render((short) 5, INTEGER));
    }

    @Test
    void realsInIntegerColumnsTruncateTowardZero() {
        assertEquals("2", render(2.9, INTEGER));
        assertEquals("-2", render(-2.9, INTEGER));
        assertEquals("0", render(-0.5, INTEGER));
        assertEquals("12", render(new BigDecimal("12.99"), INTEGER));
        assertEquals("-12", render(new BigDecimal("-12.99"), INTEGER));
        assertEquals("9223372036854775807", render(1e300, INTEGER));
        assertEquals("-9223372036854775808", render(-1e300, INTEGER));
        assertEquals("1", render(1.5f, INTEGER));
    }

    @Test
    void textInIntegerColumnsGivesItsLeadingInteger() {
        assertEquals("12", render("12abc", INTEGER));
        assertEquals("0", render("abc", INTEGER));
        assertEquals("0", render("", INTEGER));
        assertEquals("-7", render("  -7x", INTEGER));
        assertEquals("3", render("+3", INTEGER));
        assertEquals("1", render("1.9", INTEGER));
        assertEquals("1", render("1e5", INTEGER));
        assertEquals("9223372036854775807", render("99999999999999999999", INTEGER));
        assertEquals("48", render("48".getBytes(StandardCharsets.US_ASCII), INTEGER));
        assertEquals("1", render(true, INTEGER));
        assertEquals("0", render(false, INTEGER));
    }

    @Test
    void realsPrintWithThreeDecimals() {
        assertEquals("0.333", render(1.0 / 3, REAL));
        assertEquals("2.500", render(2.5, REAL));
        assertEquals("-2.500", render(-2.5, REAL));
        assertEquals("7.000", render(7, REAL));
        assertEquals("7.000", render(7L, REAL));
        assertEquals("0.000", render(0.0, REAL));
        assertEquals("0.000", render(-0.0, REAL));
        assertEquals("-0.000", render(-0.0001, REAL));
        assertEquals("1.235", render(new BigDecimal("1.2345"), REAL));
        assertEquals("0.100", render(0.1f, REAL));
        assertEquals("1.000", render(true, REAL));
    }

    @Test
    void realsRoundHalfAwayFromZeroOnTheirFirstSeventeenDigits() {
        // 0.0005 is stored as 0.000500000000000000010408...: 0.00050000000000000001
        assertEquals("0.001", render(0.0005, REAL));
        assertEquals("-0.001", render(-0.0005, REAL));
        // 0.0115 is stored as 0.01149999999999999980571...: 0.011499999999999999 (SQLite 3.51 agrees)
        assertEquals("0.011", render(0.0115, REAL));
        assertEquals("2.499", render(2.4995, REAL));
        assertEquals("1.000", render(0.9995000000000001, REAL));
        assertEquals("0.000", render(0.000499999, REAL));
    }

    @Test
    void realsKeepSixteenSignificantDigits() {
        assertEquals("-9223372036854776000.000", render(-9223372036854775802L, REAL));
        assertEquals("100000000000000000000.000", render(1e20, REAL));
        assertEquals("12345678901234.570", render(12345678901234.5678, REAL));
        assertEquals("1234567890123.457", render(1234567890123.4567, REAL));
        assertEquals("123456789012345700000.000", render(new BigDecimal("123456789012345678901.5"), REAL));
    }

    @Test
    void textInRealColumnsGivesItsLeadingReal() {
        assertEquals("3.500", render("3.5xyz", REAL));
        assertEquals("0.000", render("abc", REAL));
        assertEquals("0.500", render(" .5", REAL));
        assertEquals("-1000.000", render("-1e3e", REAL));
        assertEquals("1.000", render("1e", REAL));
        assertEquals("12.000", render("12.", REAL));
    }

    @Test
    void specialReals() {
        assertEquals("Inf", render(Double.POSITIVE_INFINITY, REAL));
        assertEquals("-Inf", render(Double.NEGATIVE_INFINITY, REAL));
        assertEquals("Inf", render(Double.POSITIVE_INFINITY, TEXT));
        assertEquals("-Inf", render(Double.NEGATIVE_INFINITY, TEXT));
    }

    @Test
    void textAsIs() {
        assertEquals("hello world", render("hello world", TEXT));
        assertEquals("42", render(42, TEXT));
        assertEquals("-9223372036854775808", render(Long.MIN_VALUE, TEXT));
        assertEquals("1.50", render(new BigDecimal("1.50"), TEXT));
        assertEquals("true", render(true, TEXT));
    }

    @Test
    void emptyTextIsMarked() {
        assertEquals("(empty)", render("", TEXT));
        assertEquals("(empty)", render(new byte[0], TEXT));
        assertEquals(" ", render(" ", TEXT));
    }

    @Test
    void bytesOutsidePrintableAsciiBecomeAt() {
        assertEquals("a@b", render("a\tb", TEXT));
        assertEquals("@", render("\n", TEXT));
        assertEquals("caf@@", render("caf\u00e9", TEXT)); // two UTF-8 bytes
        assertEquals("@@@", render("\u20ac", TEXT)); // three
        assertEquals("x@@@@", render("x\uD83D\uDE00", TEXT)); // four
        assertEquals("@", render("\u007f", TEXT));
        assertEquals("~ ", render("~ ", TEXT));
        assertEquals("A@@", render(new byte[] {0x41, 0x00, (byte) 0xff}, TEXT));
    }

    @Test
    void realsInTextColumnsAsSqliteConvertsThem() {
        assertEquals("1.0", render(1.0, TEXT));
        assertEquals("0.1", render(0.1, TEXT));
        assertEquals("-2.5", render(-2.5, TEXT));
        assertEquals("0.333333333333333", render(1.0 / 3, TEXT));
        assertEquals("100.0", render(100.0, TEXT));
        assertEquals("1.0e+20", render(1e20, TEXT));
        assertEquals("1.5e-05", render(1.5e-5, TEXT));
        assertEquals("0.0001", render(1e-4, TEXT));
        assertEquals("123456789012345.0", render(123456789012345.0, TEXT));
        assertEquals("1.23456789012346e+15", render(1234567890123456.0, TEXT));
        assertEquals("1.0e+100", render(1e100, TEXT));
        assertEquals("4.94065645841247e-324", render(Double.MIN_VALUE, TEXT));
        assertEquals("0.0", render(-0.0, TEXT));
        assertEquals("0.1", render(0.1f, TEXT));
    }

    @Property
    void renderedTextIsPrintableAsciiOfTheUtf8Length(@ForAll String text) {
        String rendered = render(text, TEXT);
        if (text.isEmpty()) {
            assertEquals("(empty)", rendered);
            return;
        }
        assertEquals(text.getBytes(StandardCharsets.UTF_8).length, rendered.length(), rendered);
        for (char c : rendered.toCharArray()) {
            if (c < ' ' || c > '~') {
                throw new AssertionError("not printable: " + (int) c + " in " + rendered);
            }
        }
    }
}
