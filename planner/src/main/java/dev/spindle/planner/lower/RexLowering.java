package dev.spindle.planner.lower;

import dev.spindle.common.error.ErrorCode;
import dev.spindle.common.error.SpindleException;
import dev.spindle.common.type.ColumnType;
import dev.spindle.common.type.TypeKind;
import dev.spindle.compute.expr.Cast;
import dev.spindle.compute.expr.If;
import dev.spindle.compute.expr.ScalarExpr;
import dev.spindle.compute.expr.func.BinaryFunc;
import dev.spindle.compute.expr.func.TypeRules;
import dev.spindle.compute.expr.func.UnaryFunc;
import dev.spindle.compute.expr.func.VariadicFunc;
import dev.spindle.planner.calcite.Types;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.calcite.avatica.util.TimeUnitRange;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexDynamicParam;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.fun.SqlLikeOperator;
import org.apache.calcite.sql.fun.SqlTrimFunction;
import org.apache.calcite.util.DateString;
import org.apache.calcite.util.TimeString;
import org.apache.calcite.util.TimestampString;

/**
 * Calcite's row expressions to compute's {@link ScalarExpr}s over an input of known column
 * types. Compute's functions accept only operands that share a type, so the lowering inserts the
 * casts PostgreSQL would (integers widen to DECIMAL, DECIMAL to DOUBLE); a function or operator
 * compute lacks is refused with {@link ErrorCode#FEATURE_NOT_SUPPORTED_1} naming it.
 *
 * <p>Thread-safety: not thread-safe; one per lowering.
 */
public final class RexLowering {
    private final RexBuilder rexBuilder;
    private final List<ColumnType> input;
    private final ParameterSlots parameters;

    public RexLowering(RexBuilder rexBuilder, List<ColumnType> input) {
        this(rexBuilder, input, null);
    }

    /** A lowering that lowers parameter {@code ?i} to {@code parameters}' placeholder i (null: refuses parameters). */
    public RexLowering(RexBuilder rexBuilder, List<ColumnType> input, ParameterSlots parameters) {
        this.rexBuilder = rexBuilder;
        this.input = List.copyOf(input);
        this.parameters = parameters;
    }

    /** The compute expression of {@code rex}. */
    public ScalarExpr lower(RexNode rex) {
        if (rex instanceof RexInputRef) {
            int i = ((RexInputRef) rex).getIndex();
            return ScalarExpr.column(i, input.get(i));
        }
        if (rex instanceof RexLiteral) {
            return literal((RexLiteral) rex);
        }
        if (rex instanceof RexDynamicParam && parameters != null) {
            return parameters.placeholder(((RexDynamicParam) rex).getIndex());
        }
        if (rex instanceof org.apache.calcite.rex.RexOver) {
            throw unsupported("window functions");
        }
        if (rex instanceof RexCall) {
            return call((RexCall) rex);
        }
        throw unsupported(rex.getKind().sql.toLowerCase(Locale.ROOT) + " expressions (" + rex + ")");
    }

    static SpindleException unsupported(String what) {
        return new SpindleException(ErrorCode.FEATURE_NOT_SUPPORTED_1, what);
    }

    // ------------------------------------------------------------------ literals

    private ScalarExpr literal(RexLiteral lit) {
        ColumnType type = Types.fromCalcite(lit.getType());
        if (type.kind() == TypeKind.CHAR) {
            type = ColumnType.of(TypeKind.TEXT).withNullable(type.nullable()); // 'abc' is text, as in PostgreSQL
        }
        if (lit.isNull()) {
            return ScalarExpr.literal(null, type.withNullable(true));
        }
        type = type.withNullable(false);
        Object v;
        switch (type.kind()) {
            case BOOLEAN:
                v = lit.getValueAs(Boolean.class);
                break;
            case SMALLINT:
            case INTEGER:
            case BIGINT:
                v = lit.getValueAs(BigDecimal.class).longValueExact();
                break;
            case DECIMAL:
                v = lit.getValueAs(BigDecimal.class);
                break;
            case REAL:
                v = lit.getValueAs(BigDecimal.class).floatValue();
                break;
            case DOUBLE:
                v = lit.getValueAs(Double.class);
                break;
            case CHAR:
            case VARCHAR:
            case TEXT:
                v = lit.getValueAs(String.class);
                break;
            case DATE:
                v = LocalDate.parse(lit.getValueAs(DateString.class).toString());
                break;
            case TIME:
                v = LocalTime.parse(lit.getValueAs(TimeString.class).toString());
                break;
            case TIMESTAMP:
                v = LocalDateTime.parse(lit.getValueAs(TimestampString.class).toString().replace(' ', 'T'));
                break;
            default:
                throw unsupported("literals of type " + type);
        }
        return ScalarExpr.literal(v, type);
    }

    // ------------------------------------------------------------------ calls

    private List<ScalarExpr> operands(RexCall call) {
        List<ScalarExpr> out = new ArrayList<>();
        for (RexNode o : call.getOperands()) {
            out.add(lower(o));
        }
        return out;
    }

    private ScalarExpr call(RexCall call) {
        SqlKind kind = call.getKind();
        switch (kind) {
            case SEARCH:
                return lower(RexUtil.expandSearch(rexBuilder, null, call));
            case AND:
                return ScalarExpr.call(VariadicFunc.AND, operands(call).toArray(new ScalarExpr[0]));
            case OR:
                return ScalarExpr.call(VariadicFunc.OR, operands(call).toArray(new ScalarExpr[0]));
            case NOT:
                return ScalarExpr.call(UnaryFunc.NOT, lower(call.getOperands().get(0)));
            case EQUALS:
                return compare(BinaryFunc.EQ, call);
            case NOT_EQUALS:
                return compare(BinaryFunc.NE, call);
            case LESS_THAN:
                return compare(BinaryFunc.LT, call);
            case LESS_THAN_OR_EQUAL:
                return compare(BinaryFunc.LE, call);
            case GREATER_THAN:
                return compare(BinaryFunc.GT, call);
            case GREATER_THAN_OR_EQUAL:
                return compare(BinaryFunc.GE, call);
            case IS_DISTINCT_FROM:
                return compare(BinaryFunc.IS_DISTINCT_FROM, call);
            case IS_NOT_DISTINCT_FROM:
                return compare(BinaryFunc.IS_NOT_DISTINCT_FROM, call);
            case IS_NULL:
                return unary(UnaryFunc.IS_NULL, call);
            case IS_NOT_NULL:
                return unary(UnaryFunc.IS_NOT_NULL, call);
            case IS_TRUE:
                return unary(UnaryFunc.IS_TRUE, call);
            case IS_NOT_TRUE:
                return unary(UnaryFunc.IS_NOT_TRUE, call);
            case IS_FALSE:
                return unary(UnaryFunc.IS_FALSE, call);
            case IS_NOT_FALSE:
                return unary(UnaryFunc.IS_NOT_FALSE, call);
            case IS_UNKNOWN:
                return unary(UnaryFunc.IS_UNKNOWN, call);
            case PLUS:
                return arithmetic(BinaryFunc.ADD, call);
            case MINUS:
                return arithmetic(BinaryFunc.SUB, call);
            case TIMES:
                return arithmetic(BinaryFunc.MUL, call);
            case DIVIDE:
                return arithmetic(BinaryFunc.DIV, call);
            case MOD:
                return arithmetic(BinaryFunc.MOD, call);
            case MINUS_PREFIX:
                return unary(UnaryFunc.NEG, call);
            case PLUS_PREFIX:
                return lower(call.getOperands().get(0));
            case CASE:
                return caseWhen(call);
            case CAST:
                return new Cast(lower(call.getOperands().get(0)), target(call), true);
            case COALESCE:
                return variadicUnified(VariadicFunc.COALESCE, call);
            case GREATEST:
            case GREATEST_PG:
                return variadicUnified(VariadicFunc.GREATEST, call);
            case LEAST:
            case LEAST_PG:
                return variadicUnified(VariadicFunc.LEAST, call);
            case NULLIF: {
                List<ScalarExpr> ops = unify(operands(call));
                return ScalarExpr.call(BinaryFunc.NULLIF, ops.get(0), ops.get(1));
            }
            case LIKE: {
                boolean negated = call.getOperator() instanceof SqlLikeOperator && ((SqlLikeOperator) call.getOperator()).isNegated();
                boolean ilike = call.getOperator().getName().toUpperCase(Locale.ROOT).contains("ILIKE");
                ScalarExpr like = ScalarExpr.call(ilike ? VariadicFunc.ILIKE : VariadicFunc.LIKE,
                        operands(call).toArray(new ScalarExpr[0]));
                return negated ? ScalarExpr.call(UnaryFunc.NOT, like) : like;
            }
            case TRIM:
                return trim(call);
            case POSITION: {
                List<ScalarExpr> ops = operands(call);
                if (ops.size() != 2) {
                    throw unsupported("position with a start");
                }
                return ScalarExpr.call(BinaryFunc.STRPOS, ops.get(1), ops.get(0));
            }
            case EXTRACT:
                return extract(call);
            case CEIL:
                return unary(UnaryFunc.CEIL, call);
            case FLOOR:
                return unary(UnaryFunc.FLOOR, call);
            default:
                return function(call);
        }
    }

    private ColumnType target(RexCall cast) {
        ColumnType t = Types.fromCalcite(cast.getType());
        return t;
    }

    private ScalarExpr unary(UnaryFunc f, RexCall call) {
        return ScalarExpr.call(f, lower(call.getOperands().get(0)));
    }

    /** A comparison: numbers of different kinds meet at their common type. */
    private ScalarExpr compare(BinaryFunc f, RexCall call) {
        List<ScalarExpr> ops = unify(operands(call));
        return ScalarExpr.call(f, ops.get(0), ops.get(1));
    }

    /** Arithmetic on numbers of a common kind. */
    private ScalarExpr arithmetic(BinaryFunc f, RexCall call) {
        List<ScalarExpr> ops = operands(call);
        if (ops.size() != 2) {
            throw unsupported(call.getOperator().getName() + " with " + ops.size() + " operands");
        }
        if (!isNumber(ops.get(0).type()) || !isNumber(ops.get(1).type())) {
            throw unsupported("arithmetic on " + ops.get(0).type() + " and " + ops.get(1).type());
        }
        ops = unify(ops);
        return ScalarExpr.call(f, ops.get(0), ops.get(1));
    }

    private ScalarExpr variadicUnified(VariadicFunc f, RexCall call) {
        return ScalarExpr.call(f, unify(operands(call)).toArray(new ScalarExpr[0]));
    }

    /** CASE WHEN c1 THEN v1 ... ELSE e END as nested IFs over branches of a common type. */
    private ScalarExpr caseWhen(RexCall call) {
        List<ScalarExpr> ops = operands(call);
        List<ScalarExpr> values = new ArrayList<>();
        for (int i = 1; i < ops.size(); i += 2) {
            values.add(ops.get(i));
        }
        values.add(ops.get(ops.size() - 1));
        values = unify(values);
        ScalarExpr out = values.get(values.size() - 1);
        for (int i = ops.size() - 3; i >= 0; i -= 2) {
            out = new If(ops.get(i), values.get(i / 2), out, TypeRules.union(values.get(i / 2).type(), out.type()));
        }
        return out;
    }

    private ScalarExpr trim(RexCall call) {
        SqlTrimFunction.Flag flag = ((RexLiteral) call.getOperands().get(0)).getValueAs(SqlTrimFunction.Flag.class);
        ScalarExpr chars = lower(call.getOperands().get(1));
        ScalarExpr s = lower(call.getOperands().get(2));
        BinaryFunc f = flag == SqlTrimFunction.Flag.LEADING ? BinaryFunc.LTRIM
                : flag == SqlTrimFunction.Flag.TRAILING ? BinaryFunc.RTRIM : BinaryFunc.BTRIM;
        return ScalarExpr.call(f, s, chars);
    }

    private ScalarExpr extract(RexCall call) {
        TimeUnitRange unit = ((RexLiteral) call.getOperands().get(0)).getValueAs(TimeUnitRange.class);
        ScalarExpr v = lower(call.getOperands().get(1));
        UnaryFunc f;
        switch (unit) {
            case YEAR:
                f = UnaryFunc.EXTRACT_YEAR;
                break;
            case MONTH:
                f = UnaryFunc.EXTRACT_MONTH;
                break;
            case DAY:
                f = UnaryFunc.EXTRACT_DAY;
                break;
            case HOUR:
                f = UnaryFunc.EXTRACT_HOUR;
                break;
            case MINUTE:
                f = UnaryFunc.EXTRACT_MINUTE;
                break;
            case SECOND:
                f = UnaryFunc.EXTRACT_SECOND;
                break;
            case DOW:
                f = UnaryFunc.EXTRACT_DOW;
                break;
            case DOY:
                f = UnaryFunc.EXTRACT_DOY;
                break;
            case EPOCH:
                f = UnaryFunc.EXTRACT_EPOCH;
                break;
            default:
                throw unsupported("extract(" + unit + ")");
        }
        return ScalarExpr.call(f, v);
    }

    /** Named functions. */
    private ScalarExpr function(RexCall call) {
        String name = call.getOperator().getName().toLowerCase(Locale.ROOT);
        List<ScalarExpr> ops = operands(call);
        switch (name) {
            case "abs":
                return ScalarExpr.call(UnaryFunc.ABS, ops.get(0));
            case "sign":
                return ScalarExpr.call(UnaryFunc.SIGN, ops.get(0));
            case "round":
                return ops.size() == 1 ? ScalarExpr.call(UnaryFunc.ROUND, ops.get(0))
                        : withDisplayScale(ScalarExpr.call(BinaryFunc.ROUND, ops.get(0), toInteger(ops.get(1))), ops.get(1));
            case "truncate":
            case "trunc":
                return ops.size() == 1 ? ScalarExpr.call(UnaryFunc.TRUNC, ops.get(0))
                        : withDisplayScale(ScalarExpr.call(BinaryFunc.TRUNC, ops.get(0), toInteger(ops.get(1))), ops.get(1));
            case "sqrt":
                return doubles(UnaryFunc.SQRT, ops);
            case "cbrt":
                return doubles(UnaryFunc.CBRT, ops);
            case "exp":
                return doubles(UnaryFunc.EXP, ops);
            case "ln":
                return doubles(UnaryFunc.LN, ops);
            case "log10":
                return ScalarExpr.call(BinaryFunc.LOG, ScalarExpr.literal(10.0, ColumnType.of(TypeKind.DOUBLE).withNullable(false)),
                        toDouble(ops.get(0)));
            case "log":
                return ops.size() == 1
                        ? ScalarExpr.call(BinaryFunc.LOG, ScalarExpr.literal(10.0, ColumnType.of(TypeKind.DOUBLE).withNullable(false)),
                                toDouble(ops.get(0)))
                        : ScalarExpr.call(BinaryFunc.LOG, toDouble(ops.get(0)), toDouble(ops.get(1)));
            case "power":
            case "pow":
            case "^": // PostgreSQL's exponentiation (the parser's SqlPowerOperator)
                return ScalarExpr.call(BinaryFunc.POWER, toDouble(ops.get(0)), toDouble(ops.get(1)));
            case "atan2":
                return ScalarExpr.call(BinaryFunc.ATAN2, toDouble(ops.get(0)), toDouble(ops.get(1)));
            case "sin":
                return doubles(UnaryFunc.SIN, ops);
            case "cos":
                return doubles(UnaryFunc.COS, ops);
            case "tan":
                return doubles(UnaryFunc.TAN, ops);
            case "asin":
                return doubles(UnaryFunc.ASIN, ops);
            case "acos":
                return doubles(UnaryFunc.ACOS, ops);
            case "atan":
                return doubles(UnaryFunc.ATAN, ops);
            case "degrees":
                return doubles(UnaryFunc.DEGREES, ops);
            case "radians":
                return doubles(UnaryFunc.RADIANS, ops);
            case "pi":
                return ScalarExpr.call(VariadicFunc.PI);
            case "upper":
                return ScalarExpr.call(UnaryFunc.UPPER, ops.get(0));
            case "lower":
                return ScalarExpr.call(UnaryFunc.LOWER, ops.get(0));
            case "char_length":
            case "character_length":
            case "length":
                return ScalarExpr.call(UnaryFunc.CHAR_LENGTH, ops.get(0));
            case "octet_length":
                return ScalarExpr.call(UnaryFunc.OCTET_LENGTH, ops.get(0));
            case "reverse":
                return ScalarExpr.call(UnaryFunc.REVERSE, ops.get(0));
            case "||":
            case "concat":
                if (ops.size() == 2 && name.equals("||")) {
                    return ScalarExpr.call(BinaryFunc.TEXT_CONCAT, ops.get(0), ops.get(1));
                }
                return ScalarExpr.call(VariadicFunc.CONCAT, ops.toArray(new ScalarExpr[0]));
            case "substring":
            case "substr":
                return ScalarExpr.call(VariadicFunc.SUBSTRING, withIntegers(ops, 1).toArray(new ScalarExpr[0]));
            case "replace":
                return ScalarExpr.call(VariadicFunc.REPLACE, ops.toArray(new ScalarExpr[0]));
            case "lpad":
                return ScalarExpr.call(VariadicFunc.LPAD, padArguments(ops).toArray(new ScalarExpr[0]));
            case "rpad":
                return ScalarExpr.call(VariadicFunc.RPAD, padArguments(ops).toArray(new ScalarExpr[0]));
            case "left":
                return ScalarExpr.call(BinaryFunc.LEFT, ops.get(0), toInteger(ops.get(1)));
            case "right":
                return ScalarExpr.call(BinaryFunc.RIGHT, ops.get(0), toInteger(ops.get(1)));
            case "repeat":
                return ScalarExpr.call(BinaryFunc.REPEAT, ops.get(0), toInteger(ops.get(1)));
            case "strpos":
                return ScalarExpr.call(BinaryFunc.STRPOS, ops.get(0), ops.get(1));
            case "starts_with":
                return ScalarExpr.call(BinaryFunc.STARTS_WITH, ops.get(0), ops.get(1));
            case "btrim":
            case "ltrim":
            case "rtrim": {
                ScalarExpr chars = ops.size() > 1 ? ops.get(1)
                        : ScalarExpr.literal(" ", ColumnType.of(TypeKind.TEXT).withNullable(false));
                BinaryFunc f = name.equals("btrim") ? BinaryFunc.BTRIM : name.equals("ltrim") ? BinaryFunc.LTRIM : BinaryFunc.RTRIM;
                return ScalarExpr.call(f, ops.get(0), chars);
            }
            case "mod":
                return ScalarExpr.call(BinaryFunc.MOD, unify(ops).get(0), unify(ops).get(1));
            default:
                throw unsupported("function " + name);
        }
    }

    /**
     * {@code round(x, n)} / {@code trunc(x, n)} of a DECIMAL with a constant {@code n > 0}: the
     * result shows n digits ({@code round(1.5, 2)} is 1.50), which its type must carry because a
     * row keeps no trailing zeros; a cast to an unconstrained DECIMAL of that display scale, which
     * changes no value.
     */
    private static ScalarExpr withDisplayScale(ScalarExpr call, ScalarExpr digits) {
        if (call.type().kind() != TypeKind.DECIMAL || !(digits instanceof dev.spindle.compute.expr.Literal)) {
            return call;
        }
        Object n = ((dev.spindle.compute.expr.Literal) digits).value();
        if (!(n instanceof Long) || (Long) n <= 0) {
            return call;
        }
        int scale = (int) Math.min((Long) n, ColumnType.MAX_DECIMAL_PRECISION);
        return new Cast(call, ColumnType.numeric(scale), true);
    }

    private ScalarExpr doubles(UnaryFunc f, List<ScalarExpr> ops) {
        return ScalarExpr.call(f, toDouble(ops.get(0)));
    }

    /** lpad/rpad(string, length [, fill]): the length an integer, the fill a string. */
    private static List<ScalarExpr> padArguments(List<ScalarExpr> ops) {
        List<ScalarExpr> out = new ArrayList<>(ops);
        out.set(1, toInteger(out.get(1)));
        return out;
    }

    private static List<ScalarExpr> withIntegers(List<ScalarExpr> ops, int from) {
        List<ScalarExpr> out = new ArrayList<>(ops);
        for (int i = from; i < out.size(); i++) {
            out.set(i, toInteger(out.get(i)));
        }
        return out;
    }

    private static ScalarExpr toDouble(ScalarExpr e) {
        return e.type().kind() == TypeKind.DOUBLE ? e : cast(e, TypeKind.DOUBLE);
    }

    private static ScalarExpr toInteger(ScalarExpr e) {
        return e.type().kind().isInteger() ? e : cast(e, TypeKind.INTEGER);
    }

    private static ScalarExpr cast(ScalarExpr e, TypeKind kind) {
        return new Cast(e, ColumnType.of(kind).withNullable(e.type().nullable()), true);
    }

    // ------------------------------------------------------------------ common types

    static boolean isNumber(ColumnType t) {
        switch (t.kind()) {
            case SMALLINT:
            case INTEGER:
            case BIGINT:
            case DECIMAL:
            case REAL:
            case DOUBLE:
                return true;
            default:
                return false;
        }
    }

    private static int rank(TypeKind k) {
        switch (k) {
            case SMALLINT:
                return 0;
            case INTEGER:
                return 1;
            case BIGINT:
                return 2;
            case DECIMAL:
                return 3;
            case REAL:
                return 4;
            case DOUBLE:
                return 5;
            default:
                return -1;
        }
    }

    /**
     * {@code ops} cast to one type where they are numbers of different kinds (PostgreSQL's
     * promotion: integer, numeric, real, double; numeric with real meets at double); other
     * operands unchanged.
     */
    static List<ScalarExpr> unify(List<ScalarExpr> ops) {
        TypeKind widest = null;
        boolean anyReal = false;
        boolean anyDecimal = false;
        for (ScalarExpr e : ops) {
            TypeKind k = e.type().kind();
            if (!isNumber(e.type())) {
                if (e instanceof dev.spindle.compute.expr.Literal && ((dev.spindle.compute.expr.Literal) e).value() == null) {
                    continue; // a typed NULL takes the others' type
                }
                return unifyOthers(ops);
            }
            anyReal |= k == TypeKind.REAL;
            anyDecimal |= k == TypeKind.DECIMAL;
            if (widest == null || rank(k) > rank(widest)) {
                widest = k;
            }
        }
        if (widest == null) {
            return unifyOthers(ops);
        }
        if (anyReal && anyDecimal) {
            widest = TypeKind.DOUBLE;
        }
        List<ScalarExpr> out = new ArrayList<>();
        for (ScalarExpr e : ops) {
            TypeKind k = e.type().kind();
            boolean same = k == widest || (k.isInteger() && widest.isInteger());
            out.add(same ? e : cast(e, widest));
        }
        return out;
    }

    /** Non-numeric operands: NULL literals take the type of the first typed operand. */
    private static List<ScalarExpr> unifyOthers(List<ScalarExpr> ops) {
        ColumnType typed = null;
        for (ScalarExpr e : ops) {
            if (!(e instanceof dev.spindle.compute.expr.Literal && ((dev.spindle.compute.expr.Literal) e).value() == null)) {
                typed = e.type();
                break;
            }
        }
        if (typed == null) {
            return ops;
        }
        List<ScalarExpr> out = new ArrayList<>();
        for (ScalarExpr e : ops) {
            boolean nullLiteral = e instanceof dev.spindle.compute.expr.Literal && ((dev.spindle.compute.expr.Literal) e).value() == null;
            out.add(nullLiteral && e.type().kind() != typed.kind() ? ScalarExpr.literal(null, typed.withNullable(true)) : e);
        }
        return out;
    }
}
