package dev.spindle.compute.arrangement.trace;

import dev.spindle.common.time.Frontier;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * DESIGN.md invariant 7 under the interleavings Lincheck's model checker explores: a reader's
 * since check and the registration of its hold are one step, so a writer's compaction grant racing
 * a new reader either refuses the reader or respects its hold; never a hold behind the granted
 * since.
 */
class SharedTraceInterleavingTest {
    @Test
    void invariant07_acquireRacingACompactionGrantIsRefusedOrRespected() {
        ModelChecking.check(1_000, AcquireRacingGrant.class);
    }

    /**
     * One thread acquires a reader at 5 while the writer asks for a grant at an upper that lets an
     * unheld trace compact to 10. Either the reader was first (held at 5, grant at most 5, and
     * every later grant too) or the writer was (grant 10, reader refused).
     */
    public static final class AcquireRacingGrant implements Runnable {
        private static final Frontier READ_AT = Frontier.at(5);
        private static final Frontier UPPER = Frontier.at(11);

        @Override
        public void run() {
            TracePublisher publisher = TracePublisher.create(Frontier.MIN);
            SharedTrace trace = publisher.trace();
            AtomicReference<TraceHandle> held = new AtomicReference<>();
            AtomicReference<Frontier> grant = new AtomicReference<>();
            Thread reader = new Thread(() -> {
                try {
                    held.set(trace.tryAcquire(READ_AT));
                } catch (CompactedBeyondReadException refused) {
                    // the writer was first
                }
            });
            Thread writer = new Thread(() -> grant.set(publisher.grantLogical(UPPER)));
            reader.start();
            writer.start();
            join(reader);
            join(writer);
            if (held.get() == null) {
                check(READ_AT.lessThan(grant.get()), "refused although the grant " + grant.get() + " had not passed "
                        + READ_AT);
            } else {
                check(grant.get().lessEqual(READ_AT), "granted a hold at " + READ_AT
                        + " but the writer was allowed to compact to " + grant.get());
                check(trace.since().lessEqual(trace.logicalHoldMeet()), "since " + trace.since()
                        + " is past a live hold " + trace.logicalHoldMeet());
                Frontier later = publisher.grantLogical(UPPER);
                check(later.lessEqual(READ_AT), "a later grant " + later + " passes the live hold " + READ_AT);
            }
        }
    }

    static void check(boolean condition, String message) {
        if (!condition) {
            throw new AssertionError(message);
        }
    }

    static void join(Thread t) {
        try {
            t.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }
}
