package dev.spindle.compute.expr.func;

import dev.spindle.common.error.ErrorCode;
import dev.spindle.common.error.SpindleException;
import dev.spindle.common.type.TypeKind;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;

/**
 * Date arithmetic and {@code EXTRACT}, with PostgreSQL's ranges: a DATE lies between
 * {@code 4714-11-24 BC} and {@code 5874897-12-31}, a TIMESTAMP between {@code 4714-11-24 BC} and
 * {@link #MAX_TIMESTAMP} (where the row encoding ends); leaving them is {@code date out of range} /
 * {@code timestamp out of range} (22008).
 *
 * <p>EXTRACT returns what PostgreSQL 14+ returns, as BIGINT for the whole-number fields and as
 * DECIMAL for {@code second} (with microseconds, scale 6) and {@code epoch} (scale 6 for TIME and
 * TIMESTAMP, 0 for DATE): {@code year} counts 1 BC as -1 (there is no year 0), {@code dow} is 0
 * for Sunday to 6 for Saturday, {@code doy} 1..366. Stateless and thread-safe.
 */
final class DateTimeFunctions {
    /** 4714-11-24 BC, Julian day 0. */
    static final LocalDate MIN_DATE = LocalDate.of(-4713, 11, 24);
    static final LocalDate MAX_DATE = LocalDate.of(5874897, 12, 31);
    static final LocalDateTime MIN_TIMESTAMP = MIN_DATE.atStartOfDay();
    /**
     * The last timestamp a {@code Row} can hold (microseconds since 1970 in a {@code long}):
     * {@code 294247-01-10 04:00:54.775807}, a little before PostgreSQL's {@code 294276-12-31}.
     */
    static final LocalDateTime MAX_TIMESTAMP = LocalDateTime.of(1970, 1, 1, 0, 0).plus(Long.MAX_VALUE, ChronoUnit.MICROS);

    private static final long MIN_DAY = MIN_DATE.toEpochDay();
    private static final long MAX_DAY = MAX_DATE.toEpochDay();

    private DateTimeFunctions() {
    }

    static LocalDate checkDate(LocalDate d) {
        if (d.isBefore(MIN_DATE) || d.isAfter(MAX_DATE)) {
            throw new SpindleException(ErrorCode.DATETIME_OUT_OF_RANGE_1, "date");
        }
        return d;
    }

    static LocalDateTime checkTimestamp(LocalDateTime ts) {
        if (ts.isBefore(MIN_TIMESTAMP) || ts.isAfter(MAX_TIMESTAMP)) {
            throw new SpindleException(ErrorCode.DATETIME_OUT_OF_RANGE_1, "timestamp");
        }
        return ts;
    }

    /** {@code date + days}. */
    static LocalDate addDays(LocalDate d, long days) {
        long from = d.toEpochDay(); // |from| < 2^39, so the bounds below cannot overflow
        if (days > MAX_DAY - from || days < MIN_DAY - from) {
            throw new SpindleException(ErrorCode.DATETIME_OUT_OF_RANGE_1, "date");
        }
        return LocalDate.ofEpochDay(from + days);
    }

    /** {@code date - days}. */
    static LocalDate subtractDays(LocalDate d, long days) {
        if (days == Long.MIN_VALUE) {
            throw new SpindleException(ErrorCode.DATETIME_OUT_OF_RANGE_1, "date");
        }
        return addDays(d, -days);
    }

    /** {@code later - earlier} in days, as an INTEGER. */
    static long daysBetween(LocalDate earlier, LocalDate later) {
        return Arithmetic.checkRange(later.toEpochDay() - earlier.toEpochDay(), TypeKind.INTEGER);
    }

    /** DATE to TIMESTAMP (midnight), within the timestamp range. */
    static LocalDateTime toTimestamp(LocalDate d) {
        if (d.isAfter(MAX_TIMESTAMP.toLocalDate()) || d.isBefore(MIN_DATE)) {
            throw new SpindleException(ErrorCode.DATETIME_OUT_OF_RANGE_1, "date");
        }
        return d.atStartOfDay();
    }

    // ------------------------------------------------------------ EXTRACT

    /** The year, with 1 BC as -1. */
    static long year(LocalDate d) {
        int y = d.getYear();
        return y <= 0 ? y - 1L : y;
    }

    /** Day of the week, Sunday = 0. */
    static long dayOfWeek(LocalDate d) {
        return d.getDayOfWeek().getValue() % 7;
    }

    /** Seconds with their fraction, scale 6: {@code 5.250000}. */
    static BigDecimal seconds(LocalTime t) {
        return BigDecimal.valueOf(t.getSecond() * 1_000_000L + t.getNano() / 1000, 6);
    }

    static BigDecimal epoch(LocalDate d) {
        return BigDecimal.valueOf(d.toEpochDay() * 86_400L);
    }

    static BigDecimal epoch(LocalTime t) {
        return BigDecimal.valueOf(t.toNanoOfDay() / 1000, 6);
    }

    static BigDecimal epoch(LocalDateTime ts) {
        BigDecimal seconds = BigDecimal.valueOf(ts.toEpochSecond(ZoneOffset.UTC)).setScale(6);
        return seconds.add(BigDecimal.valueOf(ts.getNano() / 1000, 6));
    }
}
