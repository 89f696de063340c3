package dev.spindle.compute.peek;

import dev.spindle.common.error.SpindleException;
import dev.spindle.common.id.GlobalId;
import dev.spindle.common.time.Frontier;
import dev.spindle.compute.sharing.ArrangementSharingRegistry;
import dev.spindle.compute.sharing.PointReader;
import java.util.ArrayList;
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

    /** A peek with its hold on the index's point. */
    private record Pending(PeekRequest request, PeekService.Sink sink, PointReader reader) {
    }

    private final ArrangementSharingRegistry registry;
    private final int worker;
    private final List<Pending> waiting = new ArrayList<>();
    private final ReadQueue<Pending> reading = new ReadQueue<>();

    public SharedPeekService(ArrangementSharingRegistry registry, int worker) {
        this.registry = registry;
        this.worker = worker;
    }

    /** Adds a peek; starts reading it at once if its point is already sealed past its time. */
    public void add(PeekRequest request, PeekService.Sink sink) {
        PointReader reader;
        try {
            reader = registry.openReader(request.index(), Frontier.at(request.time()));
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
        reading.removeIf(p -> p.request.uuid().equals(uuid), p -> p.reader.close());
    }

    /** Number of pending peeks (waiting for a seal or being read). */
    public int size() {
        return waiting.size() + reading.size();
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
        reading.step(this::finish);
        return !reading.isEmpty();
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
            } else {
                reading.add(p, new SlicedRead(r, p.reader.oks()));
            }
        } catch (RuntimeException e) {
            finish(p, failure(e));
        }
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
