package dev.spindle.compute.expr.func;

import dev.spindle.common.error.SpindleException;

/**
 * SQL three-valued logic. {@code Boolean.TRUE}, {@code Boolean.FALSE} and {@code null} (unknown).
 *
 * <p>AND and OR evaluate their arguments left to right and stop at the first FALSE (AND) or TRUE
 * (OR). An argument that fails does not stop them: its error is remembered and raised only if no
 * later argument decides the result, so {@code x/0 = 1 AND false} and {@code false AND x/0 = 1}
 * are both FALSE. This makes AND and OR commutative even with errors (PostgreSQL leaves the order
 * of evaluation undefined, so both PostgreSQL answers are allowed) and lets the optimizer reorder
 * conjuncts. When several arguments fail and none decides, the first error is raised. IN behaves
 * like the OR of its equalities. Stateless and thread-safe.
 */
final class Logic {
    private Logic() {
    }

    static Boolean not(Boolean b) {
        return b == null ? null : !b;
    }

    /** AND: FALSE if any argument is FALSE, else the first error, else NULL if any is NULL, else TRUE. */
    static Boolean and(Arguments args, Object[] row) {
        return junction(args, row, false);
    }

    /** OR: TRUE if any argument is TRUE, else the first error, else NULL if any is NULL, else FALSE. */
    static Boolean or(Arguments args, Object[] row) {
        return junction(args, row, true);
    }

    private static Boolean junction(Arguments args, Object[] row, boolean decisive) {
        Boolean decided = anyOf(args, row, 0, decisive ? IS_TRUE : IS_FALSE);
        return decided == null ? null : decided ? decisive : !decisive;
    }

    /**
     * {@code x IN (v1, ..., vn)}, argument 0 being {@code x}: TRUE if some {@code vi = x}; else
     * NULL if {@code x} or some {@code vi} is NULL; else FALSE. Errors as for OR.
     */
    static Boolean in(Arguments args, Object[] row) {
        Object x = args.eval(0, row);
        if (x == null) {
            return null;
        }
        return anyOf(args, row, 1, (v, i) -> Comparison.compare(x, v, args.type(0), args.type(i)) == 0);
    }

    /** Whether non-null argument {@code i}, of value {@code v}, decides the result. */
    @FunctionalInterface
    private interface Hit {
        boolean test(Object v, int i);
    }

    private static final Hit IS_TRUE = (v, i) -> (Boolean) v;
    private static final Hit IS_FALSE = (v, i) -> !(Boolean) v;

    /**
     * Evaluates arguments {@code from..} left to right: TRUE at the first hit; else the first
     * error an argument raised; else NULL if some argument was NULL; else FALSE.
     */
    private static Boolean anyOf(Arguments args, Object[] row, int from, Hit hit) {
        boolean sawNull = false;
        SpindleException error = null;
        for (int i = from, n = args.count(); i < n; i++) {
            Object v;
            try {
                v = args.eval(i, row);
            } catch (SpindleException e) {
                if (error == null) {
                    error = e;
                }
                continue;
            }
            if (v == null) {
                sawNull = true;
            } else if (hit.test(v, i)) {
                return true;
            }
        }
        if (error != null) {
            throw error;
        }
        return sawNull ? null : false;
    }
}
