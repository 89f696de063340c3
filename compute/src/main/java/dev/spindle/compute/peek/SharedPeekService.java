package dev.spindle.compute.peek;

import dev.spindle.common.error.SpindleException;
import dev.spindle.common.id.GlobalId;
import dev.spindle.common.time.Frontier;
import dev.spindle.compute.sharing.ArrangementSharingRegistry;
import dev.spindle.compute.sharing.PointReader;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
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
 * <p>Reading is sliced: every {@link #step()} gives each sealed peek at most {@link #FUEL} keys,
 * round-robin, so a point peek is answered in its first slice even while full scans of a large
 * index are in progress, and commands are taken between slices.
 *
 * <p>Thread-safety: confined to its interactive worker's thread.
 */
public final class SharedPeekService {
    /** Keys read per peek per step. */
    static final int FUEL = SlicedRead.FUEL;

    /** A peek and, once sealed, its read in progress. */
    private static final class Pending {
        final PeekRequest request;
        final PeekService.Sink sink;
        final PointReader reader;
        SlicedRead read; // set when the read starts

        Pending(PeekRequest request, PeekService.Sink sink, PointReader reader) {
            this.request = request;
            this.sink = sink;
            this.reader = reader;
        }
    }

    private final ArrangementSharingRegistry registry;
    private final int worker;
    private final List<Pending> waiting = new ArrayList<>();
    private final Deque<Pending> scanning = new ArrayDeque<>();

    public SharedPeekService(ArrangementSharingRegistry registry, int worker) {
        this.registry = registry;
        this.worker = worker;
    }

    /** Adds a peek; starts reading it at once if its point is already sealed past its time. */
    public void add(PeekRequest request, PeekService.Sink sink) {
        PointReader reader;
        try {
            reader = registry.getOrCreate(request.index()).openReader(Frontier.at(request.time()));
        } catch (SpindleException e) {
            sink.partial(request.uuid(), worker, new PeekPartial.Error(e));
            return;
        }
        Pending p = new Pending(request, sink, reader);
        if (!start(p)) {
            waiting.add(p);
        }
    }

    /** Forgets the peek {@code uuid}, releasing its hold. */
    public void cancel(UUID uuid) {
        for (Iterator<Pending> it = waiting.iterator(); it.hasNext(); ) {
            Pending p = it.next();
            if (p.request.uuid().equals(uuid)) {
                it.remove();
                p.reader.close();
            }
        }
        for (Iterator<Pending> it = scanning.iterator(); it.hasNext(); ) {
            Pending p = it.next();
            if (p.request.uuid().equals(uuid)) {
                it.remove();
                p.reader.close();
            }
        }
    }

    /** Number of pending peeks (waiting for a seal or being read). */
    public int size() {
        return waiting.size() + scanning.size();
    }

    /**
     * Starts the peeks on ids sealed since the last step and reads a slice of every peek in
     * progress; true if there is more to read.
     */
    public boolean step() {
        Set<GlobalId> dirty = registry.takeDirty(worker);
        if (!dirty.isEmpty() && !waiting.isEmpty()) {
            for (Iterator<Pending> it = waiting.iterator(); it.hasNext(); ) {
                Pending p = it.next();
                if (dirty.contains(p.request.index()) && start(p)) {
                    it.remove();
                }
            }
        }
        for (int n = scanning.size(); n > 0; n--) {
            Pending p = scanning.pollFirst();
            if (!slice(p)) {
                scanning.addLast(p);
            }
        }
        return !scanning.isEmpty();
    }

    /**
     * Moves a sealed peek to reading (or answers it: a binding failure, or errors at its time);
     * false if it must keep waiting.
     */
    private boolean start(Pending p) {
        PeekRequest r = p.request;
        if (p.reader.failure() != null) {
            p.reader.close();
            p.sink.partial(r.uuid(), worker, new PeekPartial.Error(p.reader.failure()));
            return true;
        }
        if (!p.reader.isBound() || !p.reader.upper().isSealed(r.time())) {
            return false;
        }
        try {
            PeekPartial error = SlicedRead.errorsAt(p.reader.errs(), r.time());
            if (error != null) {
                finish(p, error);
                return true;
            }
            p.read = new SlicedRead(r, p.reader.oks());
        } catch (RuntimeException e) {
            finish(p, failure(e));
            return true;
        }
        if (p.read.isPoint()) {
            scanning.addFirst(p); // one key: read it before the next slice of any scan
        } else {
            scanning.addLast(p);
        }
        return true;
    }

    /** Reads a slice of {@code p}; true once it is answered. */
    private boolean slice(Pending p) {
        PeekPartial answer = p.read.slice();
        if (answer == null) {
            return false;
        }
        finish(p, answer);
        return true;
    }

    /** A bug must fail the peek, not the interactive worker. */
    private static PeekPartial failure(RuntimeException e) {
        return new PeekPartial.Error(SpindleException.wrap(e));
    }

    private void finish(Pending p, PeekPartial answer) {
        p.reader.close();
        p.sink.partial(p.request.uuid(), worker, answer);
    }
}
