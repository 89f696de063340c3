package dev.spindle.sqllogictest.render;

import dev.spindle.sqllogictest.format.RenderMode;
import dev.spindle.sqllogictest.format.ResultType;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * Values rendered as Materialize's runner renders them in {@code mode standard} and
 * {@code mode cockroach} (its {@code format_datum}), from what a JDBC driver's {@code getObject}
 * returns:
 * <ul>
 *   <li>{@code I}: integers as they are; NUMERIC rounded half up to an integer; floats truncated
 *       toward zero (saturating, NaN 0); booleans 1/0; text 0.</li>
 *   <li>{@code R}: integers as they are (no decimals); floats: standard {@code 3.144}, cockroach
 *       shortest round-trip ({@code 3.143892789739843}, {@code 2}, {@code inf}, {@code NaN});
 *       NUMERIC: standard as written, rounded half up to three decimals if it has more,
 *       cockroach without trailing zeros ({@code 2.50} → {@code 2.5}).</li>
 *   <li>{@code T}: text as it is, the empty string as {@code (empty)}; booleans {@code true} /
 *       {@code false}; floats with three decimals; NUMERIC as written; bytes as text if they
 *       are UTF-8, else as a list of byte values ({@code [1, 255]}).</li>
 *   <li>{@code B}: {@code true} / {@code false} (a number: whether it is not zero).</li>
 *   <li>{@code O}: an integer.</li>
 * </ul>
 * Other values (dates, time stamps, arrays) reach here as the driver's text for them. Thread-safe:
 * static functions.
 */
final class MaterializeValues {

    private MaterializeValues() {
    }

    static String render(Object value, ResultType type, RenderMode mode) {
        switch (type) {
            case INTEGER:
            case OID:
                return integer(value);
            case REAL:
                return real(value, mode);
            case BOOLEAN:
                return bool(value);
            case TEXT:
                return text(value);
            default:
                throw new IllegalArgumentException("unknown result type " + type);
        }
    }

    private static boolean isWhole(Object value) {
        return value instanceof Long || value instanceof Integer || value instanceof Short || value instanceof Byte
                || value instanceof BigInteger;
    }

    private static String integer(Object value) {
        if (isWhole(value)) {
            return value.toString();
        }
        if (value instanceof BigDecimal decimal) {
            return decimal.setScale(0, RoundingMode.HALF_UP).toPlainString();
        }
        if (value instanceof Number number) {
            return Long.toString((long) number.doubleValue()); // truncates and saturates as Rust's `as`
        }
        if (value instanceof Boolean b) {
            return b ? "1" : "0";
        }
        if (value instanceof String) {
            return "0";
        }
        return text(value);
    }

    private static String real(Object value, RenderMode mode) {
        if (isWhole(value)) {
            return value.toString();
        }
        if (value instanceof BigDecimal decimal) {
            if (mode == RenderMode.COCKROACH) {
                return decimal.signum() == 0 ? "0" : decimal.stripTrailingZeros().toPlainString();
            }
            return (decimal.scale() > 3 ? decimal.setScale(3, RoundingMode.HALF_UP) : decimal).toPlainString();
        }
        if (value instanceof Float f) {
            return mode == RenderMode.COCKROACH ? RustFloats.shortest(f) : RustFloats.fixed3(f);
        }
        if (value instanceof Number number) {
            double d = number.doubleValue();
            return mode == RenderMode.COCKROACH ? RustFloats.shortest(d) : RustFloats.fixed3(d);
        }
        if (value instanceof Boolean b) {
            return b ? "1" : "0";
        }
        return text(value);
    }

    private static String bool(Object value) {
        if (value instanceof Boolean b) {
            return b.toString();
        }
        if (value instanceof Number number) {
            return Boolean.toString(number.doubleValue() != 0);
        }
        return text(value);
    }

    private static String text(Object value) {
        if (value instanceof String s) {
            return s.isEmpty() ? ValueRenderer.EMPTY : s;
        }
        if (value instanceof Double || value instanceof Float) {
            return RustFloats.fixed3(((Number) value).doubleValue());
        }
        if (value instanceof BigDecimal decimal) {
            return decimal.toPlainString();
        }
        if (value instanceof byte[] bytes) {
            return bytes(bytes);
        }
        String text = value.toString();
        return text.isEmpty() ? ValueRenderer.EMPTY : text;
    }

    /** UTF-8 bytes as their text; other bytes as Rust prints a byte list. */
    private static String bytes(byte[] bytes) {
        try {
            String text = StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes)).toString();
            return text.isEmpty() ? ValueRenderer.EMPTY : text;
        } catch (CharacterCodingException e) {
            StringBuilder list = new StringBuilder("[");
            for (int i = 0; i < bytes.length; i++) {
                list.append(i == 0 ? "" : ", ").append(bytes[i] & 0xFF);
            }
            return list.append(']').toString();
        }
    }
}
