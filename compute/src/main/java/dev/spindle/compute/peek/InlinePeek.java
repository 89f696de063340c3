package dev.spindle.compute.peek;

import dev.spindle.common.error.SpindleException;
import dev.spindle.common.id.GlobalId;
import dev.spindle.common.time.Frontier;
import dev.spindle.compute.sharing.ArrangementSharingRegistry;
import dev.spindle.compute.sharing.PointReader;
import dev.spindle.compute.sharing.PublicationPoint;
import java.util.List;
import java.util.Optional;

/**
 * A peek (a point lookup or a scan) answered in the caller's thread, straight from the publication
 * points of the sharing registries (one per worker ordinal), when every one of them is already
 * sealed past the peek's time: the hand-off to an interactive worker and back is what a read of a
 * sealed index would otherwise pay (tens of microseconds with parking on an idle machine; on two
 * busy cores, waking a worker and waiting for it cost the sqllogictest corpus's 42,000 scans of
 * indexes about 8 s of the session thread's 88).
 *
 * <p>It reads exactly as an interactive worker would ({@link SharedPeekService}): a reader hold
 * at the peek's time is taken on each ordinal's point, atomically with the since check (a
 * compacted read fails with that error), errors at the time before rows, one key sought per
 * partition (a scan reads every key, {@link SlicedRead#FUEL} keys per slice, calling the caller's
 * checkpoint between slices, so a cancel or a timeout ends a long scan), the holds released when
 * done. Any thread may read a publication point: the traces' snapshots are immutable. When a point
 * is missing (not published yet, dropped) or not yet sealed at the time, nothing is answered here;
 * the caller either waits for the seal itself, if the points are there and only the seal is
 * missing ({@link #awaitsOnlySeal}; the registries unpark it as the index seals), or sends the
 * peek to the workers, which wait for the seal and report drops and failures as they always do.
 *
 * <p>Thread-safety: stateless; may be called from any number of threads at once.
 */
public final class InlinePeek {
    /** Keys a scan reads on one worker ordinal's partition between two calls of the checkpoint. */
    public static final int SLICE_KEYS = SlicedRead.FUEL;

    private InlinePeek() {
    }

    /**
     * The answer to peek {@code request} if every registry in {@code registries} has the index
     * sealed past the peek's time, else null.
     *
     * @param checkpoint called between slices of a scan; what it throws (a cancel, a timeout) ends
     *     the read, holds released, and is thrown from here
     */
    public static PeekResponse tryAnswer(List<ArrangementSharingRegistry> registries, PeekRequest request,
                                         Runnable checkpoint) {
        int n = registries.size();
        PointReader[] readers = new PointReader[n];
        try {
            Frontier at = Frontier.at(request.time());
            for (int w = 0; w < n; w++) {
                Optional<PublicationPoint> point = registries.get(w).get(request.index());
                if (point.isEmpty()) {
                    return null;
                }
                PointReader r = point.get().tryOpenReader(at);
                if (r == null) {
                    return null; // dropped since it was looked up: the workers answer (INDEX_DROPPED)
                }
                readers[w] = r;
                if (r.failure() != null) {
                    return new PeekResponse.Error(r.failure());
                }
                if (!r.isBound() || !r.upper().isSealed(request.time())) {
                    return null;
                }
            }
            PeekPartial[] parts = new PeekPartial[n];
            for (int w = 0; w < n; w++) {
                PeekPartial error = SlicedRead.errorsAt(readers[w].errs(), request.time());
                if (error != null) {
                    parts[w] = error;
                    continue;
                }
                SlicedRead read = new SlicedRead(request, readers[w].oks());
                PeekPartial answer;
                while ((answer = read.slice()) == null) {
                    try {
                        checkpoint.run();
                    } catch (RuntimeException e) {
                        throw new Stopped(e);
                    }
                }
                parts[w] = answer;
            }
            return PeekMerge.merge(parts, request.finishing());
        } catch (Stopped e) {
            throw (RuntimeException) e.getCause();
        } catch (SpindleException e) {
            return new PeekResponse.Error(e);
        } finally {
            for (PointReader r : readers) {
                if (r != null) {
                    r.close();
                }
            }
        }
    }

    /**
     * Whether a peek of {@code index} that {@link #tryAnswer} did not answer waits only for the
     * index to seal: every registry has its point, backed by the publisher and not detached. When
     * not (not published yet, dropped), the interactive workers must take the peek.
     */
    public static boolean awaitsOnlySeal(List<ArrangementSharingRegistry> registries, GlobalId index) {
        for (ArrangementSharingRegistry registry : registries) {
            Optional<PublicationPoint> point = registry.get(index);
            if (point.isEmpty() || !point.get().isBacked() || point.get().isDetached()) {
                return false;
            }
        }
        return true;
    }

    /** The checkpoint's exception, carried past the read's own error handling. */
    private static final class Stopped extends RuntimeException {
        Stopped(RuntimeException cause) {
            super(cause);
        }
    }
}
