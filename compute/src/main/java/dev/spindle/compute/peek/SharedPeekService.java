package dev.spindle.compute.peek;

import dev.spindle.common.error.ErrorCode;
import dev.spindle.common.error.SpindleException;
import dev.spindle.common.id.GlobalId;
import dev.spindle.common.row.Row;
import dev.spindle.common.time.Frontier;
import dev.spindle.compute.arrangement.trace.KeyValDiff;
import dev.spindle.compute.arrangement.trace.TraceSnapshot;
import dev.spindle.compute.sharing.ArrangementSharingRegistry;
import dev.spindle.compute.sharing.PointReader;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.UUID;

/**
 * The fast path of an interactive worker: peeks answered from the publication points of its own
 * ordinal's registry, never waiting behind maintenance work.
 *
 * <p>A peek binds the index's point at once ({@link ArrangementSharingRegistry#getOrCreate}, a
 * placeholder if the index is not published yet) and takes a reader hold at its time, atomically
 * with the since check (so a compacted read fails immediately). It is answered when its point's
 * upper passes its time (the seal gate), re-checked only when the registry marks the id dirty,
 * never by polling. Errors before rows, as on every path. A peek whose index is never published
 * waits until cancelled and blocks nothing else.
 *
 * <p>Thread-safety: confined to its interactive worker's thread.
 */
public final class SharedPeekService {
    private record Pending(PeekRequest request, PeekService.Sink sink, PointReader reader) {
    }

    private final ArrangementSharingRegistry registry;
    private final int worker;
    private final List<Pending> pending = new ArrayList<>();

    public SharedPeekService(ArrangementSharingRegistry registry, int worker) {
        this.registry = registry;
        this.worker = worker;
    }

    /** Adds a peek and answers it at once if its point is already sealed past its time. */
    public void add(PeekRequest request, PeekService.Sink sink) {
        PointReader reader;
        try {
            reader = registry.getOrCreate(request.index()).openReader(Frontier.at(request.time()));
        } catch (SpindleException e) {
            sink.partial(request.uuid(), worker, new PeekPartial.Error(e));
            return;
        }
        Pending p = new Pending(request, sink, reader);
        if (!tryAnswer(p)) {
            pending.add(p);
        }
    }

    /** Forgets the peek {@code uuid}, releasing its hold. */
    public void cancel(UUID uuid) {
        for (Iterator<Pending> it = pending.iterator(); it.hasNext(); ) {
            Pending p = it.next();
            if (p.request.uuid().equals(uuid)) {
                it.remove();
                p.reader.close();
            }
        }
    }

    /** Number of pending peeks. */
    public int size() {
        return pending.size();
    }

    /** The ids of the pending peeks, with their times, for introspection. */
    public List<PeekRequest> pendingRequests() {
        List<PeekRequest> out = new ArrayList<>();
        for (Pending p : pending) {
            out.add(p.request);
        }
        return out;
    }

    /** Re-checks the peeks on ids sealed since the last step; true if any was answered. */
    public boolean step() {
        Set<GlobalId> dirty = registry.takeDirty(worker);
        if (dirty.isEmpty() || pending.isEmpty()) {
            return false;
        }
        boolean did = false;
        for (Iterator<Pending> it = pending.iterator(); it.hasNext(); ) {
            Pending p = it.next();
            if (dirty.contains(p.request.index()) && tryAnswer(p)) {
                it.remove();
                did = true;
            }
        }
        return did;
    }

    private boolean tryAnswer(Pending p) {
        PeekRequest r = p.request;
        if (p.reader.failure() != null) {
            p.reader.close();
            p.sink.partial(r.uuid(), worker, new PeekPartial.Error(p.reader.failure()));
            return true;
        }
        if (!p.reader.isBound() || !p.reader.upper().isSealed(r.time())) {
            return false;
        }
        PeekPartial answer;
        try {
            answer = PeekService.finish(r, accumulate(p.reader.errs(), r.time(), null),
                    accumulate(p.reader.oks(), r.time(), r.literalKey()));
        } catch (SpindleException e) {
            answer = new PeekPartial.Error(e);
        } catch (RuntimeException e) {
            // a bug must fail the peek, not the interactive worker
            answer = new PeekPartial.Error(SpindleException.withCause(e, ErrorCode.INTERNAL_ERROR_1, e.toString()));
        } finally {
            p.reader.close();
        }
        p.sink.partial(r.uuid(), worker, answer);
        return true;
    }

    private static Map<Row, Long> accumulate(TraceSnapshot s, long t, Row key) {
        Map<Row, Long> out = new TreeMap<>();
        for (KeyValDiff kv : key == null ? s.readAt(t) : s.readAt(t, key)) {
            out.merge(kv.val(), kv.diff(), Long::sum);
        }
        return out;
    }
}
