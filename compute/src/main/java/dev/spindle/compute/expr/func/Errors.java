package dev.spindle.compute.expr.func;

import dev.spindle.common.error.ErrorCode;
import dev.spindle.common.error.SpindleException;
import dev.spindle.common.type.TypeKind;

/**
 * The evaluation errors the functions raise, with PostgreSQL's messages and type names
 * ({@code "integer out of range"}, {@code invalid input syntax for type double precision}).
 * Stateless and thread-safe.
 */
final class Errors {
    private Errors() {
    }

    /** PostgreSQL's name of a type kind, as its error messages spell it. */
    static String pgName(TypeKind kind) {
        switch (kind) {
            case BOOLEAN: return "boolean";
            case SMALLINT: return "smallint";
            case INTEGER: return "integer";
            case BIGINT: return "bigint";
            case REAL: return "real";
            case DOUBLE: return "double precision";
            case DECIMAL: return "numeric";
            case CHAR: return "character";
            case VARCHAR: return "character varying";
            case TEXT: return "text";
            case DATE: return "date";
            case TIME: return "time";
            case TIMESTAMP: return "timestamp";
            default: throw new AssertionError(kind);
        }
    }

    static SpindleException divisionByZero() {
        return new SpindleException(ErrorCode.DIVISION_BY_ZERO_0);
    }

    /** {@code integer out of range} and its siblings. */
    static SpindleException outOfRange(TypeKind kind) {
        return new SpindleException(ErrorCode.NUMERIC_OUT_OF_RANGE_1, pgName(kind));
    }

    static SpindleException floatOverflow() {
        return new SpindleException(ErrorCode.FLOAT_OVERFLOW_0);
    }

    static SpindleException floatUnderflow() {
        return new SpindleException(ErrorCode.FLOAT_UNDERFLOW_0);
    }

    static SpindleException invalidInput(TypeKind kind, String input) {
        return new SpindleException(ErrorCode.INVALID_TEXT_REPRESENTATION_2, pgName(kind), input);
    }

    static SpindleException valueOutOfRange(TypeKind kind, String input) {
        return new SpindleException(ErrorCode.VALUE_OUT_OF_RANGE_FOR_TYPE_2, input, pgName(kind));
    }

    static SpindleException numericOverflow() {
        return new SpindleException(ErrorCode.NUMERIC_VALUE_OVERFLOW_0);
    }

    static SpindleException lengthTooLarge() {
        return new SpindleException(ErrorCode.REQUESTED_LENGTH_TOO_LARGE_0);
    }
}
