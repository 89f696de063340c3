package dev.spindle.compute.expr;

import dev.spindle.common.row.Row;
import dev.spindle.common.type.ColumnType;
import dev.spindle.common.type.TypeKind;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.IntUnaryOperator;

/**
 * A fused map/filter/project: the stateless part of a dataflow, as plain data.
 *
 * <p>Over an input row of {@link #inputArity()} columns it appends one column per
 * {@link #expressions() expression} (expression {@code j} may read the input and expressions
 * {@code < j}, as column {@code inputArity + j}), keeps the row only if every
 * {@link #predicates() predicate} is TRUE (FALSE and NULL drop it), and outputs the
 * {@link #projection() projected} columns, repeats allowed.
 *
 * <h2>Evaluation order (the exact rule)</h2>
 * A predicate's <em>stage</em> is the number of expressions it needs: {@code 0} if it reads only
 * input columns, else {@code k + 1} for the highest expression column {@code inputArity + k} it
 * reads. Evaluation runs stages {@code s = 0, 1, ..., n} ({@code n} expressions): first every
 * predicate of stage {@code s}, in list order, stopping at the first that is not TRUE; then
 * expression {@code s} if it is <em>needed</em>. An expression is needed if the projection, a
 * predicate or a needed later expression reads it; others are never evaluated. So each predicate
 * runs as soon as the columns it reads exist, and an expression that is needed only after a
 * failing predicate is not evaluated and cannot raise an error. On rows where nothing fails, the
 * result is that of computing every expression, then every predicate, then the projection.
 * SQL leaves the order of evaluation undefined, and this rule lets filtering suppress errors.
 * Fusion ({@link #then}) keeps each MFP's own order but may run a predicate of the second MFP
 * before an expression of the first (as soon as its columns exist), so where evaluation fails,
 * the fused MFP may fail in another expression or not at all; where nothing fails, it gives
 * exactly the result of applying the two in sequence.
 *
 * <h2>Use</h2>
 * {@link #apply(Row)} evaluates one row with a fresh {@link MfpEvaluator}; an operator that
 * evaluates many rows holds one {@link #evaluator()} per worker thread. The builders
 * ({@link #map}, {@link #filter}, {@link #project}, {@link #then}) return new MFPs.
 *
 * <p>Immutable and thread-safe (the projection array is copied in and out).
 *
 * @param inputArity number of input columns
 * @param expressions the appended columns, in order
 * @param predicates conditions over input and expression columns, all of which must be TRUE
 * @param projection the output columns, as indexes into input and expression columns
 */
public record Mfp(int inputArity, List<ScalarExpr> expressions, List<ScalarExpr> predicates, int[] projection)
        implements java.io.Serializable {

    public Mfp {
        if (inputArity < 0) {
            throw new IllegalArgumentException("inputArity must be >= 0: " + inputArity);
        }
        expressions = List.copyOf(expressions);
        predicates = List.copyOf(predicates);
        projection = projection.clone();
        for (int j = 0; j < expressions.size(); j++) {
            checkReferences(expressions.get(j), inputArity, expressions, inputArity + j, "expression " + j);
        }
        int width = inputArity + expressions.size();
        for (int i = 0; i < predicates.size(); i++) {
            ScalarExpr p = predicates.get(i);
            if (p.type().kind() != TypeKind.BOOLEAN) {
                throw new IllegalArgumentException("predicate " + i + " is not BOOLEAN: " + p.type());
            }
            checkReferences(p, inputArity, expressions, width, "predicate " + i);
        }
        for (int c : projection) {
            if (c < 0 || c >= width) {
                throw new IllegalArgumentException("projection column " + c + " is not in 0.." + (width - 1));
            }
        }
    }

    /** Checks that {@code e} reads only columns {@code < limit}, and expression columns at their types. */
    private static void checkReferences(ScalarExpr e, int inputArity, List<ScalarExpr> expressions, int limit, String what) {
        ColumnRefs.forEach(e, ref -> {
            if (ref.index() >= limit) {
                throw new IllegalArgumentException(what + " reads column " + ref.index() + ", not yet available (" + limit + ")");
            }
            if (ref.index() >= inputArity) {
                ColumnType produced = expressions.get(ref.index() - inputArity).type();
                if (!produced.withNullable(true).equals(ref.type().withNullable(true))) {
                    throw new IllegalArgumentException(what + " reads column " + ref.index() + " as " + ref.type()
                            + " but it is " + produced);
                }
            }
        });
    }

    /** The MFP that outputs its input unchanged. */
    public static Mfp identity(int arity) {
        return new Mfp(arity, List.of(), List.of(), identityColumns(arity));
    }

    private static int[] identityColumns(int arity) {
        int[] cols = new int[arity];
        for (int i = 0; i < arity; i++) {
            cols[i] = i;
        }
        return cols;
    }

    /** The projection (a copy). */
    @Override
    public int[] projection() {
        return projection.clone();
    }

    /** The number of output columns. */
    public int outputArity() {
        return projection.length;
    }

    /** True if this MFP outputs every input row unchanged. */
    public boolean isIdentity() {
        return isPureProjection() && Arrays.equals(projection, identityColumns(inputArity));
    }

    /** True if this MFP only projects: no expressions, no predicates. */
    public boolean isPureProjection() {
        return expressions.isEmpty() && predicates.isEmpty();
    }

    /** A new evaluator; not thread-safe, so one per thread. */
    public MfpEvaluator evaluator() {
        return new MfpEvaluator(this);
    }

    /**
     * The output row for {@code input}, or {@code null} if a predicate drops it. Builds a
     * throw-away evaluator; hot loops use {@link #evaluator()}.
     *
     * @throws dev.spindle.common.error.SpindleException on an evaluation error
     */
    public Row apply(Row input) {
        return evaluator().apply(input);
    }

    /** As {@link #apply(Row)}, for an input already decoded ({@code Row.get} values). */
    public Row apply(Object[] input) {
        return evaluator().apply(input);
    }

    // ------------------------------------------------------------ algebra

    /**
     * The fusion of this MFP followed by {@code after}: on every input without evaluation errors,
     * {@code this.then(after).apply(r)} equals {@code after.apply(this.apply(r))} (NULL staying
     * dropped). The fused MFP keeps this MFP's expressions and predicates first, then
     * {@code after}'s, renumbered.
     *
     * @throws IllegalArgumentException if {@code after} does not read this MFP's output arity
     */
    public Mfp then(Mfp after) {
        if (after.inputArity != outputArity()) {
            throw new IllegalArgumentException("cannot apply an MFP of input arity " + after.inputArity
                    + " to an output of arity " + outputArity());
        }
        if (after.isIdentity()) {
            return this;
        }
        if (isIdentity()) {
            return after;
        }
        int base = inputArity + expressions.size();
        int[] proj = projection;
        IntUnaryOperator map = c -> c < after.inputArity ? proj[c] : base + (c - after.inputArity);
        List<ScalarExpr> exprs = new ArrayList<>(expressions);
        for (ScalarExpr e : after.expressions) {
            exprs.add(ColumnRefs.remap(e, map));
        }
        List<ScalarExpr> preds = new ArrayList<>(predicates);
        for (ScalarExpr p : after.predicates) {
            preds.add(ColumnRefs.remap(p, map));
        }
        int[] out = new int[after.projection.length];
        for (int i = 0; i < out.length; i++) {
            out[i] = map.applyAsInt(after.projection[i]);
        }
        return new Mfp(inputArity, exprs, preds, out);
    }

    /** This MFP, then keep only output columns {@code columns} (in that order, repeats allowed). */
    public Mfp project(int... columns) {
        int[] out = new int[columns.length];
        for (int i = 0; i < columns.length; i++) {
            if (columns[i] < 0 || columns[i] >= projection.length) {
                throw new IllegalArgumentException("no output column " + columns[i] + " in arity " + projection.length);
            }
            out[i] = projection[columns[i]];
        }
        return new Mfp(inputArity, expressions, predicates, out);
    }

    /** This MFP, then drop rows for which one of {@code predicates} (over its output) is not TRUE. */
    public Mfp filter(List<ScalarExpr> predicates) {
        int arity = outputArity();
        return then(new Mfp(arity, List.of(), predicates, identityColumns(arity)));
    }

    /**
     * This MFP, then append {@code expressions} to its output: expression {@code j} reads the
     * output columns and earlier new expressions as column {@code outputArity() + j}.
     */
    public Mfp map(List<ScalarExpr> expressions) {
        int arity = outputArity();
        return then(new Mfp(arity, expressions, List.of(), identityColumns(arity + expressions.size())));
    }

    // ------------------------------------------------------------ value semantics (int[] component)

    @Override
    public boolean equals(Object o) {
        return this == o || (o instanceof Mfp && inputArity == ((Mfp) o).inputArity
                && expressions.equals(((Mfp) o).expressions) && predicates.equals(((Mfp) o).predicates)
                && Arrays.equals(projection, ((Mfp) o).projection));
    }

    @Override
    public int hashCode() {
        return ((inputArity * 31 + expressions.hashCode()) * 31 + predicates.hashCode()) * 31 + Arrays.hashCode(projection);
    }

    /** E.g. {@code Mfp(arity 2; map (#0 + #1); filter (#2 > 5); project [0, 2])}. */
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("Mfp(arity ").append(inputArity);
        if (!expressions.isEmpty()) {
            sb.append("; map ");
            join(sb, expressions);
        }
        if (!predicates.isEmpty()) {
            sb.append("; filter ");
            join(sb, predicates);
        }
        return sb.append("; project ").append(Arrays.toString(projection)).append(')').toString();
    }

    private static void join(StringBuilder sb, List<ScalarExpr> exprs) {
        for (int i = 0; i < exprs.size(); i++) {
            sb.append(i > 0 ? ", " : "").append(exprs.get(i));
        }
    }
}
