package dev.spindle.compute.sharing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spindle.common.id.GlobalId;
import dev.spindle.common.time.Frontier;
import dev.spindle.compute.arrangement.trace.ArrangementSize;
import dev.spindle.compute.arrangement.trace.TracePublisher;
import dev.spindle.compute.arrangement.trace.TraceSnapshot;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The registry under real threads: readers opening and closing on one id race its publication
 * (any thread may call any method), and seals race the interactive worker's drains (DESIGN.md
 * invariant 9). Each outcome is checked, whatever the interleaving; none depends on timing.
 */
class RegistryConcurrencyTest {
    static final GlobalId ID = GlobalId.user(1);
    private static final long TIMEOUT_S = 60;

    private final ExecutorService pool = Executors.newFixedThreadPool(3);

    @AfterEach
    void shutDown() {
        pool.shutdownNow();
    }

    private static <T> T get(Future<T> f) throws Exception {
        return f.get(TIMEOUT_S, TimeUnit.SECONDS);
    }

    /**
     * Two readers open and close readers on one id over and over (one with
     * {@link ArrangementSharingRegistry#openReader}, one the two-step
     * {@code getOrCreate(id).openReader(t)}), so the id's placeholder keeps retiring and being
     * replaced, while a publisher publishes the id. No call may fail, and every reader still open
     * when the publish has returned must be on the published point and bound to its traces.
     */
    @Test
    void readersOpeningAndClosingOnOneIdRacingItsPublishAlwaysLandOnTheSlotsPoint() throws Exception {
        for (int i = 0; i < 400; i++) {
            raceOnce(i % 40);
        }
    }

    private void raceOnce(int publishAfterOpens) throws Exception {
        ArrangementSharingRegistry registry = new ArrangementSharingRegistry(0);
        registry.attachPublisher();
        TracePublisher oks = TracePublisher.create(Frontier.MIN);
        TracePublisher errs = TracePublisher.create(Frontier.MIN);
        AtomicReference<PublicationPoint> published = new AtomicReference<>();
        AtomicInteger opens = new AtomicInteger();
        CyclicBarrier start = new CyclicBarrier(3);
        List<Future<?>> threads = new ArrayList<>();
        for (boolean atomic : new boolean[] {true, false}) {
            threads.add(pool.submit((Callable<Void>) () -> {
                start.await(TIMEOUT_S, TimeUnit.SECONDS);
                for (int k = 0; k < 50; k++) {
                    PointReader r = atomic
                            ? registry.openReader(ID, Frontier.MIN, k % 2 == 0)
                            : registry.getOrCreate(ID).openReader(Frontier.MIN);
                    opens.incrementAndGet();
                    assertFalse(r.point().isRetired(), "a reader keeps its point from retiring");
                    PublicationPoint p = published.get();
                    if (p != null) {
                        assertSame(p, r.point(), "a reader open after the publish is on the published point");
                        assertTrue(r.isBound(), "and bound to its traces");
                    }
                    r.close();
                }
                return null;
            }));
        }
        threads.add(pool.submit((Callable<Void>) () -> {
            start.await(TIMEOUT_S, TimeUnit.SECONDS);
            while (opens.get() < publishAfterOpens) {
                Thread.onSpinWait(); // the readers always progress: they never wait for the publisher
            }
            published.set(registry.publish(ID, oks.trace(), errs.trace()).point());
            return null;
        }));
        for (Future<?> f : threads) {
            get(f);
        }
        PublicationPoint p = published.get();
        assertSame(p, registry.get(ID).orElseThrow(), "the published point is in the slot");
        assertTrue(p.isBacked());
        assertEquals(0, p.readers(), "every reader left");
        assertEquals(1, oks.trace().liveHandles(), "only the point's own hold is left on the trace");
        assertEquals(0, registry.earlyFloorCount());
        try (PointReader late = registry.openReader(ID, Frontier.MIN)) {
            assertSame(p, late.point());
            assertTrue(late.isBound());
        }
    }

    /**
     * Invariant 9 with real threads: a writer seals many ids (each once, through real trace
     * publishes and the points' seal notifications) while the interactive side drains the dirty set
     * in a loop. Every seal is returned by exactly one drain; none is lost.
     */
    @Test
    void invariant09_everySealIsTakenByADrainWhileSealsAndDrainsRace() throws Exception {
        int ids = 20_000;
        ArrangementSharingRegistry registry = new ArrangementSharingRegistry(0);
        registry.attachPublisher();
        List<TracePublisher> writers = new ArrayList<>(ids);
        Set<GlobalId> all = new HashSet<>();
        for (int i = 0; i < ids; i++) {
            TracePublisher oks = TracePublisher.create(Frontier.MIN);
            GlobalId id = GlobalId.user(i);
            registry.publish(id, oks.trace(), TracePublisher.create(Frontier.MIN).trace());
            writers.add(oks);
            all.add(id);
        }
        registry.takeDirty(0); // the publishes' own marks
        AtomicBoolean sealed = new AtomicBoolean();
        CyclicBarrier start = new CyclicBarrier(2);
        Future<?> sealer = pool.submit((Callable<Void>) () -> {
            start.await(TIMEOUT_S, TimeUnit.SECONDS);
            for (TracePublisher w : writers) {
                TraceSnapshot last = w.trace().snapshot();
                w.publish(new TraceSnapshot(List.of(), Frontier.at(1), last.since(), ArrangementSize.ZERO,
                        last.sequence() + 1, false)); // a seal: marks its id dirty
            }
            sealed.set(true);
            return null;
        });
        Future<List<GlobalId>> drainer = pool.submit(() -> {
            List<GlobalId> taken = new ArrayList<>();
            start.await(TIMEOUT_S, TimeUnit.SECONDS);
            while (true) {
                boolean done = sealed.get(); // read before draining: a drain after it sees every seal
                taken.addAll(registry.takeDirty(0));
                if (done) {
                    return taken;
                }
            }
        });
        get(sealer);
        List<GlobalId> taken = get(drainer);
        Set<GlobalId> missing = new HashSet<>(all);
        missing.removeAll(taken);
        assertEquals(Set.of(), missing.size() > 10 ? Set.of(missing.size() + " ids") : missing, "seals lost");
        assertEquals(ids, taken.size(), "each seal is taken exactly once");
    }
}
