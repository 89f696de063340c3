package dev.spindle.storage.table;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.spindle.common.id.GlobalId;
import dev.spindle.common.time.Frontier;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class DeferredWakesTest {
    private final TableLog a = new TableLog(GlobalId.user(1), TableLogProperties.DESC);
    private final TableLog b = new TableLog(GlobalId.user(2), TableLogProperties.DESC);

    @Test
    void aWakerListeningToManyTablesRunsOnceAfterTheLastPublish() {
        List<String> order = new ArrayList<>();
        Runnable worker = () -> order.add("worker");
        Runnable other = () -> order.add("other");
        a.listen(Frontier.MIN).onAppend(worker);
        a.listen(Frontier.MIN).onAppend(worker); // a second dataflow over the same table, same worker
        b.listen(Frontier.MIN).onAppend(worker);
        b.listen(Frontier.MIN).onAppend(other);
        int result = DeferredWakes.during(() -> {
            a.append(List.of(), 1);
            b.advanceUpper(Frontier.at(2));
            a.advanceUpper(Frontier.at(2));
            assertEquals(List.of(), order, "nothing woken while the writes go on");
            return 42;
        });
        assertEquals(42, result);
        assertEquals(List.of("worker", "other"), order);
        a.advanceUpper(Frontier.at(3)); // outside a deferral: at once, per listener
        assertEquals(List.of("worker", "other", "worker", "worker"), order);
    }

    @Test
    void nestedDeferralsWakeAtTheOutermostEndAndAThrowStillWakes() {
        AtomicInteger wakes = new AtomicInteger();
        a.listen(Frontier.MIN).onAppend(wakes::incrementAndGet);
        DeferredWakes.during(() -> {
            DeferredWakes.during(() -> {
                a.append(List.of(), 1);
                return null;
            });
            assertEquals(0, wakes.get(), "the inner end runs nothing");
            a.advanceUpper(Frontier.at(5));
            return null;
        });
        assertEquals(1, wakes.get());
        assertThrows(IllegalStateException.class, () -> DeferredWakes.during(() -> {
            a.advanceUpper(Frontier.at(6));
            throw new IllegalStateException("a failed commit");
        }));
        assertEquals(2, wakes.get(), "what was published before the throw is still woken for");
    }
}
