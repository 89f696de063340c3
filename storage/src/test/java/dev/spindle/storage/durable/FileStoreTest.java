package dev.spindle.storage.durable;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spindle.common.error.ErrorCode;
import dev.spindle.common.error.SpindleException;
import dev.spindle.common.row.Row;
import dev.spindle.common.update.Update;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The store on real files: group commit, reopen, the directory lock inside one JVM. */
class FileStoreTest {
    private static Path freshDir(String name) throws Exception {
        Path dir = Path.of("target", "durable-tests", name + "-" + System.nanoTime());
        Files.createDirectories(dir);
        return dir;
    }

    private static LogRecord commit(long key, long value) {
        return new LogRecord.Commit(List.of(new LogRecord.TableChange(key, List.of(new Update(Row.of(value), 0, 1)))));
    }

    @Test
    void concurrentCommittersShareSyncsAndEverythingIsThereAfterReopen() throws Exception {
        Path dir = freshDir("group");
        int threads = 8;
        int each = 40;
        long syncs;
        try (DurableStore store = DurableStore.open(dir, DurableStore.Options.DEFAULT)) {
            store.recovered();
            store.awaitDurable(store.append(new LogRecord.Catalog(List.of(new LogRecord.DdlEntry("CREATE TABLE t (a INT)", 1)))));
            long before = store.syncs();
            AtomicInteger next = new AtomicInteger();
            List<Thread> ts = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                Thread th = new Thread(() -> {
                    for (int i = 0; i < each; i++) {
                        long lsn;
                        synchronized (store) { // the caller orders appends, as the coordinator's write lock does
                            lsn = store.append(commit(1, next.getAndIncrement()));
                        }
                        store.awaitDurable(lsn);
                    }
                });
                th.start();
                ts.add(th);
            }
            for (Thread th : ts) {
                th.join();
            }
            syncs = store.syncs() - before;
        }
        assertTrue(syncs < threads * each, "one sync per commit: " + syncs);
        try (DurableStore store = DurableStore.open(dir, DurableStore.Options.DEFAULT)) {
            DurableStore.Recovered rec = store.recovered();
            assertEquals(1 + threads * each, rec.tail().size());
            assertEquals(2, rec.nextTableKey());
            assertTrue(rec.notices().isEmpty(), rec.notices().toString());
        }
    }

    @Test
    void aSecondOpenInTheSameProcessIsRefused() throws Exception {
        Path dir = freshDir("lock");
        try (DurableStore store = DurableStore.open(dir, DurableStore.Options.DEFAULT)) {
            SpindleException e = assertThrows(SpindleException.class,
                    () -> DurableStore.open(dir, DurableStore.Options.DEFAULT));
            assertEquals(ErrorCode.DATABASE_IN_USE_2, e.code());
            assertEquals("55006", e.code().sqlState());
            assertTrue(e.getMessage().contains(dir.toRealPath().toString()), e.getMessage());
            assertTrue(e.getMessage().contains("pid " + ProcessHandle.current().pid()), e.getMessage());
        }
        DurableStore.open(dir, DurableStore.Options.DEFAULT).close(); // released on close
    }

    @Test
    void aCheckpointBoundsTheLog() throws Exception {
        Path dir = freshDir("checkpoint");
        Workload w = new Workload(21);
        try (DurableStore store = DurableStore.open(dir, new DurableStore.Options(0, 4096))) {
            store.recovered();
            w.run(store, 150, 1_000_000);
            assertTrue(store.checkpointDue());
            w.checkpoint(store);
            assertTrue(!store.checkpointDue());
        }
        List<String> files;
        try (var s = Files.list(dir)) {
            files = s.map(p -> p.getFileName().toString()).sorted().toList();
        }
        assertEquals(1, files.stream().filter(f -> f.startsWith("log-")).count(), files.toString());
        assertEquals(0, Files.size(dir.resolve(files.stream().filter(f -> f.startsWith("log-")).findFirst().orElseThrow())));
        try (DurableStore store = DurableStore.open(dir, DurableStore.Options.DEFAULT)) {
            DurableStore.Recovered rec = store.recovered();
            assertTrue(rec.tail().isEmpty());
            assertEquals(w.states.get(w.appended), Workload.recovered(rec));
        }
    }
}
