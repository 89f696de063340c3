package dev.spindle.compute.expr.func;

import static dev.spindle.compute.expr.func.Exprs.DATE;
import static dev.spindle.compute.expr.func.Exprs.TIME;
import static dev.spindle.compute.expr.func.Exprs.col;
import static dev.spindle.compute.expr.func.Exprs.eval;
import static dev.spindle.compute.expr.func.Exprs.lit;
import static dev.spindle.compute.expr.func.Exprs.text;
import static dev.spindle.compute.expr.func.Exprs.un;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.spindle.common.type.TypeKind;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import org.junit.jupiter.api.Test;

/** EXTRACT(field FROM date/time/timestamp), with the results PostgreSQL 15 gives. */
class ExtractTest {
    private static final LocalDateTime TS = LocalDateTime.of(2024, 3, 17, 13, 5, 7, 250_000_000); // a Sunday

    @Test
    void fieldsOfATimestamp() {
        assertEquals(2024L, eval(un(UnaryFunc.EXTRACT_YEAR, lit(TS))));
        assertEquals(3L, eval(un(UnaryFunc.EXTRACT_MONTH, lit(TS))));
        assertEquals(17L, eval(un(UnaryFunc.EXTRACT_DAY, lit(TS))));
        assertEquals(13L, eval(un(UnaryFunc.EXTRACT_HOUR, lit(TS))));
        assertEquals(5L, eval(un(UnaryFunc.EXTRACT_MINUTE, lit(TS))));
        assertEquals("7.250000", text(un(UnaryFunc.EXTRACT_SECOND, lit(TS))));
        assertEquals(0L, eval(un(UnaryFunc.EXTRACT_DOW, lit(TS))));
        assertEquals(77L, eval(un(UnaryFunc.EXTRACT_DOY, lit(TS))));
        assertEquals("86400.500000", text(un(UnaryFunc.EXTRACT_EPOCH, lit(LocalDateTime.of(1970, 1, 2, 0, 0, 0, 500_000_000)))));
        assertEquals("-1.000000", text(un(UnaryFunc.EXTRACT_EPOCH, lit(LocalDateTime.of(1969, 12, 31, 23, 59, 59)))));
        assertEquals(TypeKind.BIGINT, un(UnaryFunc.EXTRACT_YEAR, lit(TS)).type().kind());
        assertEquals(TypeKind.DECIMAL, un(UnaryFunc.EXTRACT_SECOND, lit(TS)).type().kind());
    }

    @Test
    void fieldsOfADateAndATime() {
        assertEquals(366L, eval(un(UnaryFunc.EXTRACT_DOY, lit(LocalDate.of(2024, 12, 31)))));
        assertEquals(6L, eval(un(UnaryFunc.EXTRACT_DOW, lit(LocalDate.of(2024, 3, 16)))));
        assertEquals("86400", text(un(UnaryFunc.EXTRACT_EPOCH, lit(LocalDate.of(1970, 1, 2)))));
        // there is no year 0: ISO year 0 is 1 BC
        assertEquals(-1L, eval(un(UnaryFunc.EXTRACT_YEAR, lit(LocalDate.of(0, 6, 1)))));
        assertEquals(-44L, eval(un(UnaryFunc.EXTRACT_YEAR, lit(LocalDate.of(-43, 3, 15)))));
        assertEquals(10L, eval(un(UnaryFunc.EXTRACT_HOUR, lit(LocalTime.of(10, 0, 5)))));
        assertEquals("5.000000", text(un(UnaryFunc.EXTRACT_SECOND, lit(LocalTime.of(10, 0, 5)))));
        assertEquals("36005.000000", text(un(UnaryFunc.EXTRACT_EPOCH, lit(LocalTime.of(10, 0, 5)))));
    }

    @Test
    void fieldsATypeLacksAreRefused() {
        // PostgreSQL 14+: unit "hour" not supported for type date
        assertThrows(IllegalArgumentException.class, () -> un(UnaryFunc.EXTRACT_HOUR, col(0, DATE)));
        assertThrows(IllegalArgumentException.class, () -> un(UnaryFunc.EXTRACT_YEAR, col(0, TIME)));
        assertThrows(IllegalArgumentException.class, () -> un(UnaryFunc.EXTRACT_YEAR, lit("2024-01-01")));
        assertEquals("extract(year FROM #0)", un(UnaryFunc.EXTRACT_YEAR, col(0, DATE)).toString());
    }
}
