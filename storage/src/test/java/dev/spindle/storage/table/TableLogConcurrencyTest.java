package dev.spindle.storage.table;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spindle.common.error.ErrorCode;
import dev.spindle.common.error.SpindleException;
import dev.spindle.common.id.GlobalId;
import dev.spindle.common.time.Frontier;
import dev.spindle.common.update.Consolidation;
import dev.spindle.common.update.Update;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * One writer appending (and compacting) while listeners and snapshot readers run on other threads.
 * Listeners that start before the first append must see every appended batch exactly once, in
 * order; listeners that join later see a catch-up batch and then every later batch; snapshot
 * readers must always see the naive contents at the time they read.
 */
class TableLogConcurrencyTest {

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void writerWithListenersAndSnapshotReaders() throws Exception {
        History h = History.random(7, 3000, 5, 40);
        TableLog log = new TableLog(GlobalId.user(1), TableLogProperties.DESC);
        ConcurrentLinkedQueue<Throwable> failures = new ConcurrentLinkedQueue<>();
        CountDownLatch start = new CountDownLatch(1);
        List<Thread> threads = new ArrayList<>();
        Frontier end = Frontier.after(h.lastTs());

        // Listeners from the beginning: every batch, once, in order, equal to what was appended.
        for (int l = 0; l < 3; l++) {
            Subscription sub = log.listen(Frontier.MIN);
            threads.add(new Thread(() -> {
                try {
                    start.await();
                    int next = 0;
                    Frontier lower = Frontier.MIN;
                    while (lower.lessThan(end)) {
                        TableBatch b = sub.await(10, TimeUnit.SECONDS);
                        if (b == null) {
                            throw new AssertionError("listener starved at batch " + next);
                        }
                        assertEquals(lower, b.lower(), "contiguous");
                        History.Step step = h.steps.get(next++);
                        assertEquals(Frontier.after(step.ts()), b.upper(), "in order");
                        assertEquals(Consolidation.consolidate(step.updates()), b.updates(), "batch " + (next - 1));
                        lower = b.upper();
                    }
                    assertEquals(h.steps.size(), next, "exactly once");
                } catch (Throwable t) {
                    failures.add(t);
                }
            }, "listener-" + l));
        }

        // Late listeners: join while the writer runs, from wherever since allows.
        AtomicInteger lateJoins = new AtomicInteger();
        for (int l = 0; l < 2; l++) {
            final int seed = l;
            threads.add(new Thread(() -> {
                try {
                    start.await();
                    Random rnd = new Random(seed);
                    Thread.sleep(rnd.nextInt(20));
                    Subscription sub;
                    while (true) {
                        Frontier from = Frontier.at(log.since().time() + rnd.nextInt(3));
                        try {
                            sub = log.listen(from);
                            break;
                        } catch (SpindleException e) {
                            assertEquals(ErrorCode.READ_BEFORE_SINCE_3, e.code()); // since moved meanwhile
                        }
                    }
                    lateJoins.incrementAndGet();
                    List<Update> received = new ArrayList<>();
                    Frontier lower = sub.from();
                    while (lower.lessThan(end)) {
                        TableBatch b = sub.await(10, TimeUnit.SECONDS);
                        if (b == null) {
                            throw new AssertionError("late listener starved");
                        }
                        assertEquals(lower, b.lower(), "contiguous");
                        received.addAll(b.updates());
                        lower = b.upper();
                    }
                    long f = sub.from().time();
                    // Updates compacted into since arrive at since; compare accumulations at the end.
                    assertEquals(Consolidation.accumulate(
                                    h.all.stream().filter(u -> u.time() >= f).toList(), h.lastTs()),
                            Consolidation.accumulate(received, h.lastTs()), "late listener from " + f);
                } catch (Throwable t) {
                    failures.add(t);
                }
            }, "late-listener-" + l));
        }

        // Snapshot readers: at random valid times, always the naive contents.
        AtomicInteger snapshots = new AtomicInteger();
        for (int r = 0; r < 2; r++) {
            final int seed = 100 + r;
            threads.add(new Thread(() -> {
                try {
                    start.await();
                    Random rnd = new Random(seed);
                    while (!log.upper().equals(end) || snapshots.get() < 50) {
                        Frontier since = log.since();
                        Frontier upper = log.upper();
                        if (!since.lessThan(upper)) {
                            Thread.yield();
                            continue;
                        }
                        long t = since.time() + (long) (rnd.nextDouble() * (upper.time() - since.time()));
                        try {
                            assertEquals(h.naiveSnapshot(t), log.snapshot(t), "snapshot at " + t);
                            snapshots.incrementAndGet();
                        } catch (SpindleException e) {
                            assertEquals(ErrorCode.READ_BEFORE_SINCE_3, e.code()); // compacted meanwhile
                        }
                    }
                } catch (Throwable t) {
                    failures.add(t);
                }
            }, "snapshot-" + r));
        }

        threads.forEach(Thread::start);
        start.countDown();
        Random rnd = new Random(1);
        for (History.Step s : h.steps) {
            log.append(s.updates(), s.ts());
            if (rnd.nextInt(50) == 0) {
                log.compact(Frontier.at(Math.max(0, s.ts() - 20)));
            }
            if (rnd.nextInt(10) == 0) {
                Thread.yield();
            }
        }
        for (Thread t : threads) {
            t.join(TimeUnit.SECONDS.toMillis(30));
            assertTrue(!t.isAlive(), t.getName() + " did not finish");
        }
        if (!failures.isEmpty()) {
            AssertionError e = new AssertionError(failures.size() + " reader failures; first: " + failures.peek());
            failures.forEach(e::addSuppressed);
            throw e;
        }
        assertEquals(2, lateJoins.get());
        assertTrue(snapshots.get() >= 50);
    }
}
