package dev.spindle.compute.expr.func;

import static dev.spindle.compute.expr.func.TypeRules.check;

import dev.spindle.common.type.ColumnType;
import dev.spindle.common.type.TypeKind;
import java.util.List;

/**
 * Functions and operators of two arguments, named as SQL spells them. All but
 * {@code IS [NOT] DISTINCT FROM} and {@code NULLIF} return NULL when an argument is NULL
 * ({@link #propagatesNulls()}); both arguments are always evaluated.
 *
 * <p>Typing ({@link #outputType}): comparisons take two comparable types
 * ({@link TypeRules#comparable}); arithmetic takes two numbers of one kind (any two integer kinds,
 * the result being the wider), DECIMAL results are unconstrained, with the display scale
 * PostgreSQL's results have ({@link ColumnType#displayScale()}: the larger of the operands' for
 * {@code + - %}, their sum for {@code *}, none for {@code /}); {@code date + integer},
 * {@code integer + date}, {@code date - integer} give DATE and {@code date - date} INTEGER;
 * {@code power}, {@code log} and {@code atan2} take DOUBLE; {@code round}/{@code trunc} take a
 * number and an integer; string functions take strings (and integers for counts) and return TEXT.
 * Immutable and thread-safe.
 */
public enum BinaryFunc {
    EQ("=", Syntax.INFIX),
    NE("<>", Syntax.INFIX),
    LT("<", Syntax.INFIX),
    LE("<=", Syntax.INFIX),
    GT(">", Syntax.INFIX),
    GE(">=", Syntax.INFIX),
    IS_DISTINCT_FROM("IS DISTINCT FROM", Syntax.INFIX),
    IS_NOT_DISTINCT_FROM("IS NOT DISTINCT FROM", Syntax.INFIX),

    ADD("+", Syntax.INFIX),
    SUB("-", Syntax.INFIX),
    MUL("*", Syntax.INFIX),
    DIV("/", Syntax.INFIX),
    /** {@code %} and {@code mod(a, b)}. */
    MOD("%", Syntax.INFIX),
    /** {@code power(x, y)}, also {@code pow}. */
    POWER("power", Syntax.FUNCTION),
    /** {@code log(base, x)}. */
    LOG("log", Syntax.FUNCTION),
    ATAN2("atan2", Syntax.FUNCTION),
    /** {@code round(x, digits)}. */
    ROUND("round", Syntax.FUNCTION),
    /** {@code trunc(x, digits)}. */
    TRUNC("trunc", Syntax.FUNCTION),

    /** {@code a || b}. */
    TEXT_CONCAT("||", Syntax.INFIX),
    /** {@code strpos(s, sub)}; {@code position(sub IN s)} is {@code strpos(s, sub)}. */
    STRPOS("strpos", Syntax.FUNCTION),
    LEFT("left", Syntax.FUNCTION),
    RIGHT("right", Syntax.FUNCTION),
    REPEAT("repeat", Syntax.FUNCTION),
    STARTS_WITH("starts_with", Syntax.FUNCTION),
    /** {@code btrim(s, chars)} / {@code trim(BOTH chars FROM s)}. */
    BTRIM("btrim", Syntax.FUNCTION),
    /** {@code ltrim(s, chars)} / {@code trim(LEADING chars FROM s)}. */
    LTRIM("ltrim", Syntax.FUNCTION),
    /** {@code rtrim(s, chars)} / {@code trim(TRAILING chars FROM s)}. */
    RTRIM("rtrim", Syntax.FUNCTION),

    /** {@code NULLIF(a, b)}: NULL if {@code a = b}, else {@code a}. */
    NULLIF("nullif", Syntax.FUNCTION);

    private final String sqlName;
    private final Syntax syntax;

    BinaryFunc(String sqlName, Syntax syntax) {
        this.sqlName = sqlName;
        this.syntax = syntax;
    }

    /** The name as SQL spells it: {@code =}, {@code ||}, {@code IS DISTINCT FROM}, {@code strpos}. */
    public String sqlName() {
        return sqlName;
    }

    /** False for {@code IS [NOT] DISTINCT FROM} and {@code NULLIF}, which see NULL arguments. */
    public boolean propagatesNulls() {
        return this != IS_DISTINCT_FROM && this != IS_NOT_DISTINCT_FROM && this != NULLIF;
    }

    /** True for {@code = <> < <= > >=}. */
    public boolean isComparison() {
        return ordinal() <= GE.ordinal();
    }

    /** The call as text, e.g. {@code (#0 + 1)}, {@code strpos(#0, 'a')}. */
    public String render(String left, String right) {
        return syntax.render(sqlName, List.of(left, right));
    }

    /**
     * The result type for arguments of types {@code l} and {@code r}.
     *
     * @throws IllegalArgumentException if the function does not accept them
     */
    public ColumnType outputType(ColumnType l, ColumnType r) {
        boolean nullable = l.nullable() || r.nullable();
        switch (this) {
            case EQ:
            case NE:
            case LT:
            case LE:
            case GT:
            case GE:
                check(TypeRules.comparable(l, r), sqlName, l, r);
                return TypeRules.of(TypeKind.BOOLEAN, nullable);
            case IS_DISTINCT_FROM:
            case IS_NOT_DISTINCT_FROM:
                check(TypeRules.comparable(l, r), sqlName, l, r);
                return TypeRules.of(TypeKind.BOOLEAN, false);
            case ADD:
            case SUB:
                if (l.kind() == TypeKind.DATE || r.kind() == TypeKind.DATE) {
                    return dateArithmeticType(l, r, nullable);
                }
                return arithmeticType(l, r, nullable);
            case MUL:
            case DIV:
            case MOD:
                return arithmeticType(l, r, nullable);
            case POWER:
            case LOG:
            case ATAN2:
                check(TypeRules.isDouble(l) && TypeRules.isDouble(r), sqlName, l, r);
                return TypeRules.of(TypeKind.DOUBLE, nullable);
            case ROUND:
            case TRUNC:
                check(TypeRules.isNumber(l) && TypeRules.isInteger(r), sqlName, l, r);
                return l.kind() == TypeKind.DECIMAL ? TypeRules.decimal(nullable) : l.withNullable(nullable);
            case TEXT_CONCAT:
            case BTRIM:
            case LTRIM:
            case RTRIM:
                check(TypeRules.isString(l) && TypeRules.isString(r), sqlName, l, r);
                return TypeRules.of(TypeKind.TEXT, nullable);
            case STRPOS:
                check(TypeRules.isString(l) && TypeRules.isString(r), sqlName, l, r);
                return TypeRules.of(TypeKind.INTEGER, nullable);
            case STARTS_WITH:
                check(TypeRules.isString(l) && TypeRules.isString(r), sqlName, l, r);
                return TypeRules.of(TypeKind.BOOLEAN, nullable);
            case LEFT:
            case RIGHT:
            case REPEAT:
                check(TypeRules.isString(l) && TypeRules.isInteger(r), sqlName, l, r);
                return TypeRules.of(TypeKind.TEXT, nullable);
            case NULLIF:
                check(TypeRules.comparable(l, r), sqlName, l, r);
                return l.withNullable(true);
            default:
                throw new AssertionError(this);
        }
    }

    private ColumnType arithmeticType(ColumnType l, ColumnType r, boolean nullable) {
        check(TypeRules.sameNumberKind(l, r), sqlName, l, r);
        if (l.kind().isInteger()) {
            return TypeRules.of(TypeRules.wider(l.kind(), r.kind()), nullable);
        }
        if (l.kind() == TypeKind.DECIMAL) {
            return decimalType(l.displayScale(), r.displayScale(), nullable);
        }
        return TypeRules.of(l.kind(), nullable);
    }

    /**
     * The unconstrained DECIMAL a DECIMAL operation gives, with PostgreSQL's result display scale
     * where it follows from the operands' ({@code + - %}: the larger; {@code *}: the sum); a
     * quotient's depends on the values (PostgreSQL's {@code select_div_scale}), so it has none.
     */
    private ColumnType decimalType(int l, int r, boolean nullable) {
        switch (this) {
            case ADD:
            case SUB:
            case MOD:
                return ColumnType.numeric(Math.max(l, r)).withNullable(nullable);
            case MUL:
                return ColumnType.numeric(Math.min(ColumnType.MAX_DECIMAL_PRECISION, l + r)).withNullable(nullable);
            default:
                return TypeRules.decimal(nullable);
        }
    }

    private ColumnType dateArithmeticType(ColumnType l, ColumnType r, boolean nullable) {
        if (l.kind() == TypeKind.DATE && r.kind().isInteger()) {
            return TypeRules.of(TypeKind.DATE, nullable);
        }
        if (this == ADD && l.kind().isInteger() && r.kind() == TypeKind.DATE) {
            return TypeRules.of(TypeKind.DATE, nullable);
        }
        check(this == SUB && l.kind() == TypeKind.DATE && r.kind() == TypeKind.DATE, sqlName, l, r);
        return TypeRules.of(TypeKind.INTEGER, nullable);
    }

    /**
     * Applies the function. The arguments are non-null when {@link #propagatesNulls()}.
     *
     * @param lt the left argument's static type
     * @param rt the right argument's static type
     * @param out the call's result type, from {@link #outputType}
     * @throws dev.spindle.common.error.SpindleException on an evaluation error
     */
    public Object eval(Object l, Object r, ColumnType lt, ColumnType rt, ColumnType out) {
        switch (this) {
            case EQ: return Comparison.compare(l, r, lt, rt) == 0;
            case NE: return Comparison.compare(l, r, lt, rt) != 0;
            case LT: return Comparison.compare(l, r, lt, rt) < 0;
            case LE: return Comparison.compare(l, r, lt, rt) <= 0;
            case GT: return Comparison.compare(l, r, lt, rt) > 0;
            case GE: return Comparison.compare(l, r, lt, rt) >= 0;
            case IS_DISTINCT_FROM: return !Comparison.notDistinct(l, r, lt, rt);
            case IS_NOT_DISTINCT_FROM: return Comparison.notDistinct(l, r, lt, rt);
            case ADD: return Arithmetic.add(l, r, out);
            case SUB: return Arithmetic.subtract(l, r, out);
            case MUL: return Arithmetic.multiply(l, r, out);
            case DIV: return Arithmetic.divide(l, r, lt, rt, out);
            case MOD: return Arithmetic.remainder(l, r);
            case POWER: return FloatMath.power((Double) l, (Double) r);
            case LOG: return FloatMath.log((Double) l, (Double) r);
            case ATAN2: return Math.atan2((Double) l, (Double) r);
            case ROUND: return Rounding.round(l, (Long) r, out.kind());
            case TRUNC: return Rounding.trunc(l, (Long) r, out.kind());
            case TEXT_CONCAT: return StringFunctions.concat(StringFunctions.text(l, lt), StringFunctions.text(r, rt));
            case STRPOS: return StringFunctions.strpos(StringFunctions.text(l, lt), StringFunctions.text(r, rt));
            case LEFT: return StringFunctions.left(StringFunctions.text(l, lt), (Long) r);
            case RIGHT: return StringFunctions.right(StringFunctions.text(l, lt), (Long) r);
            case REPEAT: return StringFunctions.repeat(StringFunctions.text(l, lt), (Long) r);
            case STARTS_WITH: return StringFunctions.startsWith(StringFunctions.text(l, lt), StringFunctions.text(r, rt));
            case BTRIM: return StringFunctions.btrim(StringFunctions.text(l, lt), StringFunctions.text(r, rt));
            case LTRIM: return StringFunctions.ltrim(StringFunctions.text(l, lt), StringFunctions.text(r, rt));
            case RTRIM: return StringFunctions.rtrim(StringFunctions.text(l, lt), StringFunctions.text(r, rt));
            case NULLIF: return Boolean.TRUE.equals(Comparison.equal(l, r, lt, rt)) ? null : l;
            default: throw new AssertionError(this);
        }
    }
}
