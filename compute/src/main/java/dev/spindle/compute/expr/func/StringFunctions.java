package dev.spindle.compute.expr.func;

import dev.spindle.common.error.ErrorCode;
import dev.spindle.common.error.SpindleException;
import dev.spindle.common.type.ColumnType;
import dev.spindle.common.type.TypeKind;
import java.util.Locale;

/**
 * The string functions over non-null arguments, with PostgreSQL's semantics. Positions and
 * lengths count characters (Unicode code points), not UTF-16 units. Results longer than
 * {@link #MAX_LENGTH} characters are {@code requested length too large}. Case mapping uses the
 * root locale (PostgreSQL with an ICU or UTF-8 {@code LC_CTYPE}; under {@code LC_CTYPE=C} PostgreSQL
 * maps ASCII only). Stateless and thread-safe.
 */
final class StringFunctions {
    /** Longest string a function builds, in characters (PostgreSQL's limit is 1 GB). */
    static final int MAX_LENGTH = 1 << 28;

    private StringFunctions() {
    }

    /** The value of a string-typed argument as {@code text}: a CHAR value loses its padding. */
    static String text(Object v, ColumnType type) {
        String s = (String) v;
        return type.kind() == TypeKind.CHAR ? stripPadding(s) : s;
    }

    /** {@code s} without trailing spaces (PostgreSQL's {@code character} to {@code text}). */
    static String stripPadding(String s) {
        int end = s.length();
        while (end > 0 && s.charAt(end - 1) == ' ') {
            end--;
        }
        return end == s.length() ? s : s.substring(0, end);
    }

    /** {@code length}/{@code char_length}: characters. */
    static long charLength(String s) {
        return s.codePointCount(0, s.length());
    }

    /** {@code octet_length}: bytes in UTF-8. */
    static long octetLength(String s) {
        long n = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c < 0x80) {
                n += 1;
            } else if (c < 0x800) {
                n += 2;
            } else if (Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
                n += 4;
                i++;
            } else {
                n += 3;
            }
        }
        return n;
    }

    static String upper(String s) {
        return s.toUpperCase(Locale.ROOT);
    }

    static String lower(String s) {
        return s.toLowerCase(Locale.ROOT);
    }

    /**
     * {@code substring(s FROM start [FOR length])}: characters at positions {@code start ..
     * start + length - 1} (1-based) that exist; a start below 1 shortens the result, so
     * {@code substring('hello', 0, 3) = 'he'}.
     *
     * @param length the length, or {@code null} for "to the end"
     */
    static String substring(String s, long start, Long length) {
        int n = (int) charLength(s);
        long from = Math.max(start, 1);
        long to; // exclusive, 1-based
        if (length == null) {
            to = (long) n + 1;
        } else {
            if (length < 0) {
                throw new SpindleException(ErrorCode.NEGATIVE_SUBSTRING_LENGTH_0);
            }
            long end = start + length; // both within long's range (ints from SQL): no overflow
            if (start > 0 && end < start) {
                end = Long.MAX_VALUE;
            }
            to = Math.min(end, (long) n + 1);
        }
        if (from > n || to <= from) {
            return "";
        }
        return codePoints(s, (int) from - 1, (int) to - 1);
    }

    /** Characters {@code [from, to)} (0-based) of {@code s}. */
    private static String codePoints(String s, int from, int to) {
        int b = s.offsetByCodePoints(0, from);
        int e = s.offsetByCodePoints(b, to - from);
        return s.substring(b, e);
    }

    /** {@code strpos(s, sub)} / {@code position(sub IN s)}: 1-based, 0 if absent, 1 for ''. */
    static long strpos(String s, String sub) {
        int i = s.indexOf(sub);
        return i < 0 ? 0 : s.codePointCount(0, i) + 1;
    }

    /** {@code replace(s, from, to)}: every occurrence; an empty {@code from} changes nothing. */
    static String replace(String s, String from, String to) {
        if (from.isEmpty()) {
            return s;
        }
        long count = 0;
        for (int i = s.indexOf(from); i >= 0; i = s.indexOf(from, i + from.length())) {
            count++;
        }
        checkLength(s.length() + count * (to.length() - (long) from.length()));
        return s.replace(from, to);
    }

    /** {@code a || b}. */
    static String concat(String a, String b) {
        checkLength((long) a.length() + b.length());
        return a.concat(b);
    }

    static String btrim(String s, String chars) {
        return trim(s, chars, true, true);
    }

    static String ltrim(String s, String chars) {
        return trim(s, chars, true, false);
    }

    static String rtrim(String s, String chars) {
        return trim(s, chars, false, true);
    }

    private static String trim(String s, String chars, boolean leading, boolean trailing) {
        int b = 0;
        int e = s.length();
        if (leading) {
            while (b < e) {
                int cp = s.codePointAt(b);
                if (chars.indexOf(cp) < 0) {
                    break;
                }
                b += Character.charCount(cp);
            }
        }
        if (trailing) {
            while (e > b) {
                int cp = s.codePointBefore(e);
                if (chars.indexOf(cp) < 0) {
                    break;
                }
                e -= Character.charCount(cp);
            }
        }
        return s.substring(b, e);
    }

    /**
     * {@code lpad(s, length, fill)}: {@code s} cut to {@code length} characters, then filled on
     * the left with repetitions of {@code fill} up to {@code length}; an empty fill pads nothing.
     */
    static String lpad(String s, long length, String fill) {
        return pad(s, length, fill, true);
    }

    /** {@code rpad(s, length, fill)}: as {@link #lpad}, filling on the right. */
    static String rpad(String s, long length, String fill) {
        return pad(s, length, fill, false);
    }

    private static String pad(String s, long length, String fill, boolean left) {
        long len = Math.max(length, 0);
        checkLength(len);
        int n = (int) charLength(s);
        String body = n > len ? codePoints(s, 0, (int) len) : s;
        int fillLength = (int) charLength(fill);
        if (fillLength == 0 || n >= len) {
            return body;
        }
        int missing = (int) len - n;
        StringBuilder sb = new StringBuilder(s.length() + missing * 2);
        if (!left) {
            sb.append(body);
        }
        int offset = 0;
        for (int i = 0; i < missing; i++) {
            int cp = fill.codePointAt(offset);
            sb.appendCodePoint(cp);
            offset += Character.charCount(cp);
            if (offset >= fill.length()) {
                offset = 0;
            }
        }
        if (left) {
            sb.append(body);
        }
        return sb.toString();
    }

    /** {@code left(s, n)}: the first {@code n} characters; a negative {@code n} drops the last |n|. */
    static String left(String s, long n) {
        int len = (int) charLength(s);
        long keep = n >= 0 ? Math.min(n, len) : Math.max(len + n, 0);
        return codePoints(s, 0, (int) keep);
    }

    /** {@code right(s, n)}: the last {@code n} characters; a negative {@code n} drops the first |n|. */
    static String right(String s, long n) {
        int len = (int) charLength(s);
        long keep = n >= 0 ? Math.min(n, len) : Math.max(len + n, 0);
        return codePoints(s, len - (int) keep, len);
    }

    /** {@code repeat(s, n)}: {@code n} copies; none for {@code n <= 0}. */
    static String repeat(String s, long n) {
        if (n <= 0 || s.isEmpty()) {
            return "";
        }
        if (n > MAX_LENGTH) {
            throw Errors.lengthTooLarge();
        }
        checkLength(s.length() * n);
        return s.repeat((int) n);
    }

    /** {@code reverse(s)}: the characters in reverse order. */
    static String reverse(String s) {
        return new StringBuilder(s).reverse().toString(); // keeps surrogate pairs together
    }

    static boolean startsWith(String s, String prefix) {
        return s.startsWith(prefix);
    }

    private static void checkLength(long chars) {
        if (chars > MAX_LENGTH) {
            throw Errors.lengthTooLarge();
        }
    }
}
