package dev.spindle.compute.expr;

import dev.spindle.common.type.ColumnType;
import dev.spindle.common.type.TypeKind;
import dev.spindle.compute.expr.func.TextFormat;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.Locale;
import java.util.Objects;

/**
 * A constant of type {@code type}. The value has the class a row value of that type has
 * ({@link TypeKind#javaClass()}; {@code Integer}, {@code Short} and {@code Byte} are accepted for
 * integer kinds and stored as {@code Long}) and fits the type: integers in range, strings within
 * their length (a CHAR(n) value is padded to n), decimals within precision and scale. A DECIMAL
 * keeps the scale it was written with ({@code 1.50}), which is the display scale PostgreSQL would
 * carry. The type is NOT NULL unless the value is NULL. Immutable and thread-safe.
 *
 * @param value the value, {@code null} for NULL
 * @param type its type
 */
public record Literal(Object value, ColumnType type) implements ScalarExpr {

    public Literal {
        Objects.requireNonNull(type, "type");
        if (value == null) {
            type = type.withNullable(true);
        } else {
            value = normalize(value, type);
            type = type.withNullable(false);
        }
    }

    /** NULL of type {@code type}. */
    public static Literal nullOf(ColumnType type) {
        return new Literal(null, type);
    }

    public static Literal ofBoolean(boolean v) {
        return new Literal(v, ColumnType.of(TypeKind.BOOLEAN));
    }

    public static Literal ofSmallint(long v) {
        return new Literal(v, ColumnType.of(TypeKind.SMALLINT));
    }

    public static Literal ofInt(long v) {
        return new Literal(v, ColumnType.of(TypeKind.INTEGER));
    }

    public static Literal ofBigint(long v) {
        return new Literal(v, ColumnType.of(TypeKind.BIGINT));
    }

    public static Literal ofReal(float v) {
        return new Literal(v, ColumnType.of(TypeKind.REAL));
    }

    public static Literal ofDouble(double v) {
        return new Literal(v, ColumnType.of(TypeKind.DOUBLE));
    }

    /** An unconstrained DECIMAL written as {@code text} ({@code "1.50"} keeps scale 2). */
    public static Literal ofDecimal(String text) {
        return new Literal(new BigDecimal(text), ColumnType.of(TypeKind.DECIMAL));
    }

    public static Literal ofText(String v) {
        return new Literal(v, ColumnType.of(TypeKind.TEXT));
    }

    public static Literal ofDate(LocalDate v) {
        return new Literal(v, ColumnType.of(TypeKind.DATE));
    }

    public static Literal ofTime(LocalTime v) {
        return new Literal(v, ColumnType.of(TypeKind.TIME));
    }

    public static Literal ofTimestamp(LocalDateTime v) {
        return new Literal(v, ColumnType.of(TypeKind.TIMESTAMP));
    }

    private static Object normalize(Object value, ColumnType type) {
        TypeKind kind = type.kind();
        Object v = value;
        if (kind.isInteger() && (v instanceof Integer || v instanceof Short || v instanceof Byte)) {
            v = ((Number) v).longValue();
        }
        if (!kind.javaClass().isInstance(v)) {
            throw new IllegalArgumentException("a " + type + " literal cannot be a " + v.getClass().getSimpleName() + ": " + v);
        }
        if (kind.isInteger()) {
            long x = (Long) v;
            if (x < kind.minValue() || x > kind.maxValue()) {
                throw new IllegalArgumentException(v + " is out of range for " + type);
            }
        } else if (kind.isString() && type.length() != ColumnType.UNSPECIFIED) {
            String s = (String) v;
            int chars = s.codePointCount(0, s.length());
            if (chars > type.length()) {
                throw new IllegalArgumentException("'" + s + "' is longer than " + type);
            }
            if (kind == TypeKind.CHAR && chars < type.length()) {
                v = s + " ".repeat(type.length() - chars);
            }
        } else if (kind == TypeKind.DECIMAL && type.precision() != ColumnType.UNSPECIFIED) {
            BigDecimal d = ((BigDecimal) v).stripTrailingZeros();
            int scale = type.scale() == ColumnType.UNSPECIFIED ? 0 : type.scale();
            if (d.signum() != 0 && (d.scale() > scale || d.precision() - d.scale() > type.precision() - scale)) {
                throw new IllegalArgumentException(value + " does not fit " + type);
            }
        }
        return v;
    }

    @Override
    public Object eval(Object[] row) {
        return value;
    }

    @Override
    public <R> R accept(ScalarExprVisitor<R> visitor) {
        return visitor.visitLiteral(this);
    }

    /** True if this is NULL. */
    public boolean isNull() {
        return value == null;
    }

    /** SQL literal syntax: {@code NULL}, {@code TRUE}, {@code 42}, {@code 'it''s'}, {@code DATE '2024-01-31'}. */
    @Override
    public String toString() {
        if (value == null) {
            return "NULL";
        }
        String text = TextFormat.format(value, type);
        switch (type.kind()) {
            case BOOLEAN:
                return text.toUpperCase(Locale.ROOT);
            case CHAR:
            case VARCHAR:
            case TEXT:
                return "'" + text.replace("'", "''") + "'";
            case DATE:
            case TIME:
            case TIMESTAMP:
                return type.kind() + " '" + text + "'";
            default:
                return text;
        }
    }
}
