package dev.spindle.compute.expr.func;

import static dev.spindle.compute.expr.func.Exprs.BOOL;
import static dev.spindle.compute.expr.func.Exprs.DATE;
import static dev.spindle.compute.expr.func.Exprs.DEC;
import static dev.spindle.compute.expr.func.Exprs.DOUBLE;
import static dev.spindle.compute.expr.func.Exprs.INT2;
import static dev.spindle.compute.expr.func.Exprs.INT4;
import static dev.spindle.compute.expr.func.Exprs.INT8;
import static dev.spindle.compute.expr.func.Exprs.REAL;
import static dev.spindle.compute.expr.func.Exprs.TEXT;
import static dev.spindle.compute.expr.func.Exprs.TIME;
import static dev.spindle.compute.expr.func.Exprs.TS;
import static dev.spindle.compute.expr.func.Exprs.assertFails;
import static dev.spindle.compute.expr.func.Exprs.assign;
import static dev.spindle.compute.expr.func.Exprs.bin;
import static dev.spindle.compute.expr.func.Exprs.cast;
import static dev.spindle.compute.expr.func.Exprs.col;
import static dev.spindle.compute.expr.func.Exprs.dec;
import static dev.spindle.compute.expr.func.Exprs.decimal;
import static dev.spindle.compute.expr.func.Exprs.eval;
import static dev.spindle.compute.expr.func.Exprs.fixedChar;
import static dev.spindle.compute.expr.func.Exprs.lit;
import static dev.spindle.compute.expr.func.Exprs.nul;
import static dev.spindle.compute.expr.func.Exprs.parse;
import static dev.spindle.compute.expr.func.Exprs.text;
import static dev.spindle.compute.expr.func.Exprs.varchar;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spindle.common.type.ColumnType;
import dev.spindle.common.type.TypeKind;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import org.junit.jupiter.api.Test;

/** CAST, with the results PostgreSQL 15 gives. */
class CastTest {

    @Test
    void textToIntegers() {
        assertEquals(42L, parse("  42\n", INT4));
        assertEquals(-7L, parse("-7", INT8));
        assertEquals(7L, parse("+7", INT2));
        assertFails("22P02", "invalid input syntax for type integer: \"abc\"", cast(lit("abc"), INT4));
        assertFails("22P02", "invalid input syntax for type integer: \"1.5\"", cast(lit("1.5"), INT4));
        assertFails("22P02", "invalid input syntax for type bigint: \"\"", cast(lit(""), INT8));
        assertFails("22P02", null, cast(lit("1 2"), INT4));
        assertFails("22003", "value \"99999999999\" is out of range for type integer", cast(lit("99999999999"), INT4));
        assertFails("22003", "value \"32768\" is out of range for type smallint", cast(lit("32768"), INT2));
        assertFails("22003", null, cast(lit("99999999999999999999999"), INT8));
    }

    @Test
    void numbersToIntegersRound() {
        // numeric rounds half away from zero, float half to even
        assertEquals(3L, eval(cast(dec("2.5"), INT4)));
        assertEquals(-3L, eval(cast(dec("-2.5"), INT4)));
        assertEquals(2L, eval(cast(lit(2.5), INT4)));
        assertEquals(4L, eval(cast(lit(3.5), INT4)));
        assertEquals(-2L, eval(cast(lit(-2.5), INT4)));
        assertEquals(2L, eval(cast(lit(2.5f), INT8)));
        assertFails("22003", "integer out of range", cast(lit(1e10), INT4));
        assertFails("22003", "integer out of range", cast(lit(Double.NaN), INT4));
        assertFails("22003", "bigint out of range", cast(lit(9.223372036854775807E18), INT8));
        assertEquals(Long.MIN_VALUE, eval(cast(lit(-9.223372036854775808E18), INT8)));
        assertFails("22003", "smallint out of range", cast(lit(32768), INT2));
        assertFails("22003", "integer out of range", cast(dec("2147483647.5"), INT4));
        assertEquals(2147483647L, eval(cast(dec("2147483647.4"), INT4)));
    }

    @Test
    void toDecimalRoundsAndChecksPrecision() {
        assertEquals(new BigDecimal("1.01"), eval(cast(dec("1.005"), decimal(4, 2))));
        assertEquals(new BigDecimal("-1.01"), eval(cast(dec("-1.005"), decimal(4, 2))));
        assertEquals("123.46", text(cast(dec("123.456"), decimal(5, 2))));
        assertEquals("2.00", text(cast(lit(2), decimal(5, 2))));
        assertFails("22003", "numeric field overflow: a field with precision 5, scale 2 must round to an absolute value less than 10^3",
                cast(dec("999.995"), decimal(5, 2)));
        assertFails("22003", null, cast(lit("1234.5"), decimal(5, 2)));
        assertEquals(new BigDecimal("0.1"), eval(cast(lit(0.1), DEC)));
        // float8 -> numeric goes through 15 significant digits (%.15g), real through 6
        assertEquals(new BigDecimal("0.1"), eval(cast(lit(0.1f), DEC)));
        assertEquals(BigDecimal.ONE, eval(cast(lit(1.0000000000000002), DEC))); // "%.15g" gives "1"
        assertEquals(new BigDecimal("123.456"), eval(cast(lit(123.456), DEC)));
        assertEquals("100000000000000000000", text(cast(lit(1e20), DEC)));
        assertFails("0A000", null, cast(lit(Double.NaN), DEC));
        assertFails("0A000", null, cast(lit(Double.POSITIVE_INFINITY), DEC));
        assertFails("22P02", "invalid input syntax for type numeric: \"1e\"", cast(lit("1e"), DEC));
        assertEquals("1.50", text(cast(lit(" 1.50 "), DEC)));
        assertEquals(new BigDecimal(".5"), parse(".5", DEC));
        assertFails("22003", "value overflows numeric format", cast(lit("1e200000"), DEC));
    }

    @Test
    void toFloat() {
        assertEquals(1.5, parse(" 1.5 ", DOUBLE));
        assertEquals(Double.NaN, parse("NaN", DOUBLE));
        assertEquals(Double.NEGATIVE_INFINITY, parse("-Infinity", DOUBLE));
        assertEquals(Double.POSITIVE_INFINITY, parse("inf", DOUBLE));
        assertEquals(1e-320, parse("1e-320", DOUBLE)); // subnormal: accepted
        assertFails("22003", "value \"1e400\" is out of range for type double precision", cast(lit("1e400"), DOUBLE));
        assertFails("22003", null, cast(lit("1e-400"), DOUBLE));
        assertFails("22P02", "invalid input syntax for type double precision: \"0x10\"", cast(lit("0x10"), DOUBLE));
        assertFails("22P02", null, cast(lit("1.5d"), DOUBLE));
        assertFails("22003", null, cast(lit("1e39"), REAL));
        assertEquals(0.1f, parse("0.1", REAL));
        // 0.1::real::float8 = 0.10000000149011612
        assertEquals("0.10000000149011612", text(cast(lit(0.1f), DOUBLE)));
        assertFails("22003", "value out of range: overflow", cast(lit(1e300), REAL));
        assertFails("22003", "value out of range: underflow", cast(lit(1e-300), REAL));
        assertEquals(0.3333333333333333, eval(cast(bin(BinaryFunc.DIV, dec("1"), dec("3")), DOUBLE)));
        assertFails("22003", null, cast(dec("1e400"), DOUBLE));
        assertEquals(9.007199254740993E15, eval(cast(lit(9007199254740993L), DOUBLE)));
    }

    @Test
    void floatsPrintLikePostgres() {
        assertEquals("0.1", text(0.1, DOUBLE));
        assertEquals("1e+20", text(1e20, DOUBLE));
        assertEquals("1e+15", text(1e15, DOUBLE));
        assertEquals("100000000000000", text(1e14, DOUBLE));
        assertEquals("0.0001", text(0.0001, DOUBLE));
        assertEquals("1e-05", text(0.00001, DOUBLE));
        assertEquals("1.2345678901234568e+17", text(123456789012345678.0, DOUBLE));
        assertEquals("1.7976931348623157e+308", text(Double.MAX_VALUE, DOUBLE));
        assertEquals("5e-324", text(Double.MIN_VALUE, DOUBLE));
        assertEquals("-1.5", text(-1.5, DOUBLE));
        assertEquals("0.002", text(0.002, DOUBLE));
        assertEquals("1.1e-06", text(1.1e-6, DOUBLE));
        assertEquals("-0", text(-0.0, DOUBLE));
        assertEquals("NaN", text(Double.NaN, DOUBLE));
        assertEquals("-Infinity", text(Double.NEGATIVE_INFINITY, DOUBLE));
        assertEquals("1.234567e+06", text(1234567f, REAL));
        assertEquals("123456", text(123456f, REAL));
        assertEquals("0.1", text(0.1f, REAL));
        assertEquals("3.4028235e+38", text(Float.MAX_VALUE, REAL));
    }

    @Test
    void valuesPrintLikePostgres() {
        assertEquals("true", text(true, BOOL));
        assertEquals("-42", text(-42L, INT8));
        assertEquals("1.50", text(new BigDecimal("1.5"), decimal(5, 2)));
        assertEquals("100", text(new BigDecimal("1E+2"), DEC));
        assertEquals("2024-01-31", text(LocalDate.of(2024, 1, 31), DATE));
        assertEquals("0044-03-15 BC", text(LocalDate.of(-43, 3, 15), DATE));
        assertEquals("13:05:00", text(LocalTime.of(13, 5), TIME));
        assertEquals("13:05:00.25", text(LocalTime.of(13, 5, 0, 250_000_000), TIME));
        assertEquals("2024-01-31 13:05:00.000001", text(LocalDateTime.of(2024, 1, 31, 13, 5, 0, 1000), TS));
        assertEquals("12345-01-01 00:00:00", text(LocalDateTime.of(12345, 1, 1, 0, 0), TS));
    }

    @Test
    void textToBoolean() {
        for (String t : new String[] {"t", "TRUE", " tr ", "yes", "Y", "on", "1"}) {
            assertEquals(true, parse(t, BOOL), t);
        }
        for (String f : new String[] {"f", "false", "FALS", "no", "N", "off", "OF", "0"}) {
            assertEquals(false, parse(f, BOOL), f);
        }
        for (String bad : new String[] {"o", "", "2", "truee", "yess", "x"}) {
            assertFails("22P02", "invalid input syntax for type boolean: \"" + bad + "\"", cast(lit(bad), BOOL));
        }
        assertEquals(true, eval(cast(lit(5), BOOL)));
        assertEquals(false, eval(cast(lit(0), BOOL)));
        assertEquals(1L, eval(cast(lit(true), INT4)));
        assertThrows(IllegalArgumentException.class, () -> cast(lit(5L), BOOL)); // only integer, as PostgreSQL
    }

    @Test
    void stringLengths() {
        assertEquals("abc", eval(cast(lit("abcdef"), varchar(3))));
        assertFails("22001", "value too long for type VARCHAR(3)", assign(lit("abcdef"), varchar(3)));
        assertEquals("abc", eval(assign(lit("abc   "), varchar(3))));
        assertEquals("ab  ", eval(cast(lit("ab"), fixedChar(4))));
        assertEquals("abcd", eval(cast(lit("abcdef"), fixedChar(4))));
        assertFails("22001", "value too long for type CHAR(4)", assign(lit("abcdef"), fixedChar(4)));
        assertEquals("ab", eval(cast(lit("ab", fixedChar(4)), TEXT)));
        assertEquals("ab", eval(cast(lit("ab", fixedChar(4)), varchar(10))));
        assertEquals("ab ", eval(cast(lit("ab", fixedChar(4)), fixedChar(3))));
        assertEquals("\uD83D\uDE00b", eval(cast(lit("\uD83D\uDE00bc"), varchar(2))));
        assertEquals("12", eval(cast(lit(12345), varchar(2))));
        assertEquals(42L, eval(cast(lit(" 42 ", fixedChar(6)), INT4)));
        assertEquals("a", eval(cast(lit("a"), varchar(ColumnType.UNSPECIFIED))));
    }

    @Test
    void textToDateTime() {
        assertEquals(LocalDate.of(2024, 2, 29), parse("2024-02-29", DATE));
        assertEquals(LocalDate.of(2024, 1, 2), parse(" 2024-1-2 10:00 ", DATE));
        assertEquals(LocalDate.of(-43, 3, 15), parse("0044-03-15 BC", DATE));
        assertFails("22008", "date/time field value out of range: \"2023-02-29\"", cast(lit("2023-02-29"), DATE));
        assertFails("22008", null, cast(lit("2024-13-01"), DATE));
        assertFails("22008", null, cast(lit("0000-01-01"), DATE));
        assertFails("22007", "invalid input syntax for type date: \"yesterday\"", cast(lit("yesterday"), DATE));
        assertFails("22007", null, cast(lit("2024-01-01x"), DATE));
        assertFails("22008", "date out of range", cast(lit("5874898-01-01"), DATE));
        assertEquals(LocalTime.of(10, 0), parse("10:00", TIME));
        assertEquals(LocalTime.of(10, 0, 1, 123_457_000), parse("10:00:01.1234567", TIME));
        assertEquals(LocalTime.of(10, 0), parse("2024-01-01 10:00:00", TIME));
        assertFails("22008", null, cast(lit("25:00"), TIME));
        assertFails("22008", null, cast(lit("23:59:59.9999999"), TIME));
        assertFails("22007", "invalid input syntax for type time: \"10\"", cast(lit("10"), TIME));
        assertEquals(LocalDateTime.of(2024, 1, 2, 3, 4, 5, 250_000_000), parse("2024-01-02 03:04:05.25", TS));
        assertEquals(LocalDateTime.of(2024, 1, 2, 3, 4), parse("2024-01-02T03:04", TS));
        assertEquals(LocalDateTime.of(2024, 1, 3, 0, 0), parse("2024-01-02 23:59:59.9999999", TS));
        assertEquals(LocalDateTime.of(2024, 1, 2, 0, 0), parse("2024-01-02", TS));
        assertFails("22008", "timestamp out of range", cast(lit("294277-01-01"), TS));
    }

    @Test
    void betweenTemporalTypes() {
        LocalDateTime ts = LocalDateTime.of(2024, 1, 2, 3, 4, 5);
        assertEquals(LocalDate.of(2024, 1, 2), eval(cast(lit(ts), DATE)));
        assertEquals(LocalTime.of(3, 4, 5), eval(cast(lit(ts), TIME)));
        assertEquals(LocalDateTime.of(2024, 1, 2, 0, 0), eval(cast(lit(LocalDate.of(2024, 1, 2)), TS)));
        assertFails("22008", null, cast(lit(LocalDate.of(300000, 1, 1)), TS));
        assertThrows(IllegalArgumentException.class, () -> cast(lit(LocalTime.NOON), TS));
        assertThrows(IllegalArgumentException.class, () -> cast(lit(LocalDate.of(2024, 1, 1)), INT4));
        assertThrows(IllegalArgumentException.class, () -> cast(lit(true), DOUBLE));
    }

    @Test
    void castMatrixAndNulls() {
        for (TypeKind from : TypeKind.values()) {
            assertTrue(Casts.isSupported(from, TypeKind.TEXT));
            assertTrue(Casts.isSupported(TypeKind.VARCHAR, from));
            assertTrue(Casts.isSupported(from, from));
        }
        assertFalse(Casts.isSupported(TypeKind.TIME, TypeKind.DATE));
        assertFalse(Casts.isSupported(TypeKind.BOOLEAN, TypeKind.DECIMAL));
        assertNull(eval(cast(nul(TEXT), INT4)));
        assertEquals(INT4, cast(col(0, TEXT), INT4.withNullable(false)).type());
        assertEquals(INT4.withNullable(false), cast(lit("1"), INT4).type());
        assertEquals("CAST(#0 AS VARCHAR(3))", cast(col(0, TEXT), varchar(3)).toString());
        assertEquals("ASSIGN(#0 AS VARCHAR(3))", assign(col(0, TEXT), varchar(3)).toString());
    }
}
