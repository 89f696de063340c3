package dev.spindle.storage.table;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spindle.common.error.ErrorCode;
import dev.spindle.common.error.SpindleException;
import dev.spindle.common.id.GlobalId;
import dev.spindle.common.row.Row;
import dev.spindle.common.time.Frontier;
import dev.spindle.common.update.Update;
import dev.spindle.storage.TableStore;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class TableLogTest {
    private final TableLog log = new TableLog(GlobalId.user(7), TableLogProperties.DESC);

    private static SpindleException fails(ErrorCode code, Runnable r) {
        SpindleException e = assertThrows(SpindleException.class, r::run);
        assertEquals(code, e.code(), e.getMessage());
        return e;
    }

    @Test
    void appendAdvancesUpperPastTheTimestamp() {
        assertEquals(Frontier.MIN, log.upper());
        log.append(List.of(Update.insert(Row.of(1, "a"), 5)), 5);
        assertEquals(Frontier.at(6), log.upper());
        log.append(List.of(), 9);
        assertEquals(Frontier.at(10), log.upper());
        log.advanceUpper(Frontier.at(8)); // never backwards
        assertEquals(Frontier.at(10), log.upper());
        assertEquals(List.of(new Update(Row.of(1, "a"), 9, 1)), log.snapshot(9));
        assertEquals(List.of(), log.snapshot(4));
    }

    @Test
    void writesBehindTheUpperAreRefused() {
        log.append(List.of(), 5);
        fails(ErrorCode.WRITE_BEHIND_UPPER_3, () -> log.append(List.of(), 5));
        fails(ErrorCode.WRITE_BEHIND_UPPER_3, () -> log.append(List.of(Update.insert(Row.of(1, "a"), 4)), 8));
        fails(ErrorCode.WRITE_BEHIND_UPPER_3, () -> log.append(List.of(Update.insert(Row.of(1, "a"), 9)), 8));
        assertEquals(Frontier.at(6), log.upper(), "a refused append changes nothing");
    }

    @Test
    void readsOutsideSinceAndUpperFailClearly() {
        log.append(List.of(Update.insert(Row.of(1, "a"), 3)), 10);
        log.compact(Frontier.at(4));
        SpindleException before = fails(ErrorCode.READ_BEFORE_SINCE_3, () -> log.snapshot(3));
        assertEquals("Collection u7 cannot be read at 3: compacted up to since {4}", before.getMessage());
        SpindleException unsealed = fails(ErrorCode.READ_NOT_SEALED_3, () -> log.snapshot(11));
        assertEquals("Collection u7 cannot be read at 11: times from {11} on are not sealed", unsealed.getMessage());
        assertEquals("22000", unsealed.sqlState());
        fails(ErrorCode.READ_BEFORE_SINCE_3, () -> log.listen(Frontier.at(2)));
        fails(ErrorCode.READ_NOT_SEALED_3, () -> log.compact(Frontier.at(12)));
        log.compact(Frontier.at(2)); // never backwards
        assertEquals(Frontier.at(4), log.since());
    }

    @Test
    void rowsMustMatchTheColumns() {
        fails(ErrorCode.NOT_NULL_VIOLATION_1, () -> log.append(List.of(Update.insert(Row.of(null, "a"), 1)), 1));
        assertThrows(IllegalArgumentException.class, () -> log.append(List.of(Update.insert(Row.of(1), 1)), 1));
        assertThrows(IllegalArgumentException.class, () -> log.append(List.of(Update.insert(Row.of("x", "a"), 1)), 1));
    }

    @Test
    void negativeMultiplicityIsReportedNotReturned() {
        log.append(List.of(Update.delete(Row.of(1, "a"), 1)), 1);
        fails(ErrorCode.NEGATIVE_MULTIPLICITY_3, () -> log.snapshot(1));
    }

    @Test
    void droppedTableClosesItsListenersAndRefusesWrites() throws InterruptedException {
        TableStore store = new TableStore();
        TableLog t = store.create(GlobalId.user(1), TableLogProperties.DESC);
        fails(ErrorCode.TABLE_ALREADY_EXISTS_1, () -> store.create(GlobalId.user(1), TableLogProperties.DESC));
        Subscription sub = t.listen(Frontier.MIN);
        t.append(List.of(Update.insert(Row.of(1, "a"), 0)), 0);
        store.drop(GlobalId.user(1));
        assertEquals(Frontier.at(1), sub.await(1, TimeUnit.SECONDS).upper());
        assertEquals(Frontier.EMPTY, sub.await(1, TimeUnit.SECONDS).upper());
        fails(ErrorCode.TABLE_NOT_FOUND_1, () -> t.append(List.of(), 5));
        fails(ErrorCode.TABLE_NOT_FOUND_1, () -> store.get(GlobalId.user(1)));
        fails(ErrorCode.TABLE_NOT_FOUND_1, () -> store.drop(GlobalId.user(1)));
        assertTrue(store.ids().isEmpty());
    }

    @Test
    void wakersRunOnEveryAppendUntilClosed() {
        AtomicInteger wakes = new AtomicInteger();
        Subscription sub = log.listen(Frontier.MIN);
        sub.onAppend(wakes::incrementAndGet);
        log.append(List.of(), 1);
        log.advanceUpper(Frontier.at(5));
        assertEquals(2, wakes.get());
        assertEquals(1, log.openSubscriptions());
        sub.close();
        sub.close();
        assertEquals(0, log.openSubscriptions());
        log.append(List.of(), 6);
        assertEquals(2, wakes.get());
        assertThrows(IllegalStateException.class, sub::poll);
    }

    @Test
    void manySmallAppendsStayConsistentAcrossBaseRebuilds() {
        History h = History.random(42, 2000, 3, 50);
        TableLog big = TableLogProperties.load(h);
        for (long t : new long[] {0, 17, h.lastTs() / 2, h.lastTs()}) {
            assertEquals(h.naiveSnapshot(t), big.snapshot(t), "at " + t);
        }
    }

    /** The batches a new listener is handed before it reaches the log's upper. */
    private static int catchUpBatches(TableLog log, Frontier from) {
        try (Subscription sub = log.listen(from)) {
            int n = 0;
            for (TableBatch b = sub.poll(); b != null; b = sub.poll()) {
                n++;
                if (b.upper().equals(log.upper())) {
                    return n;
                }
            }
            return n;
        }
    }

    @Test
    void commitsToOtherTablesDoNotLengthenWhatAListenerWalks() {
        TableLog t = new TableLog(GlobalId.user(7), TableLogProperties.DESC);
        List<Update> rows = new java.util.ArrayList<>();
        for (int i = 0; i < 1000; i++) {
            rows.add(Update.insert(Row.of(i, "r" + i), 0));
        }
        t.append(rows, 0);
        long ts = 1;
        for (int i = 0; i < 5000; i++, ts++) {
            t.advanceUpper(Frontier.at(ts + 1)); // another table's commit at ts
        }
        assertEquals(1, catchUpBatches(t, Frontier.MIN));
        for (int i = 0; i < 5000; i++, ts++) {
            if (i % 500 == 0) {
                t.append(List.of(Update.insert(Row.of(-i, "late"), ts)), ts);
            } else {
                t.advanceUpper(Frontier.at(ts + 1));
            }
        }
        assertTrue(catchUpBatches(t, Frontier.MIN) <= 66, "batches after the base: " + catchUpBatches(t, Frontier.MIN));
        assertEquals(1010, t.snapshot(ts - 1).size());
        assertEquals(1000, t.snapshot(4000).size());
    }
}
