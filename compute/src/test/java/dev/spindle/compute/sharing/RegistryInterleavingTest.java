package dev.spindle.compute.sharing;

import dev.spindle.common.id.GlobalId;
import dev.spindle.common.time.Frontier;
import dev.spindle.compute.arrangement.trace.ModelChecking;
import dev.spindle.compute.arrangement.trace.TracePublisher;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * The registry's races under the interleavings Lincheck's model checker explores (see
 * {@link ModelChecking}): each scenario starts its threads, joins them and checks the outcome, and
 * Lincheck runs it under many schedules, switching threads at every shared access and monitor
 * operation.
 */
class RegistryInterleavingTest {
    static final GlobalId ID = GlobalId.user(1);
    static final GlobalId OTHER = GlobalId.user(2);

    @Test
    void openReaderRacingARetiringPlaceholderAndAPublishLandsOnThePublishedPoint() {
        ModelChecking.check(100, RetiringPlaceholder.class);
    }

    @Test
    void invariant09_aMarkRacingADrainIsTakenByExactlyOneDrain() {
        ModelChecking.check(1_000, MarksRacingDrains.class);
    }

    /**
     * A placeholder with one reader: thread 1 closes that reader (the placeholder retires unless a
     * publisher claimed it), thread 2 opens a reader the two-step way
     * ({@code getOrCreate(id).openReader(t)}) and then the atomic way, thread 3 publishes the id.
     * No call fails, and both new readers end up on the published point, bound.
     */
    public static final class RetiringPlaceholder implements Runnable {
        @Override
        public void run() {
            ArrangementSharingRegistry registry = new ArrangementSharingRegistry(0);
            registry.attachPublisher();
            TracePublisher oks = TracePublisher.create(Frontier.MIN);
            TracePublisher errs = TracePublisher.create(Frontier.MIN);
            PointReader first = registry.openReader(ID, Frontier.MIN);
            AtomicReference<PointReader> twoStep = new AtomicReference<>();
            AtomicReference<PointReader> atomic = new AtomicReference<>();
            AtomicReference<PublishToken> token = new AtomicReference<>();
            Threads threads = new Threads();
            threads.start(first::close);
            threads.start(() -> {
                twoStep.set(registry.getOrCreate(ID).openReader(Frontier.MIN));
                atomic.set(registry.openReader(ID, Frontier.MIN, true));
            });
            threads.start(() -> token.set(registry.publish(ID, oks.trace(), errs.trace())));
            threads.joinAll();
            PublicationPoint published = token.get().point();
            check(registry.get(ID).orElseThrow() == published, "the published point is in the slot");
            for (PointReader r : List.of(twoStep.get(), atomic.get())) {
                check(r.point() == published, r + " is on " + r.point() + ", not on the published " + published);
                check(r.isBound(), r + " is not bound");
            }
            check(published.readers() == 2, "the published point has the two readers");
        }
    }

    /**
     * Thread 1 marks two ids dirty (as two seals do); thread 2 drains twice; after both, one more
     * drain. Each mark is taken by exactly one drain.
     */
    public static final class MarksRacingDrains implements Runnable {
        @Override
        public void run() {
            ArrangementSharingRegistry registry = new ArrangementSharingRegistry(0);
            List<GlobalId> taken = new ArrayList<>();
            Threads threads = new Threads();
            threads.start(() -> {
                registry.markDirty(ID);
                registry.markDirty(OTHER);
            });
            threads.start(() -> {
                taken.addAll(registry.takeDirty(0));
                taken.addAll(registry.takeDirty(0));
            });
            threads.joinAll();
            taken.addAll(registry.takeDirty(0));
            check(new HashSet<>(taken).equals(Set.of(ID, OTHER)) && taken.size() == 2,
                    "each mark taken exactly once, but the drains took " + taken);
        }
    }

    /** Starts threads and joins them, rethrowing the first failure of any. */
    static final class Threads {
        private final List<Thread> started = new ArrayList<>();
        private final AtomicReference<Throwable> failure = new AtomicReference<>();

        void start(Runnable body) {
            Thread t = new Thread(() -> {
                try {
                    body.run();
                } catch (Throwable e) {
                    failure.compareAndSet(null, e);
                }
            });
            started.add(t);
            t.start();
        }

        void joinAll() {
            for (Thread t : started) {
                try {
                    t.join();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new AssertionError(e);
                }
            }
            if (failure.get() != null) {
                throw new AssertionError("a thread failed: " + failure.get(), failure.get());
            }
        }
    }

    static void check(boolean condition, String message) {
        if (!condition) {
            throw new AssertionError(message);
        }
    }
}
