package dev.spindle.compute.expr.func;

import static dev.spindle.compute.expr.func.TypeRules.check;

import dev.spindle.common.type.ColumnType;
import dev.spindle.common.type.TypeKind;
import java.util.List;

/**
 * Functions of any number of arguments, named as SQL spells them. Each evaluates its own
 * arguments through {@link Arguments}: AND, OR and IN short-circuit (see {@link Logic} for how
 * they treat errors), COALESCE stops at the first non-NULL argument, the others evaluate every
 * argument and (except CONCAT, GREATEST and LEAST, which skip NULLs) return NULL if one is NULL.
 *
 * <p>Arities and types ({@link #outputType}): AND, OR take BOOLEANs (none: TRUE / FALSE);
 * COALESCE, GREATEST, LEAST take one or more arguments of a common type ({@link TypeRules#union});
 * IN takes the needle and one or more comparable values; CONCAT takes any values (printed as
 * {@link TextFormat} prints them) and is never NULL; {@code substring(s, start[, count])},
 * {@code replace(s, from, to)}, {@code lpad/rpad(s, length[, fill])},
 * {@code LIKE/ILIKE(s, pattern[, escape])}; {@code pi()}. Immutable and thread-safe.
 */
public enum VariadicFunc {
    AND("AND", Syntax.INFIX),
    OR("OR", Syntax.INFIX),
    COALESCE("coalesce", Syntax.FUNCTION),
    GREATEST("greatest", Syntax.FUNCTION),
    LEAST("least", Syntax.FUNCTION),
    /** {@code x IN (v1, ..., vn)} with arguments {@code x, v1, ..., vn}; NOT IN is NOT(IN). */
    IN("IN", Syntax.INFIX),
    /** {@code concat(...)}: the text of every non-NULL argument. */
    CONCAT("concat", Syntax.FUNCTION),
    /** {@code substring(s FROM start [FOR count])} / {@code substr}. */
    SUBSTRING("substring", Syntax.FUNCTION),
    REPLACE("replace", Syntax.FUNCTION),
    LPAD("lpad", Syntax.FUNCTION),
    RPAD("rpad", Syntax.FUNCTION),
    /** {@code s LIKE pattern [ESCAPE e]}; NOT LIKE is NOT(LIKE). Default escape: backslash. */
    LIKE("LIKE", Syntax.INFIX),
    /** {@code s ILIKE pattern [ESCAPE e]}: case-insensitive LIKE. */
    ILIKE("ILIKE", Syntax.INFIX),
    PI("pi", Syntax.FUNCTION);

    private final String sqlName;
    private final Syntax syntax;

    VariadicFunc(String sqlName, Syntax syntax) {
        this.sqlName = sqlName;
        this.syntax = syntax;
    }

    /** The name as SQL spells it: {@code AND}, {@code coalesce}, {@code LIKE}. */
    public String sqlName() {
        return sqlName;
    }

    /** The call as text, e.g. {@code (a AND b)}, {@code (#0 IN (1, 2))}, {@code (#0 LIKE 'a%' ESCAPE '!')}. */
    public String render(List<String> args) {
        switch (this) {
            case IN:
                return "(" + args.get(0) + " IN (" + String.join(", ", args.subList(1, args.size())) + "))";
            case LIKE:
            case ILIKE:
                return "(" + args.get(0) + " " + sqlName + " " + args.get(1)
                        + (args.size() > 2 ? " ESCAPE " + args.get(2) : "") + ")";
            case AND:
            case OR:
                if (args.isEmpty()) {
                    return this == AND ? "TRUE" : "FALSE";
                }
                return syntax.render(sqlName, args);
            default:
                return syntax.render(sqlName, args);
        }
    }

    /**
     * The result type for arguments of types {@code args}.
     *
     * @throws IllegalArgumentException if the function does not accept them
     */
    public ColumnType outputType(List<ColumnType> args) {
        int n = args.size();
        boolean anyNullable = false;
        boolean allNullable = true;
        for (ColumnType t : args) {
            anyNullable |= t.nullable();
            allNullable &= t.nullable();
        }
        Object[] shown = args.toArray();
        switch (this) {
            case AND:
            case OR:
                for (ColumnType t : args) {
                    check(TypeRules.isBoolean(t), sqlName, shown);
                }
                return TypeRules.of(TypeKind.BOOLEAN, anyNullable);
            case COALESCE:
            case GREATEST:
            case LEAST:
                check(n >= 1, sqlName, shown);
                return unionOf(args, shown).withNullable(allNullable);
            case IN:
                check(n >= 2, sqlName, shown);
                for (int i = 1; i < n; i++) {
                    check(TypeRules.comparable(args.get(0), args.get(i)), sqlName, shown);
                }
                return TypeRules.of(TypeKind.BOOLEAN, anyNullable);
            case CONCAT:
                return TypeRules.of(TypeKind.TEXT, false);
            case SUBSTRING:
                check((n == 2 || n == 3) && TypeRules.isString(args.get(0)) && TypeRules.isInteger(args.get(1))
                        && (n == 2 || TypeRules.isInteger(args.get(2))), sqlName, shown);
                return TypeRules.of(TypeKind.TEXT, anyNullable);
            case REPLACE:
                check(n == 3 && allStrings(args), sqlName, shown);
                return TypeRules.of(TypeKind.TEXT, anyNullable);
            case LPAD:
            case RPAD:
                check((n == 2 || n == 3) && TypeRules.isString(args.get(0)) && TypeRules.isInteger(args.get(1))
                        && (n == 2 || TypeRules.isString(args.get(2))), sqlName, shown);
                return TypeRules.of(TypeKind.TEXT, anyNullable);
            case LIKE:
            case ILIKE:
                check((n == 2 || n == 3) && allStrings(args), sqlName, shown);
                return TypeRules.of(TypeKind.BOOLEAN, anyNullable);
            case PI:
                check(n == 0, sqlName, shown);
                return TypeRules.of(TypeKind.DOUBLE, false);
            default:
                throw new AssertionError(this);
        }
    }

    private ColumnType unionOf(List<ColumnType> args, Object[] shown) {
        try {
            return TypeRules.union(args);
        } catch (IllegalArgumentException e) {
            check(false, sqlName, shown);
            throw e;
        }
    }

    private static boolean allStrings(List<ColumnType> args) {
        for (ColumnType t : args) {
            if (!TypeRules.isString(t)) {
                return false;
            }
        }
        return true;
    }

    /**
     * Applies the function to the arguments, evaluating them over {@code row} as needed.
     *
     * @param out the call's result type, from {@link #outputType}
     * @throws dev.spindle.common.error.SpindleException on an evaluation error
     */
    public Object eval(Arguments args, Object[] row, ColumnType out) {
        switch (this) {
            case AND: return Logic.and(args, row);
            case OR: return Logic.or(args, row);
            case IN: return Logic.in(args, row);
            case COALESCE: return coalesce(args, row);
            case GREATEST: return extreme(args, row, 1);
            case LEAST: return extreme(args, row, -1);
            case CONCAT: return concat(args, row);
            case PI: return Math.PI;
            default: return strict(args, row);
        }
    }

    private static Object coalesce(Arguments args, Object[] row) {
        for (int i = 0, n = args.count(); i < n; i++) {
            Object v = args.eval(i, row);
            if (v != null) {
                return v;
            }
        }
        return null;
    }

    /** GREATEST (sign 1) or LEAST (sign -1), ignoring NULLs; the first of equal values wins. */
    private static Object extreme(Arguments args, Object[] row, int sign) {
        Object best = null;
        ColumnType bestType = null;
        for (int i = 0, n = args.count(); i < n; i++) {
            Object v = args.eval(i, row);
            if (v != null && (best == null || sign * Comparison.compare(v, best, args.type(i), bestType) > 0)) {
                best = v;
                bestType = args.type(i);
            }
        }
        return best;
    }

    private static String concat(Arguments args, Object[] row) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0, n = args.count(); i < n; i++) {
            Object v = args.eval(i, row);
            if (v != null) {
                sb.append(TextFormat.format(v, args.type(i)));
                if (sb.length() > StringFunctions.MAX_LENGTH) {
                    throw Errors.lengthTooLarge();
                }
            }
        }
        return sb.toString();
    }

    /** The functions that evaluate every argument and return NULL if one is NULL. */
    private Object strict(Arguments args, Object[] row) {
        int n = args.count(); // 2 or 3
        Object a = args.eval(0, row);
        Object b = args.eval(1, row);
        Object c = n > 2 ? args.eval(2, row) : null;
        if (a == null || b == null || (n > 2 && c == null)) {
            return null;
        }
        switch (this) {
            case SUBSTRING:
                return StringFunctions.substring(StringFunctions.text(a, args.type(0)), (Long) b, (Long) c);
            case REPLACE:
                return StringFunctions.replace(StringFunctions.text(a, args.type(0)),
                        StringFunctions.text(b, args.type(1)), StringFunctions.text(c, args.type(2)));
            case LPAD:
                return StringFunctions.lpad(StringFunctions.text(a, args.type(0)), (Long) b,
                        n > 2 ? StringFunctions.text(c, args.type(2)) : " ");
            case RPAD:
                return StringFunctions.rpad(StringFunctions.text(a, args.type(0)), (Long) b,
                        n > 2 ? StringFunctions.text(c, args.type(2)) : " ");
            case LIKE:
            case ILIKE:
                return like((String) a, StringFunctions.text(b, args.type(1)),
                        n > 2 ? StringFunctions.text(c, args.type(2)) : null);
            default:
                throw new AssertionError(this);
        }
    }

    /** LIKE on the value as stored (a CHAR value keeps its padding, as PostgreSQL's bpcharlike). */
    private boolean like(String s, String pattern, String escape) {
        int esc = escape == null ? '\\' : LikePattern.escapeOf(escape);
        return LikePattern.compile(pattern, esc, this == ILIKE).matches(s);
    }
}
