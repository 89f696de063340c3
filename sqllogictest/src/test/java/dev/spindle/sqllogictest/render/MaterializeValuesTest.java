package dev.spindle.sqllogictest.render;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.spindle.sqllogictest.format.RenderMode;
import dev.spindle.sqllogictest.format.ResultType;
import java.math.BigDecimal;
import java.math.BigInteger;
import org.junit.jupiter.api.Test;

/** Materialize's rendering in {@code mode standard} and {@code mode cockroach}. */
class MaterializeValuesTest {

    private static String standard(Object value, ResultType type) {
        return ValueRenderer.render(value, type, RenderMode.STANDARD);
    }

    private static String cockroach(Object value, ResultType type) {
        return ValueRenderer.render(value, type, RenderMode.COCKROACH);
    }

    @Test
    void realsInCockroachModeAreShortestRoundTrip() {
        assertEquals("1.75", cockroach(1.75, ResultType.REAL));
        assertEquals("2", cockroach(2.0, ResultType.REAL));
        assertEquals("0.1", cockroach(0.1, ResultType.REAL));
        assertEquals("3.143892789739843", cockroach(3.143892789739843, ResultType.REAL));
        assertEquals("100000000000000000000", cockroach(1e20, ResultType.REAL));
        assertEquals("0.0000001", cockroach(1e-7, ResultType.REAL));
        assertEquals("inf", cockroach(Double.POSITIVE_INFINITY, ResultType.REAL));
        assertEquals("-inf", cockroach(Double.NEGATIVE_INFINITY, ResultType.REAL));
        assertEquals("NaN", cockroach(Double.NaN, ResultType.REAL));
        assertEquals("-0", cockroach(-0.0, ResultType.REAL));
        assertEquals("0.1", cockroach(0.1f, ResultType.REAL), "a float's own shortest form");
        assertEquals("5", cockroach(5, ResultType.REAL), "integers as they are");
    }

    @Test
    void numericsInCockroachModeLoseTrailingZeros() {
        assertEquals("2.5", cockroach(new BigDecimal("2.50"), ResultType.REAL));
        assertEquals("3", cockroach(new BigDecimal("3.00"), ResultType.REAL));
        assertEquals("0", cockroach(new BigDecimal("0.000"), ResultType.REAL));
        assertEquals("1200", cockroach(new BigDecimal("1.2E+3"), ResultType.REAL));
    }

    @Test
    void realsInStandardModeHaveThreeDecimals() {
        assertEquals("3.144", standard(3.143892789739843, ResultType.REAL));
        assertEquals("2.000", standard(2.0, ResultType.REAL));
        assertEquals("-0.000", standard(-0.0001, ResultType.REAL), "the sign of the double, as Rust prints it");
        assertEquals("0.062", standard(0.0625, ResultType.REAL), "an exact tie rounds to even");
        assertEquals("inf", standard(Double.POSITIVE_INFINITY, ResultType.REAL));
        assertEquals("NaN", standard(Double.NaN, ResultType.REAL));
        assertEquals("384", standard(384L, ResultType.REAL));
    }

    @Test
    void numericsInStandardModeAreAsWrittenWithAtMostThreeDecimals() {
        assertEquals("1.5", standard(new BigDecimal("1.5"), ResultType.REAL));
        assertEquals("384.000", standard(new BigDecimal("384.00000"), ResultType.REAL));
        assertEquals("1.235", standard(new BigDecimal("1.2345"), ResultType.REAL), "half up");
        assertEquals("1", standard(new BigDecimal("1"), ResultType.REAL));
    }

    @Test
    void integers() {
        assertEquals("2", standard(new BigDecimal("1.5"), ResultType.INTEGER), "NUMERIC rounds half up");
        assertEquals("-2", cockroach(new BigDecimal("-1.5"), ResultType.INTEGER));
        assertEquals("1", cockroach(new BigDecimal("1.4"), ResultType.INTEGER));
        assertEquals("1", standard(1.9, ResultType.INTEGER), "floats are truncated");
        assertEquals("9223372036854775807", standard(1e30, ResultType.INTEGER), "saturating");
        assertEquals("0", standard(Double.NaN, ResultType.INTEGER));
        assertEquals("0", standard("12", ResultType.INTEGER), "text is 0, as in Materialize's runner");
        assertEquals("1", standard(true, ResultType.INTEGER));
        assertEquals("12345678901234567890", standard(new BigInteger("12345678901234567890"), ResultType.INTEGER));
        assertEquals("26", cockroach(26L, ResultType.OID));
    }

    @Test
    void text() {
        assertEquals("(empty)", cockroach("", ResultType.TEXT));
        assertEquals("é and ␠", cockroach("é and ␠", ResultType.TEXT), "as it is: no @ for non-ASCII");
        assertEquals("true", standard(true, ResultType.TEXT));
        assertEquals("1.500", cockroach(1.5, ResultType.TEXT), "floats under T have three decimals");
        assertEquals("2.50", cockroach(new BigDecimal("2.50"), ResultType.TEXT));
        assertEquals("hi", cockroach("hi".getBytes(java.nio.charset.StandardCharsets.UTF_8), ResultType.TEXT));
        assertEquals("[1, 255]", cockroach(new byte[] {1, (byte) 255}, ResultType.TEXT));
        assertEquals("NULL", cockroach(null, ResultType.TEXT));
    }

    @Test
    void booleans() {
        assertEquals("true", cockroach(true, ResultType.BOOLEAN));
        assertEquals("false", standard(false, ResultType.BOOLEAN));
        assertEquals("true", ValueRenderer.render(1, ResultType.BOOLEAN), "B follows Materialize in every mode");
        assertEquals("false", ValueRenderer.render(0L, ResultType.BOOLEAN));
    }

    @Test
    void sqliteModeIsUnchanged() {
        assertEquals("2.000", ValueRenderer.render(2.0, ResultType.REAL, RenderMode.SQLITE));
        assertEquals("@@", ValueRenderer.render("é", ResultType.TEXT, RenderMode.SQLITE));
        assertEquals("12", ValueRenderer.render("12", ResultType.INTEGER, RenderMode.SQLITE));
    }
}
