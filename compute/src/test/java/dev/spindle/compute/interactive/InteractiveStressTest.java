package dev.spindle.compute.interactive;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spindle.common.error.ErrorCode;
import dev.spindle.common.id.GlobalId;
import dev.spindle.common.row.Row;
import dev.spindle.common.update.Update;
import dev.spindle.compute.controller.RuntimeMode;
import dev.spindle.compute.peek.PeekRequest;
import dev.spindle.compute.peek.PeekResponse;
import dev.spindle.compute.plan.RowSetFinishing;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * W = 2, split runtimes: one thread creates and drops original and duplicate (re-exported)
 * indexes while a writer appends and two threads peek, every answer checked against the table's
 * contents at the peek's time. It runs until it has done a minimum of each kind of work (so a slow
 * machine gets the same coverage, not fewer checks), capped at a generous time; a peek that does
 * not finish while its index is live is a hang, and a peek of an index dropped meanwhile must fail
 * with the dropped-index error, never hang.
 */
class InteractiveStressTest {
    private static final int MIN_ANSWERED = 50;
    private static final int MIN_CREATES = 20;
    private static final int MIN_DROPS = 10;
    private static final long CAP_MILLIS = 60_000;

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void createAndDropOriginalsAndDuplicatesWhilePeeking() throws Exception {
        try (SplitFixture f = new SplitFixture(RuntimeMode.SPLIT, 2)) {
            AtomicBoolean stop = new AtomicBoolean();
            AtomicLong sealed = new AtomicLong();
            Map<GlobalId, Long> live = new ConcurrentHashMap<>(); // index -> as of
            Map<GlobalId, Boolean> originals = new ConcurrentHashMap<>();
            ConcurrentLinkedQueue<String> failures = new ConcurrentLinkedQueue<>();
            AtomicInteger answered = new AtomicInteger();
            AtomicInteger creates = new AtomicInteger();
            AtomicInteger drops = new AtomicInteger();
            Object writeLock = new Object();

            Thread writer = new Thread(() -> {
                Random rnd = new Random(1);
                long ts = 0;
                while (!stop.get()) {
                    ts++;
                    synchronized (writeLock) {
                        List<Update> ups = new ArrayList<>();
                        ups.add(Update.insert(Row.of(ts % 10, ts), ts));
                        if (ts > 5 && rnd.nextInt(3) == 0) {
                            long old = ts - 1 - rnd.nextInt(4);
                            ups.add(Update.delete(Row.of(old % 10, old), ts));
                            ups.add(Update.insert(Row.of(old % 10, old), ts));
                        }
                        f.table.append(ups, ts);
                    }
                    sealed.set(ts);
                    try {
                        Thread.sleep(1);
                    } catch (InterruptedException e) {
                        return;
                    }
                }
            }, "writer");

            List<Thread> peekers = new ArrayList<>();
            for (int p = 0; p < 2; p++) {
                final Random rnd = new Random(100 + p);
                peekers.add(new Thread(() -> {
                    while (!stop.get()) {
                        List<Map.Entry<GlobalId, Long>> ids = new ArrayList<>(live.entrySet());
                        if (ids.isEmpty()) {
                            try {
                                Thread.sleep(1);
                            } catch (InterruptedException e) {
                                return;
                            }
                            continue;
                        }
                        Map.Entry<GlobalId, Long> pick = ids.get(rnd.nextInt(ids.size()));
                        long t = sealed.get();
                        if (t < pick.getValue()) {
                            continue;
                        }
                        UUID uuid = UUID.randomUUID();
                        CompletableFuture<PeekResponse> fut = f.ctl.peek(new PeekRequest(uuid, pick.getKey(), t, null, null,
                                RowSetFinishing.none()));
                        try {
                            PeekResponse r = null;
                            long giveUp = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
                            while (r == null) {
                                try {
                                    r = fut.get(100, TimeUnit.MILLISECONDS);
                                } catch (TimeoutException e) {
                                    if (System.nanoTime() > giveUp) {
                                        failures.add("peek of live index " + pick.getKey() + " at " + t + " hung");
                                        f.ctl.cancel(uuid);
                                    }
                                }
                            }
                            if (r instanceof PeekResponse.Rows) {
                                List<Row> expected = f.contents(t);
                                if (!expected.equals(((PeekResponse.Rows) r).rows())) {
                                    failures.add(pick.getKey() + " at " + t + ": expected " + expected + " got " + r);
                                }
                                answered.incrementAndGet();
                            } else if (r instanceof PeekResponse.Error
                                    && ((PeekResponse.Error) r).error().code() == ErrorCode.INDEX_DROPPED_1) {
                                if (live.containsKey(pick.getKey())) {
                                    failures.add(pick.getKey() + " is live but its peek said: " + r);
                                }
                            } else {
                                failures.add(pick.getKey() + " at " + t + ": " + r);
                            }
                        } catch (Exception e) {
                            failures.add(e.toString());
                        }
                    }
                }, "peeker-" + p));
            }

            writer.start();
            peekers.forEach(Thread::start);
            Random rnd = new Random(7);
            long next = 10;
            long deadline = System.currentTimeMillis() + CAP_MILLIS;
            while (System.currentTimeMillis() < deadline
                    && (answered.get() < MIN_ANSWERED || creates.get() < MIN_CREATES || drops.get() < MIN_DROPS)) {
                double dice = rnd.nextDouble();
                List<GlobalId> origs = new ArrayList<>(originals.keySet());
                if (origs.isEmpty() || dice < 0.35) {
                    GlobalId id = GlobalId.user(next++);
                    long asOf = sealed.get();
                    f.createIndex(id, asOf);
                    originals.put(id, true);
                    live.put(id, asOf);
                    creates.incrementAndGet();
                } else if (dice < 0.65) {
                    GlobalId of = origs.get(rnd.nextInt(origs.size()));
                    GlobalId id = GlobalId.user(next++);
                    long asOf = Math.max(sealed.get(), live.getOrDefault(of, 0L));
                    f.createReexport(id, of, asOf);
                    live.put(id, asOf);
                    creates.incrementAndGet();
                } else {
                    List<GlobalId> ids = new ArrayList<>(live.keySet());
                    GlobalId id = ids.get(rnd.nextInt(ids.size()));
                    live.remove(id);
                    originals.remove(id);
                    f.ctl.dropIndex(id);
                    drops.incrementAndGet();
                }
                Thread.sleep(rnd.nextInt(20));
            }
            stop.set(true);
            writer.join(10_000);
            for (Thread t : peekers) {
                t.join(30_000);
                assertTrue(!t.isAlive(), t.getName() + " did not stop");
            }
            assertTrue(failures.isEmpty(), failures.size() + " failures, first: " + failures.peek());
            assertTrue(f.ctl.runtime().failures().isEmpty(), f.ctl.runtime().failures().toString());
            assertTrue(f.ctl.interactive().failures().isEmpty(), f.ctl.interactive().failures().toString());
            assertTrue(answered.get() >= MIN_ANSWERED && creates.get() >= MIN_CREATES && drops.get() >= MIN_DROPS,
                    "within " + CAP_MILLIS + " ms only " + answered + " answers, " + creates + " creates, " + drops + " drops");
            System.out.printf("stress: %d peeks answered, %d creates, %d drops%n", answered.get(), creates.get(), drops.get());
        }
    }
}
