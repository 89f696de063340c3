package dev.spindle.compute.expr.func;

import dev.spindle.common.error.ErrorCode;
import dev.spindle.common.error.SpindleException;
import dev.spindle.common.type.TypeKind;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;

/**
 * DATE, TIME and TIMESTAMP to and from text, in PostgreSQL's ISO style.
 *
 * <p>Output: {@code 2024-01-31}, {@code 13:05:00}, {@code 13:05:00.25},
 * {@code 2024-01-31 13:05:00}; years before 1 AD as {@code 0044-03-15 BC} (ISO year 0 is 1 BC);
 * fractional seconds only when non-zero, without trailing zeros.
 *
 * <p>Input (surrounding whitespace ignored): {@code Y-M-D} with an optional time after a space or
 * {@code T}, an optional {@code BC}/{@code AD}; a time is {@code H:MM[:SS[.fraction]]}, fractions
 * beyond microseconds rounded half up. DATE ignores a time part, TIME accepts a date part and
 * ignores it (as PostgreSQL does). Other PostgreSQL input styles (month names, {@code MDY}
 * orders, time zones, {@code 'epoch'}, {@code 'infinity'}, {@code 24:00:00}) are not accepted.
 * Bad syntax is {@code 22007}, a bad field ({@code 2024-02-30}, year 0) {@code 22008}, a value
 * outside PostgreSQL's range ({@code 4714-11-24 BC} to {@code 5874897-12-31} for dates,
 * {@code 294247-01-10} for timestamps, where the row encoding ends) {@code 22008}. Stateless and thread-safe.
 */
final class DateTimeText {
    private DateTimeText() {
    }

    // ------------------------------------------------------------ output

    static String formatDate(LocalDate d) {
        StringBuilder sb = new StringBuilder(13);
        appendDate(sb, d);
        if (d.getYear() <= 0) {
            sb.append(" BC");
        }
        return sb.toString();
    }

    static String formatTime(LocalTime t) {
        StringBuilder sb = new StringBuilder(15);
        appendTime(sb, t);
        return sb.toString();
    }

    static String formatTimestamp(LocalDateTime ts) {
        StringBuilder sb = new StringBuilder(29);
        appendDate(sb, ts.toLocalDate());
        sb.append(' ');
        appendTime(sb, ts.toLocalTime());
        if (ts.getYear() <= 0) {
            sb.append(" BC");
        }
        return sb.toString();
    }

    private static void appendDate(StringBuilder sb, LocalDate d) {
        int y = d.getYear();
        appendPadded(sb, y <= 0 ? 1L - y : y, 4);
        sb.append('-');
        appendPadded(sb, d.getMonthValue(), 2);
        sb.append('-');
        appendPadded(sb, d.getDayOfMonth(), 2);
    }

    private static void appendTime(StringBuilder sb, LocalTime t) {
        appendPadded(sb, t.getHour(), 2);
        sb.append(':');
        appendPadded(sb, t.getMinute(), 2);
        sb.append(':');
        appendPadded(sb, t.getSecond(), 2);
        int micros = t.getNano() / 1000;
        if (micros != 0) {
            sb.append('.');
            int digits = 6;
            while (micros % 10 == 0) {
                micros /= 10;
                digits--;
            }
            appendPadded(sb, micros, digits);
        }
    }

    private static void appendPadded(StringBuilder sb, long v, int width) {
        String s = Long.toString(v);
        for (int i = s.length(); i < width; i++) {
            sb.append('0');
        }
        sb.append(s);
    }

    // ------------------------------------------------------------ input

    static LocalDate parseDate(String input) {
        Fields f = parse(input, TypeKind.DATE);
        if (!f.hasDate) {
            throw syntax(TypeKind.DATE, input);
        }
        LocalDate d = f.date(input);
        DateTimeFunctions.checkDate(d);
        return d;
    }

    static LocalTime parseTime(String input) {
        Fields f = parse(input, TypeKind.TIME);
        if (!f.hasTime) {
            throw syntax(TypeKind.TIME, input);
        }
        LocalDateTime t = f.time(input).atDate(LocalDate.of(2000, 1, 1)).plusNanos(f.carryMicros * 1000L);
        if (t.getDayOfMonth() != 1) {
            throw fieldOutOfRange(input); // 23:59:59.9999999 rounds to 24:00:00
        }
        return t.toLocalTime();
    }

    static LocalDateTime parseTimestamp(String input) {
        Fields f = parse(input, TypeKind.TIMESTAMP);
        if (!f.hasDate) {
            throw syntax(TypeKind.TIMESTAMP, input);
        }
        LocalDate d = f.date(input);
        LocalDateTime ts = f.hasTime
                ? d.atTime(f.time(input)).plusNanos(f.carryMicros * 1000L)
                : d.atStartOfDay();
        DateTimeFunctions.checkTimestamp(ts);
        return ts;
    }

    /** What the parser found; fields are validated by {@link #date} and {@link #time}. */
    private static final class Fields {
        boolean hasDate;
        boolean hasTime;
        boolean bc;
        long year;
        int month;
        int day;
        int hour;
        int minute;
        int second;
        int micros;
        /** 1,000,000 if the fraction rounded up to a whole second, else 0. */
        int carryMicros;

        LocalDate date(String input) {
            if (year == 0 || year > 999_999_999L || month < 1 || month > 12 || day < 1) {
                throw fieldOutOfRange(input);
            }
            long isoYear = bc ? 1 - year : year;
            LocalDate first = LocalDate.of((int) isoYear, month, 1);
            if (day > first.lengthOfMonth()) {
                throw fieldOutOfRange(input);
            }
            return first.withDayOfMonth(day);
        }

        LocalTime time(String input) {
            if (hour > 23 || minute > 59 || second > 59) {
                throw fieldOutOfRange(input);
            }
            return LocalTime.of(hour, minute, second, micros * 1000);
        }
    }

    private static Fields parse(String input, TypeKind kind) {
        String s = TextParse.trimSpace(input);
        Fields f = new Fields();
        int[] pos = {0};
        long first = digits(s, pos, 1, 10, kind, input);
        if (pos[0] < s.length() && s.charAt(pos[0]) == '-') {
            f.hasDate = true;
            f.year = first;
            pos[0]++;
            f.month = (int) digits(s, pos, 1, 2, kind, input);
            expect(s, pos, '-', kind, input);
            f.day = (int) digits(s, pos, 1, 2, kind, input);
            if (pos[0] < s.length() && (s.charAt(pos[0]) == 'T' || s.charAt(pos[0]) == 't')) {
                pos[0]++;
                parseTime(s, pos, digits(s, pos, 1, 2, kind, input), f, kind, input);
            } else {
                int save = pos[0];
                skipSpaces(s, pos);
                if (pos[0] > save && pos[0] < s.length() && isDigit(s.charAt(pos[0]))) {
                    parseTime(s, pos, digits(s, pos, 1, 2, kind, input), f, kind, input);
                } else {
                    pos[0] = save;
                }
            }
            int save = pos[0];
            skipSpaces(s, pos);
            if (pos[0] > save && s.regionMatches(true, pos[0], "BC", 0, 2)) {
                f.bc = true;
                pos[0] += 2;
            } else if (pos[0] > save && s.regionMatches(true, pos[0], "AD", 0, 2)) {
                pos[0] += 2;
            } else {
                pos[0] = save;
            }
        } else if (pos[0] < s.length() && s.charAt(pos[0]) == ':' && first < 100) {
            parseTime(s, pos, first, f, kind, input);
        } else {
            throw syntax(kind, input);
        }
        if (pos[0] != s.length()) {
            throw syntax(kind, input);
        }
        return f;
    }

    private static void parseTime(String s, int[] pos, long hour, Fields f, TypeKind kind, String input) {
        f.hasTime = true;
        f.hour = (int) hour;
        expect(s, pos, ':', kind, input);
        f.minute = (int) digits(s, pos, 2, 2, kind, input);
        if (pos[0] < s.length() && s.charAt(pos[0]) == ':') {
            pos[0]++;
            f.second = (int) digits(s, pos, 2, 2, kind, input);
            if (pos[0] < s.length() && s.charAt(pos[0]) == '.') {
                pos[0]++;
                int start = pos[0];
                long micros = 0;
                int n = 0;
                boolean roundUp = false;
                while (pos[0] < s.length() && isDigit(s.charAt(pos[0]))) {
                    int d = s.charAt(pos[0]) - '0';
                    if (n < 6) {
                        micros = micros * 10 + d;
                    } else if (n == 6) {
                        roundUp = d >= 5;
                    }
                    n++;
                    pos[0]++;
                }
                if (pos[0] == start) {
                    throw syntax(kind, input);
                }
                for (int i = n; i < 6; i++) {
                    micros *= 10;
                }
                if (roundUp) {
                    micros++;
                }
                if (micros == 1_000_000) {
                    f.carryMicros = 1_000_000;
                    micros = 0;
                }
                f.micros = (int) micros;
            }
        }
    }

    private static long digits(String s, int[] pos, int min, int max, TypeKind kind, String input) {
        int start = pos[0];
        long v = 0;
        while (pos[0] < s.length() && isDigit(s.charAt(pos[0])) && pos[0] - start < max) {
            v = v * 10 + (s.charAt(pos[0]) - '0');
            pos[0]++;
        }
        if (pos[0] - start < min || (pos[0] < s.length() && isDigit(s.charAt(pos[0])))) {
            throw syntax(kind, input);
        }
        return v;
    }

    private static void expect(String s, int[] pos, char c, TypeKind kind, String input) {
        if (pos[0] >= s.length() || s.charAt(pos[0]) != c) {
            throw syntax(kind, input);
        }
        pos[0]++;
    }

    private static void skipSpaces(String s, int[] pos) {
        while (pos[0] < s.length() && s.charAt(pos[0]) == ' ') {
            pos[0]++;
        }
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    private static SpindleException syntax(TypeKind kind, String input) {
        return new SpindleException(ErrorCode.INVALID_DATETIME_FORMAT_2, Errors.pgName(kind), input);
    }

    private static SpindleException fieldOutOfRange(String input) {
        return new SpindleException(ErrorCode.DATETIME_FIELD_OUT_OF_RANGE_1, input);
    }
}
