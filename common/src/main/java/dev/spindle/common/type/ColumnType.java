package dev.spindle.common.type;

import java.util.Objects;

/**
 * A column's SQL type: a {@link TypeKind}, its parameters and nullability. Immutable.
 *
 * <p>{@code precision} and {@code scale} are used by DECIMAL (precision 1..1000, 0 &lt;= scale
 * &lt;= precision); {@code length} by CHAR and VARCHAR (1..10,485,760). Unused parameters are
 * {@link #UNSPECIFIED}. A DECIMAL without precision is unconstrained, like PostgreSQL's
 * {@code NUMERIC}; it may still have a scale (0..1000), which constrains nothing and is only the
 * {@link #displayScale() display scale} its values are shown with: the type of {@code 1.50 + 1.50}
 * or {@code n * n} for a DECIMAL(6,2) {@code n}, whose values PostgreSQL shows with 2 and 4
 * fractional digits. (Rows store decimals without trailing zeros, so a value's own scale does not
 * survive a row; the type's does.)
 *
 * @param kind the type kind
 * @param precision DECIMAL precision, or {@link #UNSPECIFIED}
 * @param scale DECIMAL scale, or {@link #UNSPECIFIED}
 * @param length CHAR/VARCHAR length, or {@link #UNSPECIFIED}
 * @param nullable whether the column admits NULL
 */
public record ColumnType(TypeKind kind, int precision, int scale, int length, boolean nullable)
        implements java.io.Serializable {

    /** Marks a type parameter that does not apply or was not given. */
    public static final int UNSPECIFIED = -1;
    /** Largest DECIMAL precision accepted. */
    public static final int MAX_DECIMAL_PRECISION = 1000;
    /** Largest CHAR/VARCHAR length accepted (PostgreSQL's limit). */
    public static final int MAX_LENGTH = 10_485_760;

    public ColumnType {
        Objects.requireNonNull(kind, "kind");
        if (kind == TypeKind.DECIMAL) {
            if (precision != UNSPECIFIED && (precision < 1 || precision > MAX_DECIMAL_PRECISION)) {
                throw new IllegalArgumentException("DECIMAL precision must be 1.." + MAX_DECIMAL_PRECISION + ": " + precision);
            }
            if (scale != UNSPECIFIED && (scale < 0 || scale > (precision == UNSPECIFIED ? MAX_DECIMAL_PRECISION : precision))) {
                throw new IllegalArgumentException("DECIMAL scale must be 0..precision: " + scale);
            }
        } else if (precision != UNSPECIFIED || scale != UNSPECIFIED) {
            throw new IllegalArgumentException(kind + " takes no precision or scale");
        }
        if (kind == TypeKind.CHAR || kind == TypeKind.VARCHAR) {
            if (length != UNSPECIFIED && (length < 1 || length > MAX_LENGTH)) {
                throw new IllegalArgumentException(kind + " length must be 1.." + MAX_LENGTH + ": " + length);
            }
        } else if (length != UNSPECIFIED) {
            throw new IllegalArgumentException(kind + " takes no length");
        }
    }

    /** A nullable type of a parameterless kind. */
    public static ColumnType of(TypeKind kind) {
        return new ColumnType(kind, UNSPECIFIED, UNSPECIFIED, UNSPECIFIED, true);
    }

    /** Nullable {@code DECIMAL(precision, scale)}. */
    public static ColumnType decimal(int precision, int scale) {
        return new ColumnType(TypeKind.DECIMAL, precision, scale, UNSPECIFIED, true);
    }

    /**
     * A nullable unconstrained DECIMAL whose values are shown with at least {@code displayScale}
     * fractional digits (see the class comment).
     */
    public static ColumnType numeric(int displayScale) {
        return new ColumnType(TypeKind.DECIMAL, UNSPECIFIED, displayScale, UNSPECIFIED, true);
    }

    /**
     * The fewest fractional digits a DECIMAL value of this type is shown with: its scale, 0 if it
     * has none; 0 for other kinds.
     */
    public int displayScale() {
        return kind == TypeKind.DECIMAL && scale != UNSPECIFIED ? scale : 0;
    }

    /**
     * DECIMAL value {@code v} as PostgreSQL shows it in this type: with at least
     * {@link #displayScale()} fractional digits (trailing zeros added), never with a negative scale.
     */
    public java.math.BigDecimal display(java.math.BigDecimal v) {
        int s = Math.max(Math.max(v.scale(), 0), displayScale());
        return s == v.scale() ? v : v.setScale(s);
    }

    /** Nullable {@code CHAR(length)}. SQL's {@code CHAR} without a length is {@code CHAR(1)}. */
    public static ColumnType fixedChar(int length) {
        return new ColumnType(TypeKind.CHAR, UNSPECIFIED, UNSPECIFIED, length, true);
    }

    /** Nullable {@code VARCHAR(length)}; pass {@link #UNSPECIFIED} for no limit. */
    public static ColumnType varchar(int length) {
        return new ColumnType(TypeKind.VARCHAR, UNSPECIFIED, UNSPECIFIED, length, true);
    }

    /** This type with nullability {@code nullable}. */
    public ColumnType withNullable(boolean nullable) {
        return nullable == this.nullable ? this : new ColumnType(kind, precision, scale, length, nullable);
    }

    /** The type as SQL spells it, e.g. {@code DECIMAL(10,2) NOT NULL}. */
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder(kind.name());
        if (kind == TypeKind.DECIMAL && precision != UNSPECIFIED) {
            sb.append('(').append(precision);
            if (scale != UNSPECIFIED) {
                sb.append(',').append(scale);
            }
            sb.append(')');
        } else if (length != UNSPECIFIED) {
            sb.append('(').append(length).append(')');
        }
        if (!nullable) {
            sb.append(" NOT NULL");
        }
        return sb.toString();
    }
}
