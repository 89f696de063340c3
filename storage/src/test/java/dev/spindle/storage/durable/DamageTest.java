package dev.spindle.storage.durable;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spindle.common.error.ErrorCode;
import dev.spindle.common.error.SpindleException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Damage on disk is never a silent wrong answer: bit flips anywhere in the log, the snapshots or
 * the manifest either refuse to open (XX001, naming file and offset) or, at the log's unsynced
 * end, are cut off with a notice; cutting the log at any offset of its last records opens to a
 * prefix.
 */
class DamageTest {
    private static final DurableStore.Options OPTIONS = DurableStore.Options.DEFAULT;

    /** A disk with a checkpoint (snapshots, manifest) and 50 records after it. */
    private static Workload build(SimulatedDisk disk) {
        Workload w = new Workload(11);
        try (DurableStore store = DurableStore.open(disk, OPTIONS)) {
            assertNull(w.run(store, 110, 60));
        }
        return w;
    }

    private static String lastSegment(SimulatedDisk disk) throws Exception {
        return disk.list().stream().filter(f -> f.startsWith("log-")).sorted().reduce((a, b) -> b).orElseThrow();
    }

    /** Frame start offsets of a segment, and its length at the end. */
    private static List<Integer> frameOffsets(byte[] data) {
        List<Integer> out = new ArrayList<>();
        int off = 0;
        String[] why = new String[1];
        while (off < data.length) {
            out.add(off);
            off = Frames.read(data, off, data.length, why).end();
        }
        out.add(off);
        return out;
    }

    @Test
    void bitFlipsInTheLogAreDetected() throws Exception {
        SimulatedDisk disk = new SimulatedDisk(Long.MAX_VALUE);
        Workload w = build(disk);
        String seg = lastSegment(disk);
        byte[] clean = disk.bytes(seg);
        List<Integer> frames = frameOffsets(clean);
        Random r = new Random(5);
        int refused = 0;
        int cut = 0;
        for (int i = 0; i < 300; i++) {
            SimulatedDisk copy = disk.afterCrash(SimulatedDisk.Loss.DROP, new Random(0));
            byte[] bad = clean.clone();
            int off = r.nextInt(bad.length);
            bad[off] ^= (byte) (1 << r.nextInt(8));
            copy.replace(seg, bad);
            try (DurableStore store = DurableStore.open(copy, OPTIONS)) {
                DurableStore.Recovered rec = store.recovered();
                assertFalse(rec.notices().isEmpty(), "a flipped bit at " + off + " opened without a notice");
                int whole = 0;
                while (frames.get(whole + 1) <= off) {
                    whole++;
                }
                // only the damaged record and what follows it in the last (unsynced) write may go
                int at = w.states.lastIndexOf(Workload.recovered(rec));
                assertTrue(at >= 0 && at < w.appended, "flip at " + off + ": not a strict prefix");
                cut++;
            } catch (SpindleException e) {
                assertEquals(ErrorCode.DATABASE_CORRUPTED_3, e.code(), e.getMessage());
                assertTrue(e.getMessage().contains(seg), e.getMessage());
                refused++;
            }
        }
        assertTrue(refused > 200, "refused " + refused + ", cut " + cut);
    }

    @Test
    void bitFlipsInSnapshotsAndManifestRefuseToOpen() throws Exception {
        SimulatedDisk disk = new SimulatedDisk(Long.MAX_VALUE);
        build(disk);
        List<String> files = new ArrayList<>();
        for (String f : disk.list()) {
            if (f.startsWith("snap-") || f.equals(Manifest.NAME)) {
                files.add(f);
            }
        }
        assertTrue(files.size() >= 2, files.toString());
        Random r = new Random(9);
        for (int i = 0; i < 200; i++) {
            String f = files.get(r.nextInt(files.size()));
            SimulatedDisk copy = disk.afterCrash(SimulatedDisk.Loss.DROP, new Random(0));
            byte[] bad = copy.bytes(f);
            int off = r.nextInt(bad.length);
            bad[off] ^= (byte) (1 << r.nextInt(8));
            copy.replace(f, bad);
            SpindleException e = assertThrows(SpindleException.class, () -> DurableStore.open(copy, OPTIONS).close(),
                    "flip in " + f + " at " + off);
            assertEquals(ErrorCode.DATABASE_CORRUPTED_3, e.code());
            assertTrue(e.getMessage().contains(f), e.getMessage());
        }
    }

    @Test
    void truncationAtEveryOffsetOfTheLastRecordsOpensToAPrefix() throws Exception {
        SimulatedDisk disk = new SimulatedDisk(Long.MAX_VALUE);
        Workload w = build(disk);
        String seg = lastSegment(disk);
        byte[] clean = disk.bytes(seg);
        List<Integer> frames = frameOffsets(clean);
        int records = frames.size() - 1;
        int from = frames.get(Math.max(0, records - 3));
        for (int len = from; len <= clean.length; len++) {
            SimulatedDisk copy = disk.afterCrash(SimulatedDisk.Loss.DROP, new Random(0));
            copy.replace(seg, Arrays.copyOf(clean, len));
            try (DurableStore store = DurableStore.open(copy, OPTIONS)) {
                DurableStore.Recovered rec = store.recovered();
                int whole = 0;
                while (whole < records && frames.get(whole + 1) <= len) {
                    whole++;
                }
                int lost = records - whole;
                assertEquals(w.states.get(w.appended - lost), Workload.recovered(rec), "cut at " + len);
                assertEquals(frames.contains(len), rec.notices().isEmpty(), "notice at " + len + ": " + rec.notices());
            }
        }
    }

    @Test
    void aFailedSyncPoisonsEveryLaterWriteUntilReopened() {
        SimulatedDisk disk = new SimulatedDisk(Long.MAX_VALUE);
        Workload w = build(disk);
        DurableStore store = DurableStore.open(disk, OPTIONS);
        store.recovered();
        disk.failNextSync();
        long lsn = store.append(new LogRecord.Catalog(List.of(new LogRecord.DdlEntry("-- lost", 0))));
        SpindleException first = assertThrows(SpindleException.class, () -> store.awaitDurable(lsn));
        assertEquals(ErrorCode.DATABASE_POISONED_1, first.code());
        assertEquals("58030", first.code().sqlState());
        for (int i = 0; i < 3; i++) {
            SpindleException again = assertThrows(SpindleException.class,
                    () -> store.append(new LogRecord.Catalog(List.of(new LogRecord.DdlEntry("-- refused", 0)))));
            assertEquals(first.getMessage(), again.getMessage());
        }
        assertThrows(SpindleException.class, store::beginCheckpoint);
        store.close();
        try (DurableStore reopened = DurableStore.open(disk.afterCrash(SimulatedDisk.Loss.DROP, new Random(0)), OPTIONS)) {
            assertEquals(w.states.get(w.appended), Workload.recovered(reopened.recovered()));
            long next = reopened.append(new LogRecord.Catalog(List.of(new LogRecord.DdlEntry("-- works", 0))));
            reopened.awaitDurable(next);
        }
    }
}
