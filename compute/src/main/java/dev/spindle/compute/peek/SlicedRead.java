package dev.spindle.compute.peek;

import dev.spindle.common.error.ErrorCode;
import dev.spindle.common.error.SpindleException;
import dev.spindle.common.row.PackedRows;
import dev.spindle.common.row.Row;
import dev.spindle.compute.arrangement.cursor.Cursor;
import dev.spindle.compute.arrangement.trace.KeyValDiff;
import dev.spindle.compute.arrangement.trace.TraceSnapshot;
import dev.spindle.compute.expr.MfpEvaluator;
import dev.spindle.compute.operator.EvalErrors;
import java.util.ArrayList;
import java.util.List;

/**
 * One peek's read of a sealed arrangement partition, a slice of keys at a time: each key's values
 * are accumulated at the peek's time straight from the cursor, mapped by the peek's MFP and packed
 * ({@link PackedRows}, one part per slice, so a large result is never copied to grow). Both peek
 * services read this way, so a point peek never waits for a whole scan.
 *
 * <p>Thread-safety: confined to the worker thread that reads it. The cursor reads an immutable
 * snapshot, so compaction or a drop meanwhile does not disturb it.
 */
final class SlicedRead {
    /** Keys read per slice. */
    static final int FUEL = 2048;

    private final PeekRequest request;
    private final Cursor cursor;
    private final MfpEvaluator mfp;
    private final List<PackedRows> parts = new ArrayList<>();
    private PackedRows.Builder out = PackedRows.builder();

    /** A read of {@code oks}, positioned at the peek's key if it has one. */
    SlicedRead(PeekRequest request, TraceSnapshot oks) {
        this.request = request;
        this.cursor = oks.cursor();
        this.mfp = request.mfp() == null ? null : request.mfp().evaluator();
        if (request.literalKey() != null) {
            cursor.seekKey(request.literalKey());
        }
    }

    /** The peek's answer if {@code errs} holds an error at its time (errors before rows), else null. */
    static PeekPartial errorsAt(TraceSnapshot errs, long t) {
        for (KeyValDiff e : errs.readAt(t)) {
            if (e.diff() != 0) {
                return new PeekPartial.Error(EvalErrors.toException(e.val()));
            }
        }
        return null;
    }

    /** True for a peek of one key. */
    boolean isPoint() {
        return request.literalKey() != null;
    }

    /** The peek read. */
    PeekRequest request() {
        return request;
    }

    /**
     * Reads up to {@link #FUEL} keys; returns the answer once the read is complete (or failed),
     * null while keys remain. A bug fails the peek, not the worker.
     */
    PeekPartial slice() {
        Row key = request.literalKey();
        long t = request.time();
        Cursor c = cursor;
        try {
            for (int keys = 0; keys < FUEL && c.keyValid(); keys++, c.stepKey()) {
                if (key != null && c.compareKey(key) != 0) {
                    break;
                }
                for (; c.valValid(); c.stepVal()) {
                    long n = c.accumulate(t);
                    if (n == 0) {
                        continue;
                    }
                    if (n < 0) {
                        throw new SpindleException(ErrorCode.NEGATIVE_MULTIPLICITY_3, request.index(), n, c.val());
                    }
                    if (mfp == null) {
                        out.add(c.valSlab(), c.valFrom(), c.valTo(), n); // copied as encoded, no Row
                    } else {
                        Row mapped = mfp.apply(c.val());
                        if (mapped != null) {
                            out.add(mapped, n);
                        }
                    }
                }
                if (key != null) {
                    c.stepKey();
                    break;
                }
            }
            if (out.size() > 0) {
                parts.add(out.build());
                out = PackedRows.builder();
            }
            if (c.keyValid() && (key == null || c.compareKey(key) == 0)) {
                return null;
            }
            return new PeekPartial.Rows(parts);
        } catch (RuntimeException | OutOfMemoryError e) {
            // a result too large for the heap fails this peek, not the worker reading it
            parts.clear();
            out = null;
            return new PeekPartial.Error(SpindleException.fromThrowable(e, "reading index " + request.index()));
        }
    }
}
