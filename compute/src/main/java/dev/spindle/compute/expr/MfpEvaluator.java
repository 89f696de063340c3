package dev.spindle.compute.expr;

import dev.spindle.common.row.Row;
import dev.spindle.common.row.RowBuilder;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;

/**
 * The executor of one {@link Mfp}: its evaluation schedule (predicates by stage, the expressions
 * that are needed) worked out once, and scratch space reused from row to row. See {@link Mfp} for
 * the order of evaluation.
 *
 * <p>Per row it decodes, in one pass, only the input columns it reads ({@code Row.decodeInto}: a
 * filter on one column of a wide row decodes that column, not the row's strings and decimals),
 * evaluates into one reused array, and encodes the output with one reused builder. A pure
 * projection, and a filter whose output columns are all input columns, copy the input's encoded
 * bytes instead of re-encoding.
 *
 * <p>Not thread-safe: it owns mutable scratch space. Each worker thread uses its own evaluator;
 * the {@code Mfp} and its trees are shared.
 */
public final class MfpEvaluator {
    private final Mfp mfp;
    private final int inputArity;
    private final ScalarExpr[] expressions;
    private final boolean[] needed;
    /** Predicates in evaluation order: by stage, then list order. */
    private final ScalarExpr[] predicates;
    /** {@code predicates[stageEnd[s-1] .. stageEnd[s])} have stage {@code s} (stage -1 ends at 0). */
    private final int[] stageEnd;
    /** Stages after this one have no predicates and no needed expressions. */
    private final int lastStage;
    private final int[] projection;
    private final boolean inputOnlyProjection;
    private final boolean identityProjection;
    private final Object[] scratch;
    /** The input columns an encoded input is decoded for: read by a predicate, a needed expression or the encoded output. */
    private final boolean[] decoded;
    /** Where an encoded input is decoded to. */
    private final Object[] decodedInput;
    private final RowBuilder builder = Row.builder();

    /** The evaluator of {@code mfp}. */
    public MfpEvaluator(Mfp mfp) {
        this.mfp = mfp;
        this.inputArity = mfp.inputArity();
        int n = mfp.expressions().size();
        this.expressions = mfp.expressions().toArray(new ScalarExpr[0]);
        this.projection = mfp.projection();

        // needed expressions: read by the projection, a predicate, or a needed later expression
        BitSet used = new BitSet();
        for (int c : projection) {
            used.set(c);
        }
        BitSet read = new BitSet(); // what evaluation reads (the projection aside)
        for (ScalarExpr p : mfp.predicates()) {
            ColumnRefs.collect(p, used);
            ColumnRefs.collect(p, read);
        }
        this.needed = new boolean[n];
        for (int j = n - 1; j >= 0; j--) {
            if (used.get(inputArity + j)) {
                needed[j] = true;
                ColumnRefs.collect(expressions[j], used);
                ColumnRefs.collect(expressions[j], read);
            }
        }

        // predicates grouped by stage, list order within a stage
        List<ScalarExpr> preds = mfp.predicates();
        int[] stageOf = new int[preds.size()];
        int[] counts = new int[n + 1];
        int last = -1;
        for (int i = 0; i < preds.size(); i++) {
            stageOf[i] = Math.max(0, ColumnRefs.maxIndex(preds.get(i)) - inputArity + 1);
            counts[stageOf[i]]++;
            last = Math.max(last, stageOf[i]);
        }
        this.stageEnd = new int[n + 1];
        for (int s = 0, total = 0; s <= n; s++) {
            total += counts[s];
            stageEnd[s] = total;
        }
        this.predicates = new ScalarExpr[preds.size()];
        int[] next = new int[n + 1];
        for (int s = 1; s <= n; s++) {
            next[s] = stageEnd[s - 1];
        }
        for (int i = 0; i < preds.size(); i++) {
            predicates[next[stageOf[i]]++] = preds.get(i);
        }
        for (int j = n - 1; j >= 0; j--) {
            if (needed[j]) {
                last = Math.max(last, j);
                break;
            }
        }
        this.lastStage = last;

        boolean inputOnly = true;
        for (int c : projection) {
            inputOnly &= c < inputArity;
        }
        this.inputOnlyProjection = inputOnly;
        this.identityProjection = Arrays.equals(projection, identity(inputArity));
        this.scratch = new Object[inputArity + n];
        // an output of input columns only is copied from the encoding, so only evaluation's reads are decoded
        BitSet decode = inputOnly ? read : used;
        this.decoded = new boolean[inputArity];
        for (int c = 0; c < inputArity; c++) {
            decoded[c] = decode.get(c);
        }
        this.decodedInput = new Object[inputArity];
    }

    private static int[] identity(int arity) {
        int[] cols = new int[arity];
        for (int i = 0; i < arity; i++) {
            cols[i] = i;
        }
        return cols;
    }

    /** The MFP this evaluator runs. */
    public Mfp mfp() {
        return mfp;
    }

    /**
     * The output row for {@code input}, or {@code null} if a predicate drops it.
     *
     * @throws dev.spindle.common.error.SpindleException on an evaluation error
     * @throws IllegalArgumentException if {@code input} does not have the MFP's input arity
     */
    public Row apply(Row input) {
        if (mfp.isPureProjection()) {
            return identityProjection ? input : input.project(projection);
        }
        int arity = input.decodeInto(decodedInput, decoded);
        if (arity != inputArity) {
            throw new IllegalArgumentException("MFP of input arity " + inputArity + " got " + arity + " columns");
        }
        Object[] columns = run(decodedInput);
        if (columns == null) {
            return null;
        }
        if (inputOnlyProjection) {
            return identityProjection ? input : input.project(projection);
        }
        return encode(columns);
    }

    /**
     * As {@link #apply(Row)}, for an input already decoded ({@code Row.get} values; not modified).
     */
    public Row apply(Object[] input) {
        Object[] columns = run(input);
        return columns == null ? null : encode(columns);
    }

    /**
     * The output values for a decoded {@code input}, in a new array, or {@code null} if a
     * predicate drops it.
     */
    public Object[] applyToArray(Object[] input) {
        Object[] columns = run(input);
        if (columns == null) {
            return null;
        }
        Object[] out = new Object[projection.length];
        for (int i = 0; i < out.length; i++) {
            out[i] = columns[projection[i]];
        }
        return out;
    }

    /** Evaluates predicates and needed expressions; the columns, or null if the row is dropped. */
    private Object[] run(Object[] input) {
        if (input.length != inputArity) {
            throw new IllegalArgumentException("MFP of input arity " + inputArity + " got " + input.length + " columns");
        }
        Object[] columns = input;
        if (expressions.length > 0) {
            columns = scratch;
            System.arraycopy(input, 0, columns, 0, inputArity);
        }
        int p = 0;
        for (int s = 0; s <= lastStage; s++) {
            for (int end = stageEnd[s]; p < end; p++) {
                if (!Boolean.TRUE.equals(predicates[p].eval(columns))) {
                    return null;
                }
            }
            if (s < expressions.length && needed[s]) {
                columns[inputArity + s] = expressions[s].eval(columns);
            }
        }
        return columns;
    }

    private Row encode(Object[] columns) {
        builder.clear();
        for (int c : projection) {
            builder.add(columns[c]);
        }
        return builder.build();
    }
}
