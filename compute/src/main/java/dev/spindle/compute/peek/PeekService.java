package dev.spindle.compute.peek;

import dev.spindle.common.error.ErrorCode;
import dev.spindle.common.error.SpindleException;
import dev.spindle.common.row.PackedRows;
import dev.spindle.common.row.Row;
import dev.spindle.common.time.Frontier;
import dev.spindle.compute.export.TraceBundle;
import dev.spindle.compute.export.TraceManager;
import dev.spindle.compute.expr.MfpEvaluator;
import dev.spindle.compute.operator.EvalErrors;
import dev.spindle.compute.operator.arrange.KeyedReader;
import dev.spindle.compute.arrangement.trace.TraceSnapshot;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;

/**
 * A worker's pending peeks, answered from the worker's own partition of each index under the
 * gates of DESIGN §5:
 * <ol>
 *   <li><b>seal gate</b>: a peek at {@code t} waits (no error) until {@code t < upper} for both
 *       {@code oks} and {@code errs};</li>
 *   <li><b>since gate</b>: if the trace's since is beyond {@code t} the peek fails with
 *       {@link ErrorCode#COMPACTION_FRONTIER_BEYOND_READ_2};</li>
 *   <li><b>errors before rows</b>: if {@code errs} holds an error at {@code t}, that error is the
 *       answer;</li>
 *   <li>otherwise the rows at {@code t}, through the peek's map/filter/project.</li>
 * </ol>
 * A peek on an index this worker does not (yet) have waits; it never blocks other peeks. Where
 * the index's readers expose snapshots (spine arrangements), a sealed peek is read a slice of
 * keys per {@link #step} ({@link SlicedRead}), point peeks first, so a full scan never holds the
 * worker for long; other readers are answered in one go.
 *
 * <p>Thread-safety: confined to its worker's thread.
 */
public final class PeekService {
    /** Receives a worker's answer. Called on the worker thread; must not block. */
    @FunctionalInterface
    public interface Sink {
        void partial(UUID uuid, int worker, PeekPartial partial);
    }

    private record Pending(PeekRequest request, Sink sink) {
    }

    private final List<Pending> pending = new ArrayList<>();
    private final ReadQueue<Pending> reading = new ReadQueue<>();

    /** Adds a peek. */
    public void add(PeekRequest request, Sink sink) {
        pending.add(new Pending(request, sink));
    }

    /** Forgets the peek {@code uuid}, if pending. */
    public void cancel(UUID uuid) {
        pending.removeIf(p -> p.request.uuid().equals(uuid));
        reading.removeIf(p -> p.request.uuid().equals(uuid), p -> { });
    }

    /**
     * Fails every peek still waiting on one of {@code indexes} (their dataflow failed) with
     * {@code error}. Peeks already being read finish from the snapshot they started on, which
     * was sealed past their time.
     */
    public void fail(java.util.Collection<dev.spindle.common.id.GlobalId> indexes, SpindleException error, int worker) {
        for (Iterator<Pending> it = pending.iterator(); it.hasNext(); ) {
            Pending p = it.next();
            if (indexes.contains(p.request.index())) {
                it.remove();
                p.sink.partial(p.request.uuid(), worker, new PeekPartial.Error(error));
            }
        }
    }

    /** Number of pending peeks (waiting for a seal or being read). */
    public int size() {
        return pending.size() + reading.size();
    }

    /**
     * Starts or answers every pending peek whose index is sealed past its time, then reads one
     * slice of each peek being read (point peeks first); true if any peek moved.
     */
    public boolean step(TraceManager traces, int worker) {
        boolean did = start(traces, worker) | !reading.isEmpty();
        reading.step((p, answer) -> p.sink.partial(p.request.uuid(), worker, answer));
        return did;
    }

    private boolean start(TraceManager traces, int worker) {
        boolean did = false;
        for (Iterator<Pending> it = pending.iterator(); it.hasNext(); ) {
            Pending p = it.next();
            TraceBundle bundle = traces.get(p.request.index()).orElse(null);
            if (bundle == null || !bundle.upper().isSealed(p.request.time())) {
                continue;
            }
            it.remove();
            did = true;
            PeekPartial answer;
            try {
                answer = startRead(p, bundle);
            } catch (RuntimeException e) {
                answer = new PeekPartial.Error(SpindleException.wrap(e)); // a bug fails the peek, not the worker
            }
            if (answer != null) {
                p.sink.partial(p.request.uuid(), worker, answer);
            }
        }
        return did;
    }

    /**
     * Reads a sealed peek in slices where its index's readers have snapshots (queued; returns
     * null), else answers it at once; gates first.
     */
    private PeekPartial startRead(Pending p, TraceBundle bundle) {
        PeekRequest r = p.request;
        TraceSnapshot oks = bundle.oks().traceSnapshot();
        TraceSnapshot errs = bundle.errs().traceSnapshot();
        if (oks == null || errs == null || !bundle.since().lessEqual(r.time())) {
            return answer(r, bundle);
        }
        PeekPartial error = SlicedRead.errorsAt(errs, r.time());
        if (error != null) {
            return error;
        }
        reading.add(p, new SlicedRead(r, oks));
        return null;
    }

    static PeekPartial answer(PeekRequest r, TraceBundle bundle) {
        long t = r.time();
        Frontier since = bundle.since();
        if (!since.lessEqual(t)) {
            return new PeekPartial.Error(new SpindleException(ErrorCode.COMPACTION_FRONTIER_BEYOND_READ_2,
                    since.isEmpty() ? "[]" : since.time(), t));
        }
        TreeMap<Row, Long> errs = new TreeMap<>();
        bundle.errs().scan((row, time, diff) -> {
            if (time <= t) {
                errs.merge(row, diff, Long::sum);
            }
        });
        TreeMap<Row, Long> acc = new TreeMap<>();
        KeyedReader.EntryConsumer add = (row, time, diff) -> {
            if (time <= t) {
                acc.merge(row, diff, Long::sum);
            }
        };
        if (r.literalKey() != null) {
            bundle.oks().snapshot().read(r.literalKey(), add);
        } else {
            bundle.oks().scan(add);
        }
        return finish(r, errs, acc);
    }

    /**
     * The answer from the accumulations at the peek's time: the first error if {@code errs}
     * holds any (errors before rows), else the rows through the peek's map/filter/project.
     */
    static PeekPartial finish(PeekRequest r, Map<Row, Long> errs, Map<Row, Long> rows) {
        for (Map.Entry<Row, Long> e : errs.entrySet()) {
            if (e.getValue() != 0) {
                return new PeekPartial.Error(EvalErrors.toException(e.getKey()));
            }
        }
        PackedRows.Builder out = PackedRows.builder(rows.size());
        MfpEvaluator mfp = r.mfp() == null ? null : r.mfp().evaluator();
        try {
            for (Map.Entry<Row, Long> e : rows.entrySet()) {
                long n = e.getValue();
                if (n == 0) {
                    continue;
                }
                if (n < 0) {
                    throw new SpindleException(ErrorCode.NEGATIVE_MULTIPLICITY_3, r.index(), n, e.getKey());
                }
                Row mapped = mfp == null ? e.getKey() : mfp.apply(e.getKey());
                if (mapped != null) {
                    out.add(mapped, n);
                }
            }
        } catch (SpindleException ex) {
            return new PeekPartial.Error(ex);
        }
        return PeekPartial.Rows.of(out.build());
    }
}
