package dev.spindle.compute.expr.func;

import static dev.spindle.compute.expr.func.TypeRules.check;

import dev.spindle.common.type.ColumnType;
import dev.spindle.common.type.TypeKind;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.List;

/**
 * Functions of one argument, named as SQL spells them. Every function but the {@code IS} tests
 * returns NULL for a NULL argument ({@link #propagatesNulls()}).
 *
 * <p>Typing ({@link #outputType}): arithmetic and rounding keep the argument's type (DECIMAL
 * results are unconstrained DECIMAL where the scale may change); the math functions from
 * {@link #SQRT} on take and return DOUBLE (the planner casts, as PostgreSQL resolves them to
 * {@code float8}); string functions take any string type and return TEXT (lengths INTEGER);
 * EXTRACT takes DATE, TIME or TIMESTAMP where PostgreSQL 14+ accepts the field for that type.
 * Immutable and thread-safe.
 */
public enum UnaryFunc {
    NOT("NOT", Syntax.PREFIX),
    IS_NULL("IS NULL", Syntax.POSTFIX),
    IS_NOT_NULL("IS NOT NULL", Syntax.POSTFIX),
    IS_TRUE("IS TRUE", Syntax.POSTFIX),
    IS_NOT_TRUE("IS NOT TRUE", Syntax.POSTFIX),
    IS_FALSE("IS FALSE", Syntax.POSTFIX),
    IS_NOT_FALSE("IS NOT FALSE", Syntax.POSTFIX),
    IS_UNKNOWN("IS UNKNOWN", Syntax.POSTFIX),
    IS_NOT_UNKNOWN("IS NOT UNKNOWN", Syntax.POSTFIX),

    /** Unary minus. */
    NEG("-", Syntax.PREFIX),
    ABS("abs", Syntax.FUNCTION),
    /** {@code ceil} / {@code ceiling}. */
    CEIL("ceil", Syntax.FUNCTION),
    FLOOR("floor", Syntax.FUNCTION),
    ROUND("round", Syntax.FUNCTION),
    TRUNC("trunc", Syntax.FUNCTION),
    SIGN("sign", Syntax.FUNCTION),
    SQRT("sqrt", Syntax.FUNCTION),
    CBRT("cbrt", Syntax.FUNCTION),
    EXP("exp", Syntax.FUNCTION),
    LN("ln", Syntax.FUNCTION),
    /** {@code log10}, and {@code log} with one argument. */
    LOG10("log10", Syntax.FUNCTION),
    SIN("sin", Syntax.FUNCTION),
    COS("cos", Syntax.FUNCTION),
    TAN("tan", Syntax.FUNCTION),
    ASIN("asin", Syntax.FUNCTION),
    ACOS("acos", Syntax.FUNCTION),
    ATAN("atan", Syntax.FUNCTION),
    DEGREES("degrees", Syntax.FUNCTION),
    RADIANS("radians", Syntax.FUNCTION),

    /** {@code length} / {@code char_length} / {@code character_length}; a CHAR value without its padding. */
    CHAR_LENGTH("char_length", Syntax.FUNCTION),
    /** Bytes in UTF-8; a CHAR value counts its padding (as PostgreSQL's {@code bpcharoctetlen}). */
    OCTET_LENGTH("octet_length", Syntax.FUNCTION),
    UPPER("upper", Syntax.FUNCTION),
    LOWER("lower", Syntax.FUNCTION),
    /** {@code trim(s)} / {@code btrim(s)}: spaces removed at both ends. */
    BTRIM("btrim", Syntax.FUNCTION),
    LTRIM("ltrim", Syntax.FUNCTION),
    RTRIM("rtrim", Syntax.FUNCTION),
    REVERSE("reverse", Syntax.FUNCTION),

    EXTRACT_YEAR("year", Syntax.FUNCTION),
    EXTRACT_MONTH("month", Syntax.FUNCTION),
    EXTRACT_DAY("day", Syntax.FUNCTION),
    EXTRACT_HOUR("hour", Syntax.FUNCTION),
    EXTRACT_MINUTE("minute", Syntax.FUNCTION),
    /** Seconds with microseconds, DECIMAL scale 6. */
    EXTRACT_SECOND("second", Syntax.FUNCTION),
    /** Day of week, Sunday = 0. */
    EXTRACT_DOW("dow", Syntax.FUNCTION),
    /** Day of year, 1..366. */
    EXTRACT_DOY("doy", Syntax.FUNCTION),
    /** Seconds since 1970-01-01 00:00 (TIME: since midnight), DECIMAL. */
    EXTRACT_EPOCH("epoch", Syntax.FUNCTION);

    private final String sqlName;
    private final Syntax syntax;

    UnaryFunc(String sqlName, Syntax syntax) {
        this.sqlName = sqlName;
        this.syntax = syntax;
    }

    /** The name as SQL spells it: {@code NOT}, {@code IS NULL}, {@code -}, {@code upper}; the field for EXTRACT. */
    public String sqlName() {
        return sqlName;
    }

    /** False only for the {@code IS} tests, which see NULL arguments. */
    public boolean propagatesNulls() {
        return ordinal() < IS_NULL.ordinal() || ordinal() > IS_NOT_UNKNOWN.ordinal();
    }

    /** True for {@code EXTRACT_*}. */
    public boolean isExtract() {
        return ordinal() >= EXTRACT_YEAR.ordinal();
    }

    /** The call as text, e.g. {@code upper(#0)}, {@code (#0 IS NULL)}, {@code extract(year FROM #0)}. */
    public String render(String arg) {
        if (isExtract()) {
            return "extract(" + sqlName + " FROM " + arg + ")";
        }
        return syntax.render(sqlName, List.of(arg));
    }

    /**
     * The result type for an argument of type {@code arg}.
     *
     * @throws IllegalArgumentException if the function does not accept {@code arg}
     */
    public ColumnType outputType(ColumnType arg) {
        boolean nullable = arg.nullable();
        switch (this) {
            case NOT:
                check(TypeRules.isBoolean(arg), sqlName, arg);
                return arg;
            case IS_NULL:
            case IS_NOT_NULL:
                return TypeRules.of(TypeKind.BOOLEAN, false);
            case IS_TRUE:
            case IS_NOT_TRUE:
            case IS_FALSE:
            case IS_NOT_FALSE:
            case IS_UNKNOWN:
            case IS_NOT_UNKNOWN:
                check(TypeRules.isBoolean(arg), sqlName, arg);
                return TypeRules.of(TypeKind.BOOLEAN, false);
            case NEG:
            case ABS:
                check(TypeRules.isNumber(arg), sqlName, arg);
                return arg;
            case CEIL:
            case FLOOR:
            case ROUND:
            case TRUNC:
            case SIGN:
                check(TypeRules.isNumber(arg), sqlName, arg);
                return arg.kind() == TypeKind.DECIMAL ? TypeRules.decimal(nullable) : arg;
            case SQRT:
            case CBRT:
            case EXP:
            case LN:
            case LOG10:
            case SIN:
            case COS:
            case TAN:
            case ASIN:
            case ACOS:
            case ATAN:
            case DEGREES:
            case RADIANS:
                check(TypeRules.isDouble(arg), sqlName, arg);
                return arg;
            case CHAR_LENGTH:
            case OCTET_LENGTH:
                check(TypeRules.isString(arg), sqlName, arg);
                return TypeRules.of(TypeKind.INTEGER, nullable);
            case UPPER:
            case LOWER:
            case BTRIM:
            case LTRIM:
            case RTRIM:
            case REVERSE:
                check(TypeRules.isString(arg), sqlName, arg);
                return TypeRules.of(TypeKind.TEXT, nullable);
            default:
                return extractType(arg);
        }
    }

    private ColumnType extractType(ColumnType arg) {
        TypeKind k = arg.kind();
        boolean ok;
        switch (this) {
            case EXTRACT_YEAR:
            case EXTRACT_MONTH:
            case EXTRACT_DAY:
            case EXTRACT_DOW:
            case EXTRACT_DOY:
                ok = k == TypeKind.DATE || k == TypeKind.TIMESTAMP;
                break;
            case EXTRACT_HOUR:
            case EXTRACT_MINUTE:
            case EXTRACT_SECOND:
                ok = k == TypeKind.TIME || k == TypeKind.TIMESTAMP;
                break;
            default: // EPOCH
                ok = k == TypeKind.DATE || k == TypeKind.TIME || k == TypeKind.TIMESTAMP;
                break;
        }
        check(ok, "extract(" + sqlName + ")", arg);
        boolean decimal = this == EXTRACT_SECOND || this == EXTRACT_EPOCH;
        return TypeRules.of(decimal ? TypeKind.DECIMAL : TypeKind.BIGINT, arg.nullable());
    }

    /**
     * Applies the function. {@code arg} is non-null when {@link #propagatesNulls()}.
     *
     * @param argType the argument's static type
     * @param outType the call's result type, from {@link #outputType}
     * @throws dev.spindle.common.error.SpindleException on an evaluation error
     */
    public Object eval(Object arg, ColumnType argType, ColumnType outType) {
        switch (this) {
            case NOT: return Logic.not((Boolean) arg);
            case IS_NULL: return arg == null;
            case IS_NOT_NULL: return arg != null;
            case IS_TRUE: return Boolean.TRUE.equals(arg);
            case IS_NOT_TRUE: return !Boolean.TRUE.equals(arg);
            case IS_FALSE: return Boolean.FALSE.equals(arg);
            case IS_NOT_FALSE: return !Boolean.FALSE.equals(arg);
            case IS_UNKNOWN: return arg == null;
            case IS_NOT_UNKNOWN: return arg != null;
            case NEG: return Arithmetic.negate(arg, outType);
            case ABS: return Arithmetic.abs(arg, outType);
            case CEIL: return Rounding.ceil(arg);
            case FLOOR: return Rounding.floor(arg);
            case ROUND: return Rounding.round(arg);
            case TRUNC: return Rounding.trunc(arg);
            case SIGN: return Rounding.sign(arg);
            case SQRT: return FloatMath.sqrt((Double) arg);
            case CBRT: return Math.cbrt((Double) arg);
            case EXP: return FloatMath.exp((Double) arg);
            case LN: return FloatMath.ln((Double) arg);
            case LOG10: return FloatMath.log10((Double) arg);
            case SIN: return FloatMath.sin((Double) arg);
            case COS: return FloatMath.cos((Double) arg);
            case TAN: return FloatMath.tan((Double) arg);
            case ASIN: return FloatMath.asin((Double) arg);
            case ACOS: return FloatMath.acos((Double) arg);
            case ATAN: return Math.atan((Double) arg);
            case DEGREES: return FloatMath.degrees((Double) arg);
            case RADIANS: return FloatMath.radians((Double) arg);
            case CHAR_LENGTH: return StringFunctions.charLength(StringFunctions.text(arg, argType));
            case OCTET_LENGTH: return StringFunctions.octetLength((String) arg);
            case UPPER: return StringFunctions.upper(StringFunctions.text(arg, argType));
            case LOWER: return StringFunctions.lower(StringFunctions.text(arg, argType));
            case BTRIM: return StringFunctions.btrim(StringFunctions.text(arg, argType), " ");
            case LTRIM: return StringFunctions.ltrim(StringFunctions.text(arg, argType), " ");
            case RTRIM: return StringFunctions.rtrim(StringFunctions.text(arg, argType), " ");
            case REVERSE: return StringFunctions.reverse(StringFunctions.text(arg, argType));
            default: return extract(arg);
        }
    }

    private Object extract(Object arg) {
        LocalDate date = arg instanceof LocalDate ? (LocalDate) arg
                : arg instanceof LocalDateTime ? ((LocalDateTime) arg).toLocalDate() : null;
        LocalTime time = arg instanceof LocalTime ? (LocalTime) arg
                : arg instanceof LocalDateTime ? ((LocalDateTime) arg).toLocalTime() : null;
        switch (this) {
            case EXTRACT_YEAR: return DateTimeFunctions.year(date);
            case EXTRACT_MONTH: return (long) date.getMonthValue();
            case EXTRACT_DAY: return (long) date.getDayOfMonth();
            case EXTRACT_HOUR: return (long) time.getHour();
            case EXTRACT_MINUTE: return (long) time.getMinute();
            case EXTRACT_SECOND: return DateTimeFunctions.seconds(time);
            case EXTRACT_DOW: return DateTimeFunctions.dayOfWeek(date);
            case EXTRACT_DOY: return (long) date.getDayOfYear();
            case EXTRACT_EPOCH:
                if (arg instanceof LocalDateTime) {
                    return DateTimeFunctions.epoch((LocalDateTime) arg);
                }
                return arg instanceof LocalDate ? DateTimeFunctions.epoch(date) : DateTimeFunctions.epoch(time);
            default:
                throw new AssertionError(this);
        }
    }
}
