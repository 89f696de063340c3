package dev.spindle.compute.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spindle.common.id.GlobalId;
import dev.spindle.common.row.Row;
import dev.spindle.common.time.Frontier;
import dev.spindle.compute.arrangement.batch.BatchBuilder;
import dev.spindle.compute.arrangement.batch.Description;
import dev.spindle.compute.arrangement.spine.Spine;
import dev.spindle.compute.arrangement.spine.TracePair;
import dev.spindle.compute.dataflow.Operator;
import dev.spindle.compute.export.TraceBundle;
import dev.spindle.compute.operator.arrange.TraceHandleReader;
import dev.spindle.compute.peek.PeekRequest;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A worker pass that runs long (a hydration's slices adding up) interleaves the other dataflows
 * between the long dataflow's operators, so a small dataflow is stepped every slice rather than
 * once per pass.
 */
class WorkerSchedulingTest {
    private static final int LONG_OPS = 3;
    private static final int PASSES = 20;

    /**
     * Spins for 2 ms per run, {@code PASSES} times (or until {@code stop} is done), recording what
     * the small dataflow counted.
     */
    private static final class Slow extends Operator {
        private final AtomicInteger smallRuns;
        private final List<int[]> seen; // (operator index, small runs at start)
        private final CountDownLatch done;
        private final CompletableFuture<?> stop; // null: PASSES runs
        private int runs;

        Slow(int id, AtomicInteger smallRuns, List<int[]> seen, CountDownLatch done) {
            this(id, smallRuns, seen, done, null);
        }

        Slow(int id, AtomicInteger smallRuns, List<int[]> seen, CountDownLatch done, CompletableFuture<?> stop) {
            super(id, "Slow");
            this.smallRuns = smallRuns;
            this.seen = seen;
            this.done = done;
            this.stop = stop;
        }

        @Override
        public boolean run() {
            if (stop == null ? runs == PASSES : stop.isDone()) {
                return false;
            }
            synchronized (seen) {
                seen.add(new int[] {id(), smallRuns.get()});
            }
            long until = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(2);
            while (System.nanoTime() < until) {
                Thread.onSpinWait();
            }
            if (++runs == PASSES && stop == null) {
                done.countDown();
            }
            return true;
        }
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void aLongPassInterleavesTheOtherDataflowsBetweenItsOperators() throws Exception {
        AtomicInteger smallRuns = new AtomicInteger();
        List<int[]> seen = new ArrayList<>();
        CountDownLatch done = new CountDownLatch(LONG_OPS);
        try (ComputeRuntime rt = new ComputeRuntime("test", 1)) {
            rt.createDataflow(1, "small", b -> b.add(i -> new Operator(i, "Count") {
                @Override
                public boolean run() {
                    smallRuns.incrementAndGet();
                    return false;
                }
            }));
            rt.createDataflow(2, "long", b -> {
                for (int k = 0; k < LONG_OPS; k++) {
                    b.add(i -> new Slow(i, smallRuns, seen, done));
                }
            });
            assertTrue(done.await(30, TimeUnit.SECONDS));
        }
        int withinPass = 0;
        int interleaved = 0;
        synchronized (seen) {
            assertEquals(LONG_OPS * PASSES, seen.size());
            for (int k = 1; k < seen.size(); k++) {
                if (seen.get(k)[0] == seen.get(k - 1)[0] + 1) { // the next operator of the same pass
                    withinPass++;
                    if (seen.get(k)[1] > seen.get(k - 1)[1]) {
                        interleaved++;
                    }
                }
            }
        }
        assertEquals((LONG_OPS - 1) * PASSES, withinPass);
        // Without interleaving none would be. Not all must be: when the worker thread is held up for
        // more than a slice (preempted, a safepoint) right after the small dataflow's own operator at
        // the start of a pass, the interleave runs the long dataflow's operators there, back to back,
        // before the pass reaches them (seen once in 60 runs at rest: "0:25 1:25 2:25 0:25").
        assertTrue(interleaved >= withinPass * 3 / 4,
                "the small dataflow ran between two 2 ms operators " + interleaved + " times of " + withinPass);
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void aDataflowFailingInAnInterleavedPassIsStoppedAndTheLongOneGoesOn() throws Exception {
        AtomicInteger smallRuns = new AtomicInteger();
        List<int[]> seen = new ArrayList<>();
        CountDownLatch done = new CountDownLatch(LONG_OPS);
        try (ComputeRuntime rt = new ComputeRuntime("test", 1)) {
            rt.createDataflow(1, "long", b -> {
                for (int k = 0; k < LONG_OPS; k++) {
                    b.add(i -> new Slow(i, smallRuns, seen, done));
                }
            });
            rt.createDataflow(2, "fails", b -> b.add(i -> new Operator(i, "Boom") {
                @Override
                public boolean run() {
                    if (smallRuns.incrementAndGet() == 3) {
                        throw new IllegalStateException("boom");
                    }
                    return false;
                }
            }));
            assertTrue(done.await(30, TimeUnit.SECONDS));
            assertEquals(java.util.Set.of(2L), rt.failures().keySet(), "only the failing dataflow stopped");
            assertEquals(3, smallRuns.get(), "a failed dataflow is never run again, in or after the pass");
        }
        assertEquals(LONG_OPS * PASSES, seen.size());
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void aPeekIsSteppedWithinTheOnlyDataflowsLongPass() throws Exception {
        GlobalId index = GlobalId.user(9);
        TracePair o = Spine.create();
        TracePair e = Spine.create();
        BatchBuilder bb = new BatchBuilder();
        bb.push(Row.of(1L), Row.of(1L, 2L), 1, 1);
        o.writer().insert(bb.build(Description.of(Frontier.MIN, Frontier.at(2))));
        e.writer().insert(new BatchBuilder().build(Description.of(Frontier.MIN, Frontier.at(2))));
        TraceBundle bundle = new TraceBundle(index, new TraceHandleReader(o.handle()), new TraceHandleReader(e.handle()));
        AtomicInteger smallRuns = new AtomicInteger();
        List<int[]> seen = new ArrayList<>();
        CountDownLatch done = new CountDownLatch(LONG_OPS);
        CompletableFuture<Integer> answeredAfter = new CompletableFuture<>();
        try (ComputeRuntime rt = new ComputeRuntime("test", 1)) {
            rt.broadcast(new WorkerCommand.RunOnWorker(w -> w.traces().install(7, bundle)));
            // the long dataflow runs pass after pass until the peek is answered, however late the
            // peek arrives: it must be answered after an operator within a pass, not at a pass's end
            rt.createDataflow(1, "long", b -> {
                for (int k = 0; k < LONG_OPS; k++) {
                    b.add(i -> new Slow(i, smallRuns, seen, done, answeredAfter));
                }
            });
            // a peek waiting on a time nobody seals keeps the service non-empty; the second is answerable
            rt.broadcast(new WorkerCommand.RunOnWorker(w -> {
                w.addPeek(PeekRequest.all(index, 5), (uuid, worker, partial) -> { });
                w.addPeek(PeekRequest.all(index, 1), (uuid, worker, partial) -> {
                    synchronized (seen) {
                        answeredAfter.complete(seen.size());
                    }
                });
            }));
            int runsBefore = answeredAfter.get(30, TimeUnit.SECONDS);
            assertTrue(runsBefore % LONG_OPS != 0,
                    "answered between two operators of the long pass (after " + runsBefore + " operator runs)");
        } finally {
            o.writer().close();
            e.writer().close();
        }
    }
}
