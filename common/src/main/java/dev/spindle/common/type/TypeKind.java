package dev.spindle.common.type;

/**
 * The SQL column types Spindle stores, with the Java class a decoded value of each has.
 *
 * <p>Integer kinds share one order-preserving variable-length encoding (see
 * {@link dev.spindle.common.row.Row}), so a SMALLINT, INTEGER and BIGINT holding the same number
 * encode to the same bytes and compare numerically; the kind fixes the range that arithmetic and
 * casts must respect.
 */
public enum TypeKind {
    BOOLEAN(Boolean.class),
    SMALLINT(Long.class),
    INTEGER(Long.class),
    BIGINT(Long.class),
    REAL(Float.class),
    DOUBLE(Double.class),
    DECIMAL(java.math.BigDecimal.class),
    CHAR(String.class),
    VARCHAR(String.class),
    TEXT(String.class),
    DATE(java.time.LocalDate.class),
    TIME(java.time.LocalTime.class),
    TIMESTAMP(java.time.LocalDateTime.class);

    private final Class<?> javaClass;

    TypeKind(Class<?> javaClass) {
        this.javaClass = javaClass;
    }

    /** The class of a non-null value of this kind as decoded from a {@code Row}. */
    public Class<?> javaClass() {
        return javaClass;
    }

    /** True for SMALLINT, INTEGER and BIGINT. */
    public boolean isInteger() {
        return this == SMALLINT || this == INTEGER || this == BIGINT;
    }

    /** True for the integer kinds, REAL, DOUBLE and DECIMAL. */
    public boolean isNumeric() {
        return isInteger() || this == REAL || this == DOUBLE || this == DECIMAL;
    }

    /** True for CHAR, VARCHAR and TEXT. */
    public boolean isString() {
        return this == CHAR || this == VARCHAR || this == TEXT;
    }

    /** Smallest value of an integer kind. */
    public long minValue() {
        switch (this) {
            case SMALLINT: return Short.MIN_VALUE;
            case INTEGER: return Integer.MIN_VALUE;
            case BIGINT: return Long.MIN_VALUE;
            default: throw new IllegalStateException(this + " is not an integer kind");
        }
    }

    /** Largest value of an integer kind. */
    public long maxValue() {
        switch (this) {
            case SMALLINT: return Short.MAX_VALUE;
            case INTEGER: return Integer.MAX_VALUE;
            case BIGINT: return Long.MAX_VALUE;
            default: throw new IllegalStateException(this + " is not an integer kind");
        }
    }
}
