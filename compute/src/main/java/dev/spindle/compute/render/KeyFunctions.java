package dev.spindle.compute.render;

import dev.spindle.common.row.Row;
import dev.spindle.compute.dataflow.KeyHasher;
import dev.spindle.compute.expr.ColumnRef;
import dev.spindle.compute.expr.ScalarExpr;
import dev.spindle.compute.operator.arrange.KeyFunction;
import java.util.List;

/** Key functions and exchange hashers for rendered arrangements (and the in-thread evaluator's index keys). */
public final class KeyFunctions {
    private KeyFunctions() {
    }

    /** The key of an index: a projection when every key expression is a column, else evaluated. */
    public static KeyFunction of(List<ScalarExpr> key) {
        int[] cols = new int[key.size()];
        boolean allColumns = true;
        for (int i = 0; i < key.size(); i++) {
            if (key.get(i) instanceof ColumnRef) {
                cols[i] = ((ColumnRef) key.get(i)).index();
            } else {
                allColumns = false;
            }
        }
        if (allColumns) {
            return KeyFunction.columns(cols);
        }
        List<ScalarExpr> exprs = List.copyOf(key);
        return row -> {
            Object[] values = row.toArray();
            Object[] k = new Object[exprs.size()];
            for (int i = 0; i < k.length; i++) {
                k[i] = exprs.get(i).eval(values);
            }
            return Row.of(k);
        };
    }

    /** The key columns if every key expression is a column, else null. */
    static List<Integer> columnsOf(List<ScalarExpr> key) {
        java.util.ArrayList<Integer> cols = new java.util.ArrayList<>();
        for (ScalarExpr e : key) {
            if (!(e instanceof ColumnRef)) {
                return null;
            }
            cols.add(((ColumnRef) e).index());
        }
        return cols;
    }

    /**
     * Routes rows by their key. A row whose key cannot be computed goes to worker 0, where the
     * arrange operator reports the error.
     */
    static KeyHasher hasher(KeyFunction key) {
        return row -> {
            try {
                return key.key(row).hash64();
            } catch (RuntimeException e) {
                return 0;
            }
        };
    }
}
