package dev.spindle.compute.interactive;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spindle.common.id.GlobalId;
import dev.spindle.common.row.Row;
import dev.spindle.common.update.Update;
import dev.spindle.compute.controller.RuntimeMode;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * {@code ComputeController.awaitUppersPast}: what introspection waits on before it samples the
 * workers' exports, so that a sample taken after a commit counts what that commit did (the error
 * a committed division by zero put into an index, for one); and {@code awaitUpperPast}, what
 * {@code CREATE INDEX} waits on until its index is readable.
 */
class AwaitUppersTest {
    private static final GlobalId I = GlobalId.user(10);
    private static final GlobalId HYDRATING = GlobalId.user(20);
    private static final Duration SHORT = Duration.ofMillis(100);
    private static final Duration LONG = Duration.ofSeconds(20);

    @ParameterizedTest
    @EnumSource(RuntimeMode.class)
    void waitsUntilAHydratedIndexIsCompleteThroughTheTime(RuntimeMode mode) throws Exception {
        try (SplitFixture f = new SplitFixture(mode, 2)) {
            f.write(0, new Update(Row.of(1L, 1L), 0, 1));
            f.createIndex(I, 0);
            f.created.get(20, TimeUnit.SECONDS);
            SplitFixture.await(() -> !f.ctl.upper(I).lessEqual(0), "hydration");
            assertTrue(f.ctl.awaitUppersPast(id -> true, 0, SHORT), "complete through 0");

            assertFalse(f.ctl.awaitUppersPast(id -> true, 5, SHORT), "nothing is sealed through 5 yet");
            assertTrue(f.ctl.awaitUppersPast(id -> !id.equals(I), 5, SHORT), "an index the predicate leaves out is not waited for");

            CompletableFuture<Void> later = CompletableFuture.runAsync(() -> {
                sleep(50);
                f.write(5, new Update(Row.of(2L, 2L), 5, 1));
            });
            assertTrue(f.ctl.awaitUppersPast(id -> true, 5, LONG), "woken by the frontier that passes 5");
            later.get(20, TimeUnit.SECONDS);
        }
    }

    @ParameterizedTest
    @EnumSource(RuntimeMode.class)
    void anIndexStillHydratingIsNotWaitedFor(RuntimeMode mode) throws Exception {
        try (SplitFixture f = new SplitFixture(mode, 2)) {
            f.write(0, new Update(Row.of(1L, 1L), 0, 1));
            f.createIndex(HYDRATING, 10); // the table is sealed through 0 only: it cannot hydrate yet
            f.created.get(20, TimeUnit.SECONDS);
            assertTrue(f.ctl.awaitUppersPast(id -> true, 10, SHORT));
        }
    }

    @ParameterizedTest
    @EnumSource(RuntimeMode.class)
    void oneIndexIsAwaitedUntilReadableAtATime(RuntimeMode mode) throws Exception {
        try (SplitFixture f = new SplitFixture(mode, 2)) {
            f.write(0, new Update(Row.of(1L, 1L), 0, 1));
            f.createIndex(I, 0);
            f.created.get(20, TimeUnit.SECONDS);
            assertTrue(f.ctl.awaitUpperPast(I, 0, LONG), "readable at its as-of once hydrated");
            assertFalse(f.ctl.awaitUpperPast(I, 5, SHORT), "nothing is sealed through 5 yet");
            assertFalse(f.ctl.awaitUpperPast(HYDRATING, 0, SHORT), "an index that does not exist is never readable");
            long start = System.nanoTime();
            CompletableFuture<Void> later = CompletableFuture.runAsync(() -> {
                sleep(50);
                f.write(5, new Update(Row.of(2L, 2L), 5, 1));
            });
            assertTrue(f.ctl.awaitUpperPast(I, 5, LONG), "woken by the frontier that passes 5");
            assertTrue(System.nanoTime() - start >= TimeUnit.MILLISECONDS.toNanos(50), "not before the write");
            later.get(20, TimeUnit.SECONDS);
        }
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
