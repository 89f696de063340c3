package dev.spindle.compute.arrangement.spine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spindle.common.time.Frontier;
import dev.spindle.compute.arrangement.NaiveTrace;
import dev.spindle.compute.arrangement.trace.CompactedBeyondReadException;
import dev.spindle.compute.arrangement.trace.SharedTrace;
import dev.spindle.compute.arrangement.trace.TraceHandle;
import dev.spindle.compute.arrangement.trace.TraceSnapshot;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Readers on other threads take snapshots, hold a read time with a handle and read while the
 * writer inserts, merges and compacts. Every read must equal the naive answer; every seal must be
 * announced in order.
 */
class SpineConcurrencyTest {

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void readersSeeConsistentStatesWhileTheWriterMergesAndCompacts() throws Exception {
        Random gen = new Random(11);
        History h = History.random(gen, 2500, 40, 4, 3, 12);
        TracePair pair = Spine.create();
        Spine spine = pair.writer();
        TraceHandle owner = pair.handle();
        owner.setPhysicalCompaction(Frontier.EMPTY);
        SharedTrace trace = spine.trace();
        ConcurrentLinkedQueue<Throwable> failures = new ConcurrentLinkedQueue<>();
        AtomicBoolean done = new AtomicBoolean();
        AtomicLong reads = new AtomicLong();
        AtomicLong refused = new AtomicLong();
        List<Frontier> seals = new ArrayList<>();
        trace.onUpperAdvance(seals::add); // runs on the writer thread only

        List<Thread> readers = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            final long seed = i;
            readers.add(new Thread(() -> {
                Random r = new Random(seed);
                try {
                    while (!done.get()) {
                        TraceSnapshot snap = trace.snapshot();
                        long lo = snap.since().time();
                        long hi = snap.upper().time();
                        if (hi <= lo) {
                            Thread.onSpinWait();
                            continue;
                        }
                        long t = lo + (long) (r.nextDouble() * (hi - lo));
                        try (TraceHandle held = trace.tryAcquire(Frontier.at(t))) {
                            TraceSnapshot now = held.snapshot();
                            assertTrue(now.since().lessEqual(t), "a held time stays readable");
                            assertTrue(now.sequence() >= snap.sequence(), "snapshots never go back");
                            assertEquals(NaiveTrace.at(h.all, t), now.readAt(t), "read at " + t);
                            // The first snapshot is immutable: it stays correct whatever happened since.
                            assertEquals(NaiveTrace.at(h.all, t), snap.readAt(t), "stale read at " + t);
                            reads.incrementAndGet();
                        } catch (CompactedBeyondReadException e) {
                            refused.incrementAndGet(); // the writer compacted past t meanwhile: allowed
                        }
                    }
                } catch (Throwable e) {
                    failures.add(e);
                }
            }, "reader-" + i));
        }
        readers.forEach(Thread::start);

        Random r = new Random(5);
        int written = 0;
        for (History.Step step : h.steps) {
            if (++written % 4 == 0) {
                Thread.sleep(1); // let the readers interleave with many states, on two cores
            }
            spine.insert(step.batch());
            spine.work(r.nextInt(200));
            if (r.nextInt(8) == 0) {
                spine.exert(64);
            }
            long upper = spine.upper().time();
            owner.setLogicalCompaction(Frontier.at(Math.max(0, upper - 1 - r.nextInt(30))));
            if (!failures.isEmpty()) {
                break;
            }
        }
        while (spine.work(1000)) {
            Thread.onSpinWait();
        }
        // Readers go on over the final state until they made enough checked reads (a loaded machine
        // may have starved them during the writes); the count is the test's, not the clock's.
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (reads.get() <= 100 && failures.isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(1);
        }
        done.set(true);
        for (Thread t : readers) {
            t.join(TimeUnit.SECONDS.toMillis(30));
        }
        if (!failures.isEmpty()) {
            AssertionError e = new AssertionError("reader failed");
            failures.forEach(e::addSuppressed);
            throw e;
        }
        System.out.printf("concurrent reads: %d checked, %d refused (compacted meanwhile)%n", reads.get(), refused.get());
        assertTrue(reads.get() > 100, "readers made progress: " + reads.get());
        for (int i = 1; i < seals.size(); i++) {
            assertTrue(seals.get(i - 1).lessThan(seals.get(i)), "seals strictly increase");
        }
        assertEquals(spine.upper(), seals.get(seals.size() - 1));
        assertEquals(h.steps.size(), seals.size());
        assertEquals(0, trace.liveHandles() - 1, "every reader handle was released");
    }
}
