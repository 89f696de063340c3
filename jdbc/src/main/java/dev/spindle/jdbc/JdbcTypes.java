package dev.spindle.jdbc;

import dev.spindle.common.type.ColumnType;
import dev.spindle.common.type.TypeKind;
import java.sql.Types;

/**
 * How Spindle's column types (DESIGN §6) look through {@link java.sql.DatabaseMetaData}: the
 * {@link Types} code, the type name, {@code COLUMN_SIZE}, {@code DECIMAL_DIGITS} and radix. The
 * codes and sizes agree with what {@code ResultSetMetaData} reports for the same columns
 * ({@code SpindleMeta}): VARCHAR and TEXT are both {@link Types#VARCHAR}; a VARCHAR without a
 * length and TEXT hold up to {@link ColumnType#MAX_LENGTH} characters.
 *
 * <p>Thread-safety: stateless.
 */
final class JdbcTypes {
    private JdbcTypes() {
    }

    /** The {@link Types} code of {@code kind}. */
    static int sqlType(TypeKind kind) {
        switch (kind) {
            case BOOLEAN: return Types.BOOLEAN;
            case SMALLINT: return Types.SMALLINT;
            case INTEGER: return Types.INTEGER;
            case BIGINT: return Types.BIGINT;
            case REAL: return Types.REAL;
            case DOUBLE: return Types.DOUBLE;
            case DECIMAL: return Types.DECIMAL;
            case CHAR: return Types.CHAR;
            case VARCHAR:
            case TEXT: return Types.VARCHAR;
            case DATE: return Types.DATE;
            case TIME: return Types.TIME;
            case TIMESTAMP: return Types.TIMESTAMP;
            default: throw new IllegalStateException("unmapped type " + kind);
        }
    }

    /** The name a column of {@code kind} is declared with (as {@code getTypeInfo} lists it). */
    static String typeName(TypeKind kind) {
        return kind.name();
    }

    /**
     * {@code COLUMN_SIZE}: digits for numbers (decimal precision; for a DECIMAL without one, the
     * most digits a DECIMAL may have), characters for strings, and the length of the text form
     * for dates and times.
     */
    static int columnSize(ColumnType t) {
        switch (t.kind()) {
            case BOOLEAN: return 1;
            case SMALLINT: return 5;
            case INTEGER: return 10;
            case BIGINT: return 19;
            case REAL: return 7;
            case DOUBLE: return 15;
            case DECIMAL: return t.precision() == ColumnType.UNSPECIFIED ? ColumnType.MAX_DECIMAL_PRECISION : t.precision();
            case CHAR: return t.length() == ColumnType.UNSPECIFIED ? 1 : t.length();
            case VARCHAR:
            case TEXT: return t.length() == ColumnType.UNSPECIFIED ? ColumnType.MAX_LENGTH : t.length();
            case DATE: return 10;
            case TIME: return 8;
            case TIMESTAMP: return 23;
            default: throw new IllegalStateException("unmapped type " + t);
        }
    }

    /**
     * {@code DECIMAL_DIGITS}: the scale of exact numbers (0 for integers; null for a DECIMAL
     * without a declared scale), fractional-second digits of a TIMESTAMP (milliseconds reach
     * JDBC), and null where it does not apply.
     */
    static Integer decimalDigits(ColumnType t) {
        switch (t.kind()) {
            case SMALLINT:
            case INTEGER:
            case BIGINT: return 0;
            case DECIMAL: return t.scale() == ColumnType.UNSPECIFIED ? null : t.scale();
            case TIME: return 0;
            case TIMESTAMP: return 3;
            default: return null;
        }
    }

    /** {@code NUM_PREC_RADIX}: 10 for numbers, null otherwise. */
    static Integer radix(TypeKind kind) {
        return kind.isNumeric() ? 10 : null;
    }

    /** {@code CHAR_OCTET_LENGTH}: the most UTF-8 bytes a string column's value may take; null otherwise. */
    static Integer charOctetLength(ColumnType t) {
        return t.kind().isString() ? columnSize(t) * 4 : null;
    }
}
