package dev.spindle.sqllogictest.render;

import dev.spindle.sqllogictest.format.RenderMode;
import dev.spindle.sqllogictest.format.ResultType;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;

/**
 * Renders one value of a query result as SQLite's sqllogictest harness prints it, by the type
 * letter the record declares for its column:
 * <ul>
 *   <li>{@code NULL} for SQL NULL, whatever the letter;</li>
 *   <li>{@code I}: integers as they are; reals truncated toward zero; text (and bytes) give their
 *       leading integer or 0; booleans 1 or 0;</li>
 *   <li>{@code R}: {@code %.3f} with at most 16 significant digits; text gives its leading real;</li>
 *   <li>{@code T}: the value's text (reals as SQLite converts them, see
 *       {@link SqliteNumberFormat#generic15}); the empty string as {@code (empty)}; every byte
 *       of the UTF-8 text outside printable ASCII as {@code @}.</li>
 * </ul>
 * The value is whatever the JDBC driver's {@code getObject} returns, so the storage type of the
 * value (SQLite's INTEGER, REAL, TEXT, BLOB) drives the conversion, as {@code sqlite3_column_int},
 * {@code sqlite3_column_double} and {@code sqlite3_column_text} do in the harness. Unlike the
 * harness, {@code I} keeps all 64 bits of an integer (the harness reads a 32-bit {@code int}).
 *
 * <p>Thread-safe: static functions only.
 */
public final class ValueRenderer {

    /** How SQL NULL is rendered. */
    public static final String NULL = "NULL";
    /** How the empty string is rendered in a {@code T} column. */
    public static final String EMPTY = "(empty)";

    private ValueRenderer() {
    }

    /** Renders {@code value} (as returned by {@code ResultSet.getObject}) for a column of {@code type}. */
    public static String render(Object value, ResultType type) {
        return render(value, type, RenderMode.SQLITE);
    }

    /**
     * Renders {@code value} for a column of {@code type} in {@code mode}: SQLite's harness rules
     * (above), or Materialize's for {@code mode standard} and {@code mode cockroach}
     * ({@link MaterializeValues}). {@code B} and {@code O} columns follow Materialize's rules in
     * every mode.
     */
    public static String render(Object value, ResultType type, RenderMode mode) {
        if (value == null) {
            return NULL;
        }
        if (mode != RenderMode.SQLITE || type == ResultType.BOOLEAN || type == ResultType.OID) {
            return MaterializeValues.render(value, type, mode);
        }
        switch (type) {
            case INTEGER:
                return integer(value);
            case REAL:
                return real(value);
            case TEXT:
                return value instanceof byte[] ? printable((byte[]) value) : printable(text(value));
            default:
                throw new IllegalArgumentException("unknown result type " + type);
        }
    }

    /**
     * Whether a driver's object for a value is rendered from the object itself: strings, numbers,
     * booleans and bytes. Other objects (dates, time stamps, arrays) are better rendered from the
     * driver's text for them in Materialize's modes.
     */
    public static boolean isPlain(Object value) {
        return value instanceof String || value instanceof Number || value instanceof Boolean
                || value instanceof byte[];
    }

    private static String integer(Object value) {
        if (value instanceof Long || value instanceof Integer || value instanceof Short || value instanceof Byte) {
            return Long.toString(((Number) value).longValue());
        }
        if (value instanceof BigInteger) {
            return value.toString();
        }
        if (value instanceof BigDecimal) {
            return ((BigDecimal) value).toBigInteger().toString();
        }
        if (value instanceof Number) {
            // (long) truncates toward zero and saturates, as SQLite's doubleToInt64 does
            return Long.toString((long) ((Number) value).doubleValue());
        }
        if (value instanceof Boolean) {
            return ((Boolean) value) ? "1" : "0";
        }
        return Long.toString(SqliteTextNumbers.leadingInteger(rawText(value)));
    }

    private static String real(Object value) {
        if (value instanceof BigDecimal) {
            return SqliteNumberFormat.fixed3((BigDecimal) value);
        }
        if (value instanceof BigInteger) {
            return SqliteNumberFormat.fixed3(new BigDecimal((BigInteger) value));
        }
        if (value instanceof Float) {
            return SqliteNumberFormat.fixed3(floatAsDecimalDouble((Float) value));
        }
        if (value instanceof Number) {
            return SqliteNumberFormat.fixed3(((Number) value).doubleValue());
        }
        if (value instanceof Boolean) {
            return ((Boolean) value) ? "1.000" : "0.000";
        }
        return SqliteNumberFormat.fixed3(SqliteTextNumbers.leadingReal(rawText(value)));
    }

    private static String text(Object value) {
        if (value instanceof Double) {
            return SqliteNumberFormat.generic15((Double) value);
        }
        if (value instanceof Float) {
            return SqliteNumberFormat.generic15(floatAsDecimalDouble((Float) value));
        }
        if (value instanceof BigDecimal) {
            return ((BigDecimal) value).toPlainString();
        }
        return rawText(value);
    }

    /** Text of a value as is; bytes are taken one character per byte, as C sees them. */
    private static String rawText(Object value) {
        if (value instanceof byte[]) {
            return new String((byte[]) value, StandardCharsets.ISO_8859_1);
        }
        return value.toString();
    }

    /** A float widened through its shortest decimal form: 0.1f is 0.1, not 0.10000000149. */
    private static double floatAsDecimalDouble(Float value) {
        return Double.parseDouble(value.toString());
    }

    /**
     * {@code (empty)} for the empty string; otherwise every byte of the UTF-8 form outside
     * printable ASCII ({@code ' '} to {@code '~'}) replaced by {@code @}.
     */
    public static String printable(String text) {
        if (text.isEmpty()) {
            return EMPTY;
        }
        int i = 0;
        while (i < text.length() && isPrintable(text.charAt(i))) {
            i++;
        }
        if (i == text.length()) {
            return text;
        }
        StringBuilder out = new StringBuilder(text.length() + 8).append(text, 0, i);
        while (i < text.length()) {
            int codePoint = text.codePointAt(i);
            if (codePoint < 0x80 && isPrintable((char) codePoint)) {
                out.append((char) codePoint);
            } else {
                out.append("@".repeat(utf8Length(codePoint)));
            }
            i += Character.charCount(codePoint);
        }
        return out.toString();
    }

    /** {@code (empty)} for no bytes; otherwise each byte outside printable ASCII replaced by {@code @}. */
    public static String printable(byte[] bytes) {
        if (bytes.length == 0) {
            return EMPTY;
        }
        char[] out = new char[bytes.length];
        for (int i = 0; i < bytes.length; i++) {
            char c = (char) (bytes[i] & 0xFF);
            out[i] = isPrintable(c) ? c : '@';
        }
        return new String(out);
    }

    private static boolean isPrintable(char c) {
        return c >= ' ' && c <= '~';
    }

    /** Bytes of a code point in UTF-8; a lone surrogate (not encodable) counts as one. */
    private static int utf8Length(int codePoint) {
        if (codePoint < 0x80 || Character.isSurrogate((char) codePoint) && codePoint <= 0xFFFF) {
            return 1;
        }
        if (codePoint < 0x800) {
            return 2;
        }
        return codePoint < 0x10000 ? 3 : 4;
    }
}
