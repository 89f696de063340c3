package dev.spindle.planner.peek;

import dev.spindle.common.id.GlobalId;
import dev.spindle.common.row.Row;
import dev.spindle.common.type.Column;
import dev.spindle.common.type.ColumnType;
import dev.spindle.common.type.TypeKind;
import dev.spindle.compute.expr.CallBinary;
import dev.spindle.compute.expr.CallUnary;
import dev.spindle.compute.expr.CallVariadic;
import dev.spindle.compute.expr.Cast;
import dev.spindle.compute.expr.ColumnRef;
import dev.spindle.compute.expr.If;
import dev.spindle.compute.expr.Literal;
import dev.spindle.compute.expr.Mfp;
import dev.spindle.compute.expr.ScalarExpr;
import dev.spindle.compute.expr.func.BinaryFunc;
import dev.spindle.compute.expr.func.VariadicFunc;
import dev.spindle.compute.plan.RowSetFinishing;
import dev.spindle.planner.lower.ParameterSlots;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * A prepared query's point lookup, lowered once with its parameters as placeholders: the index,
 * per key column the parameter (or constant) it is looked up by, and the map/filter/project with
 * the placeholders in it. {@link #bind} makes an execution's {@link PeekPlan.Fast} from the
 * values in a few allocations, without Calcite or the lowering.
 *
 * <p>Where the key is bound, an equality {@code key column = ?} of a type whose values are equal
 * exactly when their encodings are (integers, BOOLEAN, DECIMAL, VARCHAR and TEXT, DATE, TIME, TIMESTAMP)
 * holds for every row the lookup finds, so it is left out of the bound plan's filter; if no other
 * placeholder remains the filter is the same object for every execution. A NULL key value keeps
 * every predicate with the NULL in it ({@code k = NULL}: no rows, as SQL says).
 *
 * <p>Immutable and thread-safe.
 */
public final class PreparedLookup {
    /** Per key column: where its value comes from, a parameter or (-1) {@link #keyConstants}. */
    private final int[] keyParameters;
    private final Object[] keyConstants;
    private final ParameterSlots slots;
    private final GlobalId index;
    private final RowSetFinishing finishing;
    private final List<Column> columns;
    /** The filter as lowered, placeholders and all: what a NULL key value is bound into. */
    private final Mfp full;
    /** The filter without the equalities the lookup implies. */
    private final Mfp reduced;
    /** Whether {@link #reduced} still holds a placeholder, so that it is bound per execution. */
    private final boolean reducedHasParameters;

    private PreparedLookup(int[] keyParameters, Object[] keyConstants, ParameterSlots slots, PeekPlan.Fast plan,
                           Mfp reduced) {
        this.keyParameters = keyParameters;
        this.keyConstants = keyConstants;
        this.slots = slots;
        this.index = plan.index();
        this.finishing = plan.finishing();
        this.columns = plan.columns();
        this.full = plan.mfp();
        this.reduced = reduced;
        this.reducedHasParameters = reduced != null && hasPlaceholder(reduced);
    }

    /**
     * The lookup of {@code a}, lowered with {@code slotsA}'s placeholders, if {@code b}, the same
     * query lowered with {@code slotsB}'s, is the same plan up to the placeholders (so the lowering
     * did not depend on the stand-in values) and every key column is looked up by a placeholder or
     * a constant; else null.
     *
     * @param keyColumns the key columns of {@code a}'s index
     */
    static PreparedLookup of(List<Integer> keyColumns, PeekPlan a, ParameterSlots slotsA, PeekPlan b,
                             ParameterSlots slotsB) {
        if (!(a instanceof PeekPlan.Fast) || !(b instanceof PeekPlan.Fast)) {
            return null;
        }
        PeekPlan.Fast fa = (PeekPlan.Fast) a;
        PeekPlan.Fast fb = (PeekPlan.Fast) b;
        if (fa.literalKey() == null || fb.literalKey() == null || fa.mfp() == null || fb.mfp() == null
                || !fa.index().equals(fb.index()) || !fa.finishing().equals(fb.finishing())
                || !fa.columns().equals(fb.columns()) || !sameMfp(fa.mfp(), slotsA, fb.mfp(), slotsB)) {
            return null;
        }
        Map<Integer, Literal> bound = PeekPlanner.equalities(fa.mfp());
        int[] params = new int[keyColumns.size()];
        Object[] constants = new Object[keyColumns.size()];
        for (int k = 0; k < params.length; k++) {
            Literal lit = bound.get(keyColumns.get(k));
            if (lit == null) {
                return null;
            }
            params[k] = slotsA.indexOf(lit);
            constants[k] = params[k] < 0 ? lit.value() : null;
        }
        Mfp m = fa.mfp();
        List<ScalarExpr> predicates = new ArrayList<>(m.predicates().size());
        for (ScalarExpr p : m.predicates()) {
            ScalarExpr kept = withoutImplied(p, keyColumns, params, slotsA, m.inputArity());
            if (kept != null) {
                predicates.add(kept);
            }
        }
        Mfp reduced = new Mfp(m.inputArity(), m.expressions(), predicates, m.projection());
        return new PreparedLookup(params, constants, slotsA, fa, reduced);
    }

    /** The index looked up. */
    public GlobalId index() {
        return index;
    }

    /**
     * The plan of one execution with {@code values} (each of its parameter's type, null for NULL),
     * or null where the values cannot be bound here (a value not of its parameter's class or range,
     * or one the lowered expressions refuse): the caller then binds and lowers as for any query,
     * which reports the error it always did.
     */
    public PeekPlan.Fast bind(List<Object> values) {
        Object[] key = new Object[keyParameters.length];
        boolean nullKey = false;
        for (int k = 0; k < key.length; k++) {
            int p = keyParameters[k];
            Object v = p < 0 ? keyConstants[k] : normalize(values.get(p), slots.placeholder(p).type());
            if (v == UNBINDABLE) {
                return null;
            }
            nullKey |= v == null;
            key[k] = v;
        }
        Mfp mfp;
        if (nullKey) {
            mfp = substitute(full, values);
        } else if (reducedHasParameters) {
            mfp = substitute(reduced, values);
        } else {
            mfp = reduced;
        }
        return mfp == null ? null : new PeekPlan.Fast(index, Row.of(key), mfp, finishing, columns);
    }

    private static final Object UNBINDABLE = new Object();

    /** {@code v} as a key value of a parameter of {@code type}, or {@link #UNBINDABLE}. */
    private static Object normalize(Object v, ColumnType type) {
        if (v == null) {
            return null;
        }
        TypeKind kind = type.kind();
        if (kind.isInteger()) {
            if (!(v instanceof Long || v instanceof Integer || v instanceof Short || v instanceof Byte)) {
                return UNBINDABLE;
            }
            long x = ((Number) v).longValue();
            return x < kind.minValue() || x > kind.maxValue() ? UNBINDABLE : (Object) x;
        }
        return kind.javaClass().isInstance(v) && (!kind.isString() || fits((String) v, type)) ? v : UNBINDABLE;
    }

    private static boolean fits(String s, ColumnType type) {
        return type.length() == ColumnType.UNSPECIFIED || s.codePointCount(0, s.length()) <= type.length();
    }

    // ------------------------------------------------------------------ binding the filter

    /** {@code m} with each placeholder replaced by its value, or null if an expression refuses it. */
    private Mfp substitute(Mfp m, List<Object> values) {
        Literal[] literals = new Literal[slots.size()];
        try {
            List<ScalarExpr> exprs = new ArrayList<>(m.expressions().size());
            for (ScalarExpr e : m.expressions()) {
                exprs.add(substitute(e, values, literals));
            }
            List<ScalarExpr> preds = new ArrayList<>(m.predicates().size());
            for (ScalarExpr e : m.predicates()) {
                preds.add(substitute(e, values, literals));
            }
            return new Mfp(m.inputArity(), exprs, preds, m.projection());
        } catch (IllegalArgumentException e) {
            return null; // a value that does not fit its type: binding and lowering says why
        }
    }

    private ScalarExpr substitute(ScalarExpr e, List<Object> values, Literal[] literals) {
        int p = slots.indexOf(e);
        if (p >= 0) {
            if (literals[p] == null) {
                literals[p] = new Literal(values.get(p), slots.placeholder(p).type());
            }
            return literals[p];
        }
        if (e instanceof Literal || e instanceof ColumnRef) {
            return e;
        }
        if (e instanceof CallUnary) {
            CallUnary c = (CallUnary) e;
            ScalarExpr arg = substitute(c.arg(), values, literals);
            return arg == c.arg() ? e : new CallUnary(c.func(), arg);
        }
        if (e instanceof CallBinary) {
            CallBinary c = (CallBinary) e;
            ScalarExpr l = substitute(c.left(), values, literals);
            ScalarExpr r = substitute(c.right(), values, literals);
            return l == c.left() && r == c.right() ? e : new CallBinary(c.func(), l, r);
        }
        if (e instanceof CallVariadic) {
            CallVariadic c = (CallVariadic) e;
            List<ScalarExpr> args = new ArrayList<>(c.args().size());
            boolean changed = false;
            for (ScalarExpr a : c.args()) {
                ScalarExpr s = substitute(a, values, literals);
                changed |= s != a;
                args.add(s);
            }
            return changed ? new CallVariadic(c.func(), args) : e;
        }
        if (e instanceof If) {
            If c = (If) e;
            ScalarExpr cond = substitute(c.cond(), values, literals);
            ScalarExpr then = substitute(c.then(), values, literals);
            ScalarExpr otherwise = substitute(c.otherwise(), values, literals);
            return cond == c.cond() && then == c.then() && otherwise == c.otherwise() ? e : new If(cond, then, otherwise);
        }
        Cast c = (Cast) e;
        ScalarExpr in = substitute(c.input(), values, literals);
        return in == c.input() ? e : new Cast(in, c.target(), c.explicit());
    }

    // ------------------------------------------------------------------ preparing

    /**
     * {@code pred} without the equalities {@code key column = ?} the lookup implies (an AND keeps
     * its other arguments), or null if nothing is left.
     */
    private static ScalarExpr withoutImplied(ScalarExpr pred, List<Integer> keyColumns, int[] params,
                                             ParameterSlots slots, int inputArity) {
        if (pred instanceof CallVariadic && ((CallVariadic) pred).func() == VariadicFunc.AND) {
            List<ScalarExpr> kept = new ArrayList<>();
            for (ScalarExpr arg : ((CallVariadic) pred).args()) {
                ScalarExpr k = withoutImplied(arg, keyColumns, params, slots, inputArity);
                if (k != null) {
                    kept.add(k);
                }
            }
            if (kept.size() == ((CallVariadic) pred).args().size()) {
                return pred;
            }
            return kept.isEmpty() ? null : kept.size() == 1 ? kept.get(0) : new CallVariadic(VariadicFunc.AND, kept);
        }
        if (!(pred instanceof CallBinary) || ((CallBinary) pred).func() != BinaryFunc.EQ) {
            return pred;
        }
        ScalarExpr a = ((CallBinary) pred).left();
        ScalarExpr b = ((CallBinary) pred).right();
        if (b instanceof ColumnRef) {
            ScalarExpr t = a;
            a = b;
            b = t;
        }
        int p = slots.indexOf(b);
        if (!(a instanceof ColumnRef) || p < 0 || ((ColumnRef) a).index() >= inputArity) {
            return pred;
        }
        int k = keyColumns.indexOf(((ColumnRef) a).index());
        return k >= 0 && params[k] == p && exactlyEqual(a.type(), b.type()) ? null : pred;
    }

    /** Whether SQL's {@code =} on values of {@code column} and {@code parameter} is equality of their encodings. */
    private static boolean exactlyEqual(ColumnType column, ColumnType parameter) {
        TypeKind c = column.kind();
        TypeKind p = parameter.kind();
        if (c.isInteger() && p.isInteger()) {
            return true;
        }
        if ((c == TypeKind.VARCHAR || c == TypeKind.TEXT) && (p == TypeKind.VARCHAR || p == TypeKind.TEXT)) {
            return true;
        }
        // decimals encode without trailing zeros, so 1.50 and 1.5 are one key as they are one number
        return c == p && (c == TypeKind.BOOLEAN || c == TypeKind.DECIMAL || c == TypeKind.DATE || c == TypeKind.TIME
                || c == TypeKind.TIMESTAMP);
    }

    private boolean hasPlaceholder(Mfp m) {
        for (ScalarExpr e : m.expressions()) {
            if (hasPlaceholder(e)) {
                return true;
            }
        }
        for (ScalarExpr e : m.predicates()) {
            if (hasPlaceholder(e)) {
                return true;
            }
        }
        return false;
    }

    private boolean hasPlaceholder(ScalarExpr e) {
        if (slots.indexOf(e) >= 0) {
            return true;
        }
        for (ScalarExpr c : children(e)) {
            if (hasPlaceholder(c)) {
                return true;
            }
        }
        return false;
    }

    private static List<ScalarExpr> children(ScalarExpr e) {
        if (e instanceof CallUnary) {
            return List.of(((CallUnary) e).arg());
        }
        if (e instanceof CallBinary) {
            return List.of(((CallBinary) e).left(), ((CallBinary) e).right());
        }
        if (e instanceof CallVariadic) {
            return ((CallVariadic) e).args();
        }
        if (e instanceof If) {
            return List.of(((If) e).cond(), ((If) e).then(), ((If) e).otherwise());
        }
        if (e instanceof Cast) {
            return List.of(((Cast) e).input());
        }
        return List.of();
    }

    private static boolean sameMfp(Mfp a, ParameterSlots sa, Mfp b, ParameterSlots sb) {
        return a.inputArity() == b.inputArity() && Arrays.equals(a.projection(), b.projection())
                && same(a.expressions(), sa, b.expressions(), sb) && same(a.predicates(), sa, b.predicates(), sb);
    }

    private static boolean same(List<ScalarExpr> a, ParameterSlots sa, List<ScalarExpr> b, ParameterSlots sb) {
        if (a.size() != b.size()) {
            return false;
        }
        for (int i = 0; i < a.size(); i++) {
            if (!same(a.get(i), sa, b.get(i), sb)) {
                return false;
            }
        }
        return true;
    }

    /** Whether {@code a} and {@code b} are the same tree, placeholder i of one where the other has its own i. */
    private static boolean same(ScalarExpr a, ParameterSlots sa, ScalarExpr b, ParameterSlots sb) {
        int pa = sa.indexOf(a);
        int pb = sb.indexOf(b);
        if (pa >= 0 || pb >= 0) {
            return pa == pb;
        }
        if (a.getClass() != b.getClass() || !a.type().equals(b.type())) {
            return false;
        }
        if (a instanceof Literal || a instanceof ColumnRef) {
            return a.equals(b);
        }
        if (a instanceof CallUnary && ((CallUnary) a).func() != ((CallUnary) b).func()
                || a instanceof CallBinary && ((CallBinary) a).func() != ((CallBinary) b).func()
                || a instanceof CallVariadic && ((CallVariadic) a).func() != ((CallVariadic) b).func()
                || a instanceof Cast && ((Cast) a).explicit() != ((Cast) b).explicit()) {
            return false;
        }
        return same(children(a), sa, children(b), sb);
    }
}
