package dev.spindle.common.row;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;

/**
 * The order-preserving, self-delimiting byte encoding of datums that {@link Row} is made of.
 *
 * <p>Every datum starts with a tag byte that says its kind; the bytes that follow are chosen so
 * that <b>unsigned lexicographic comparison of the encodings orders datums of one kind by
 * value</b>, and so that no encoding is a prefix of another. Together these make the
 * concatenation of a row's datums compare exactly like the tuple, column by column, which is why
 * {@link Row#compareTo} is a single {@code Arrays.compareUnsigned} and a key can be cut out of a
 * row by copying byte ranges.
 *
 * <table>
 *   <caption>Tags, in the order they sort</caption>
 *   <tr><th>tag</th><th>datum</th><th>payload</th></tr>
 *   <tr><td>0x01, 0x02</td><td>FALSE, TRUE</td><td>none</td></tr>
 *   <tr><td>0x08..0x0F</td><td>integer &lt; 0</td><td>low 8..1 bytes, big-endian</td></tr>
 *   <tr><td>0x10..0x6F</td><td>integer 0..95</td><td>none (value = tag - 0x10)</td></tr>
 *   <tr><td>0x70..0x77</td><td>integer &gt;= 96</td><td>1..8 bytes, big-endian</td></tr>
 *   <tr><td>0x80, 0x81, 0x82</td><td>DECIMAL &lt; 0, = 0, &gt; 0</td><td>base-100 exponent and
 *       digit pairs, terminated (inverted for negatives)</td></tr>
 *   <tr><td>0x88</td><td>REAL</td><td>4 bytes, IEEE bits with sign flipped</td></tr>
 *   <tr><td>0x89</td><td>DOUBLE</td><td>8 bytes, IEEE bits with sign flipped</td></tr>
 *   <tr><td>0x90</td><td>string</td><td>UTF-8, 0x00 escaped as 0x00 0xFF, ended by 0x00 0x01</td></tr>
 *   <tr><td>0x98</td><td>DATE</td><td>an integer datum: days since 1970-01-01</td></tr>
 *   <tr><td>0x99</td><td>TIME</td><td>an integer datum: microseconds since midnight</td></tr>
 *   <tr><td>0x9A</td><td>TIMESTAMP</td><td>an integer datum: microseconds since 1970-01-01T00:00</td></tr>
 *   <tr><td>0xFF</td><td>NULL</td><td>none; sorts after every value</td></tr>
 * </table>
 *
 * <p>Canonical forms keep equality of encodings equal to SQL equality: {@code -0.0} is stored as
 * {@code 0.0}, every NaN as the one canonical NaN (sorting above +Infinity, as in PostgreSQL),
 * and decimals without trailing zeros (1.50 and 1.5 encode alike, and decode as 1.5; 10 decodes
 * with scale 0; the column type's scale is applied when the value is shown, see
 * {@code ColumnType#displayScale}). Strings order by code point (PostgreSQL's {@code C} collation).
 * Temporal values have microsecond precision.
 *
 * <p>Stateless; safe for use from any thread.
 */
public final class RowCodec {
    static final int TAG_FALSE = 0x01;
    static final int TAG_TRUE = 0x02;
    static final int TAG_NEG_INT = 0x08; // 0x08 + (8 - n) for n payload bytes
    static final int TAG_SMALL_INT = 0x10;
    static final int SMALL_INT_LIMIT = 96;
    static final int TAG_POS_INT = 0x70; // 0x70 + (n - 1) for n payload bytes
    static final int TAG_DEC_NEG = 0x80;
    static final int TAG_DEC_ZERO = 0x81;
    static final int TAG_DEC_POS = 0x82;
    static final int TAG_REAL = 0x88;
    static final int TAG_DOUBLE = 0x89;
    static final int TAG_STRING = 0x90;
    static final int TAG_DATE = 0x98;
    static final int TAG_TIME = 0x99;
    static final int TAG_TIMESTAMP = 0x9A;
    static final int TAG_NULL = 0xFF;

    private static final LocalDateTime EPOCH = LocalDateTime.of(1970, 1, 1, 0, 0);

    private RowCodec() {
    }

    // ---------------------------------------------------------------- sizes and skipping

    /** Encoded size of integer {@code v}, tag included. */
    static int intSize(long v) {
        if (v >= 0 && v < SMALL_INT_LIMIT) {
            return 1;
        }
        return 1 + payloadBytes(v < 0 ? ~v : v);
    }

    private static int payloadBytes(long nonNegative) {
        int bits = 64 - Long.numberOfLeadingZeros(nonNegative);
        return Math.max(1, (bits + 7) >>> 3);
    }

    /**
     * The offset just past the datum that starts at {@code pos}.
     *
     * @throws IllegalArgumentException if the bytes there are not a datum
     */
    public static int skip(byte[] b, int pos) {
        int tag = b[pos] & 0xFF;
        if (tag == TAG_NULL || tag == TAG_FALSE || tag == TAG_TRUE || tag == TAG_DEC_ZERO) {
            return pos + 1;
        }
        if (tag >= TAG_NEG_INT && tag < TAG_SMALL_INT) {
            return pos + 1 + (8 - (tag - TAG_NEG_INT));
        }
        if (tag >= TAG_SMALL_INT && tag < TAG_POS_INT) {
            return pos + 1;
        }
        if (tag >= TAG_POS_INT && tag < TAG_POS_INT + 8) {
            return pos + 1 + (tag - TAG_POS_INT + 1);
        }
        switch (tag) {
            case TAG_REAL:
                return pos + 5;
            case TAG_DOUBLE:
                return pos + 9;
            case TAG_DEC_POS: {
                int p = pos + 5;
                while (b[p] != 0) {
                    p++;
                }
                return p + 1;
            }
            case TAG_DEC_NEG: {
                int p = pos + 5;
                while (b[p] != (byte) 0xFF) {
                    p++;
                }
                return p + 1;
            }
            case TAG_STRING: {
                int p = pos + 1;
                while (true) {
                    if (b[p] == 0) {
                        if (b[p + 1] == 1) {
                            return p + 2;
                        }
                        p += 2;
                    } else {
                        p++;
                    }
                }
            }
            case TAG_DATE:
            case TAG_TIME:
            case TAG_TIMESTAMP:
                return skip(b, pos + 1);
            default:
                throw new IllegalArgumentException("not a datum tag: 0x" + Integer.toHexString(tag) + " at " + pos);
        }
    }

    // ---------------------------------------------------------------- writing

    static int writeLong(byte[] b, int pos, long v) {
        if (v >= 0 && v < SMALL_INT_LIMIT) {
            b[pos] = (byte) (TAG_SMALL_INT + v);
            return pos + 1;
        }
        int n;
        if (v < 0) {
            n = payloadBytes(~v);
            b[pos] = (byte) (TAG_NEG_INT + (8 - n));
        } else {
            n = payloadBytes(v);
            b[pos] = (byte) (TAG_POS_INT + n - 1);
        }
        for (int i = n - 1; i >= 0; i--) {
            b[pos + n - i] = (byte) (v >>> (8 * i));
        }
        return pos + 1 + n;
    }

    static int writeDouble(byte[] b, int pos, double v) {
        b[pos] = (byte) TAG_DOUBLE;
        long bits = Double.doubleToLongBits(v == 0.0 ? 0.0 : v); // canonical NaN, no -0.0
        bits = bits >= 0 ? bits ^ Long.MIN_VALUE : ~bits;
        for (int i = 0; i < 8; i++) {
            b[pos + 1 + i] = (byte) (bits >>> (56 - 8 * i));
        }
        return pos + 9;
    }

    static int writeFloat(byte[] b, int pos, float v) {
        b[pos] = (byte) TAG_REAL;
        int bits = Float.floatToIntBits(v == 0.0f ? 0.0f : v);
        bits = bits >= 0 ? bits ^ Integer.MIN_VALUE : ~bits;
        for (int i = 0; i < 4; i++) {
            b[pos + 1 + i] = (byte) (bits >>> (24 - 8 * i));
        }
        return pos + 5;
    }

    /** The encoding of a decimal, tag included. */
    static byte[] encodeDecimal(BigDecimal d) {
        if (d.signum() == 0) {
            return new byte[] {(byte) TAG_DEC_ZERO};
        }
        BigDecimal s = d.stripTrailingZeros();
        String digits = s.unscaledValue().abs().toString();
        long e10 = (long) digits.length() - s.scale(); // value = 0.digits * 10^e10
        if ((e10 & 1) != 0) {
            digits = "0" + digits;
            e10++;
        }
        if ((digits.length() & 1) != 0) {
            digits = digits + "0";
        }
        long e100 = e10 / 2;
        if (e100 > Integer.MAX_VALUE || e100 < Integer.MIN_VALUE) {
            throw new IllegalArgumentException("decimal exponent out of range: " + d);
        }
        boolean neg = d.signum() < 0;
        int pairs = digits.length() / 2;
        byte[] out = new byte[1 + 4 + pairs + 1];
        out[0] = (byte) (neg ? TAG_DEC_NEG : TAG_DEC_POS);
        int e = (int) e100 ^ Integer.MIN_VALUE;
        if (neg) {
            e = ~e;
        }
        out[1] = (byte) (e >>> 24);
        out[2] = (byte) (e >>> 16);
        out[3] = (byte) (e >>> 8);
        out[4] = (byte) e;
        for (int i = 0; i < pairs; i++) {
            int pair = (digits.charAt(2 * i) - '0') * 10 + (digits.charAt(2 * i + 1) - '0') + 1;
            out[5 + i] = (byte) (neg ? 0xFF - pair : pair);
        }
        out[out.length - 1] = (byte) (neg ? 0xFF : 0x00);
        return out;
    }

    /** The encoding of a string, tag included. */
    static byte[] encodeString(String s) {
        byte[] utf8 = s.getBytes(StandardCharsets.UTF_8);
        int zeros = 0;
        for (byte x : utf8) {
            if (x == 0) {
                zeros++;
            }
        }
        byte[] out = new byte[1 + utf8.length + zeros + 2];
        out[0] = (byte) TAG_STRING;
        int p = 1;
        for (byte x : utf8) {
            out[p++] = x;
            if (x == 0) {
                out[p++] = (byte) 0xFF;
            }
        }
        out[p++] = 0;
        out[p] = 1;
        return out;
    }

    static long dateToDays(LocalDate d) {
        return d.toEpochDay();
    }

    static long timeToMicros(LocalTime t) {
        return t.toNanoOfDay() / 1_000L;
    }

    static long timestampToMicros(LocalDateTime ts) {
        long seconds = ts.toEpochSecond(ZoneOffset.UTC);
        return Math.addExact(Math.multiplyExact(seconds, 1_000_000L), ts.getNano() / 1_000L);
    }

    // ---------------------------------------------------------------- reading

    /** Kind of the datum at {@code pos}. */
    static DatumKind kindAt(byte[] b, int pos) {
        int tag = b[pos] & 0xFF;
        if (tag == TAG_NULL) {
            return DatumKind.NULL;
        }
        if (tag == TAG_FALSE || tag == TAG_TRUE) {
            return DatumKind.BOOLEAN;
        }
        if (tag >= TAG_NEG_INT && tag < TAG_POS_INT + 8) {
            return DatumKind.INTEGER;
        }
        switch (tag) {
            case TAG_DEC_NEG:
            case TAG_DEC_ZERO:
            case TAG_DEC_POS:
                return DatumKind.DECIMAL;
            case TAG_REAL:
                return DatumKind.REAL;
            case TAG_DOUBLE:
                return DatumKind.DOUBLE;
            case TAG_STRING:
                return DatumKind.STRING;
            case TAG_DATE:
                return DatumKind.DATE;
            case TAG_TIME:
                return DatumKind.TIME;
            case TAG_TIMESTAMP:
                return DatumKind.TIMESTAMP;
            default:
                throw new IllegalArgumentException("not a datum tag: 0x" + Integer.toHexString(tag));
        }
    }

    static long readLong(byte[] b, int pos) {
        int tag = b[pos] & 0xFF;
        if (tag >= TAG_SMALL_INT && tag < TAG_POS_INT) {
            return tag - TAG_SMALL_INT;
        }
        int n;
        boolean neg;
        if (tag >= TAG_NEG_INT && tag < TAG_SMALL_INT) {
            n = 8 - (tag - TAG_NEG_INT);
            neg = true;
        } else if (tag >= TAG_POS_INT && tag < TAG_POS_INT + 8) {
            n = tag - TAG_POS_INT + 1;
            neg = false;
        } else {
            throw new IllegalArgumentException("not an integer datum: tag 0x" + Integer.toHexString(tag));
        }
        long v = 0;
        for (int i = 1; i <= n; i++) {
            v = (v << 8) | (b[pos + i] & 0xFF);
        }
        if (neg && n < 8) {
            v |= -1L << (8 * n);
        }
        return v;
    }

    static double readDouble(byte[] b, int pos) {
        long bits = 0;
        for (int i = 1; i <= 8; i++) {
            bits = (bits << 8) | (b[pos + i] & 0xFF);
        }
        bits = bits < 0 ? bits ^ Long.MIN_VALUE : ~bits;
        return Double.longBitsToDouble(bits);
    }

    static float readFloat(byte[] b, int pos) {
        int bits = 0;
        for (int i = 1; i <= 4; i++) {
            bits = (bits << 8) | (b[pos + i] & 0xFF);
        }
        bits = bits < 0 ? bits ^ Integer.MIN_VALUE : ~bits;
        return Float.intBitsToFloat(bits);
    }

    static BigDecimal readDecimal(byte[] b, int pos) {
        int tag = b[pos] & 0xFF;
        if (tag == TAG_DEC_ZERO) {
            return BigDecimal.ZERO;
        }
        boolean neg = tag == TAG_DEC_NEG;
        int e = ((b[pos + 1] & 0xFF) << 24) | ((b[pos + 2] & 0xFF) << 16) | ((b[pos + 3] & 0xFF) << 8) | (b[pos + 4] & 0xFF);
        if (neg) {
            e = ~e;
        }
        long e100 = e ^ Integer.MIN_VALUE;
        StringBuilder digits = new StringBuilder();
        int terminator = neg ? 0xFF : 0x00;
        for (int p = pos + 5; (b[p] & 0xFF) != terminator; p++) {
            int pair = (neg ? 0xFF - (b[p] & 0xFF) : (b[p] & 0xFF)) - 1;
            digits.append((char) ('0' + pair / 10)).append((char) ('0' + pair % 10));
        }
        BigInteger unscaled = new BigInteger(digits.toString());
        long scale = digits.length() - 2 * e100;
        BigDecimal v = new BigDecimal(neg ? unscaled.negate() : unscaled, Math.toIntExact(scale)).stripTrailingZeros();
        return v.scale() < 0 ? v.setScale(0) : v; // 10, not 1E+1: no value shows a negative scale
    }

    static String readString(byte[] b, int pos) {
        int end = skip(b, pos) - 2; // before the 0x00 0x01 terminator
        int len = 0;
        for (int p = pos + 1; p < end; p++) {
            len++;
            if (b[p] == 0) {
                p++; // escaped zero
            }
        }
        byte[] utf8 = new byte[len];
        int o = 0;
        for (int p = pos + 1; p < end; p++) {
            utf8[o++] = b[p];
            if (b[p] == 0) {
                p++;
            }
        }
        return new String(utf8, StandardCharsets.UTF_8);
    }

    static LocalDate readDate(byte[] b, int pos) {
        return LocalDate.ofEpochDay(readLong(b, pos + 1));
    }

    static LocalTime readTime(byte[] b, int pos) {
        return LocalTime.ofNanoOfDay(readLong(b, pos + 1) * 1_000L);
    }

    static LocalDateTime readTimestamp(byte[] b, int pos) {
        return EPOCH.plus(readLong(b, pos + 1), ChronoUnit.MICROS);
    }
}
