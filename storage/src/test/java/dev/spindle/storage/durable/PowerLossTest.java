package dev.spindle.storage.durable;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The power-loss simulator (SQLite's crash test, H2's TestKillProcessWhileWriting): a workload of a
 * few hundred records with checkpoints is crashed at every I/O operation, under each loss model;
 * the disk a reboot finds must open to a prefix of the record sequence that holds every
 * acknowledged record, and must go on working (a record appended after recovery survives a reopen).
 */
class PowerLossTest {
    private static final int RECORDS = 160;
    private static final int CHECKPOINT_EVERY = 50;
    private static final DurableStore.Options OPTIONS = new DurableStore.Options(0, 64L << 20);

    @Test
    void everyCrashPointUnderEveryLossModel() {
        long seed = Long.getLong("spindle.powerloss.seed", 7);
        int seeds = Integer.getInteger("spindle.powerloss.seeds", 1);
        int crashes = 0;
        for (SimulatedDisk.Loss loss : SimulatedDisk.Loss.values()) {
            for (long s = seed + loss.ordinal() * 100L; s < seed + loss.ordinal() * 100L + seeds; s++) {
                long total = cleanRunOperations(s);
                for (long crashAt = 1; crashAt <= total; crashAt++) {
                    crashOnce(loss, s, crashAt, true);
                    crashes++;
                }
            }
        }
        assertTrue(crashes > 4 * 150, "crash points: " + crashes);
    }

    @Test
    void relaxedDurabilityStillRecoversToAPrefix() {
        DurableStore.Options relaxed = new DurableStore.Options(5, 64L << 20);
        for (SimulatedDisk.Loss loss : List.of(SimulatedDisk.Loss.REORDER, SimulatedDisk.Loss.GARBAGE)) {
            SimulatedDisk counting = new SimulatedDisk(Long.MAX_VALUE);
            try (DurableStore store = DurableStore.open(counting, relaxed)) {
                assertNull(new Workload(3).run(store, RECORDS, CHECKPOINT_EVERY));
            }
            for (long crashAt = 1; crashAt <= counting.operations(); crashAt += 5) {
                SimulatedDisk disk = new SimulatedDisk(crashAt);
                Workload w = new Workload(3);
                try (DurableStore store = DurableStore.open(disk, relaxed)) {
                    w.run(store, RECORDS, CHECKPOINT_EVERY);
                } catch (RuntimeException e) {
                    // the crash may hit the open itself
                }
                SimulatedDisk rebooted = disk.afterCrash(loss, new Random(crashAt));
                try (DurableStore store = DurableStore.open(rebooted, relaxed)) {
                    long got = Workload.recovered(store.recovered());
                    int at = w.states.indexOf(got);
                    assertTrue(at >= 0, "relaxed, " + loss + " crash at " + crashAt + ": not a prefix");
                }
            }
        }
    }

    private static long cleanRunOperations(long seed) {
        SimulatedDisk disk = new SimulatedDisk(Long.MAX_VALUE);
        Workload w = new Workload(seed);
        try (DurableStore store = DurableStore.open(disk, OPTIONS)) {
            assertNull(w.run(store, RECORDS, CHECKPOINT_EVERY));
        }
        SimulatedDisk again = disk.afterCrash(SimulatedDisk.Loss.DROP, new Random(0));
        try (DurableStore store = DurableStore.open(again, OPTIONS)) {
            assertEquals(w.states.get(RECORDS), Workload.recovered(store.recovered()), "clean run");
        }
        return disk.operations();
    }

    static void crashOnce(SimulatedDisk.Loss loss, long seed, long crashAt, boolean checkAcked) {
        SimulatedDisk disk = new SimulatedDisk(crashAt);
        Workload w = new Workload(seed);
        try (DurableStore store = DurableStore.open(disk, OPTIONS)) {
            w.run(store, RECORDS, CHECKPOINT_EVERY);
        } catch (RuntimeException e) {
            // the power failed while opening
        }
        String where = loss + " seed " + seed + " crash at operation " + crashAt;
        SimulatedDisk rebooted = disk.afterCrash(loss, new Random(seed * 1_000_003 + crashAt));
        long got;
        try (DurableStore store = DurableStore.open(rebooted, OPTIONS)) {
            got = Workload.recovered(store.recovered());
            long lsn = store.append(new LogRecord.Catalog(List.of(new LogRecord.DdlEntry("-- after " + crashAt, 0))));
            store.awaitDurable(lsn);
        } catch (RuntimeException e) {
            throw new AssertionError(where + ": reopening failed: " + e.getMessage(), e);
        }
        int at = w.states.lastIndexOf(got);
        if (at < 0) {
            fail(where + ": the recovered state is no prefix of the commit sequence (acknowledged "
                    + w.acked + " of " + w.appended + ")");
        }
        if (checkAcked && at < w.acked) {
            fail(where + ": recovered " + at + " records but " + w.acked + " were acknowledged");
        }
        SimulatedDisk third = rebooted.afterCrash(SimulatedDisk.Loss.DROP, new Random(1));
        try (DurableStore store = DurableStore.open(third, OPTIONS)) {
            DurableStore.Recovered r = store.recovered();
            LogRecord last = r.tail().isEmpty() ? null : r.tail().get(r.tail().size() - 1);
            assertTrue(last instanceof LogRecord.Catalog c && c.statements().get(0).sql().equals("-- after " + crashAt),
                    where + ": the record appended after recovery is lost");
        }
    }
}
