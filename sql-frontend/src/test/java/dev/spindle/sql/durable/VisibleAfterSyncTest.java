package dev.spindle.sql.durable;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spindle.common.error.ErrorCode;
import dev.spindle.common.error.SpindleException;
import dev.spindle.compute.controller.RuntimeMode;
import dev.spindle.sql.Database;
import dev.spindle.sql.Session;
import dev.spindle.storage.durable.DurableStore;
import dev.spindle.storage.durable.FileIO;
import dev.spindle.storage.durable.NioFileIO;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/**
 * A commit becomes readable by other sessions only once its log record is synced: while the sync
 * of a session's INSERT is held back, other sessions read the state before it (and are not
 * blocked); a commit whose sync fails is never readable.
 */
class VisibleAfterSyncTest {

    /** Real files whose log syncs can be held back or made to fail. */
    private static final class GatedIO implements FileIO {
        private final FileIO real;
        final AtomicBoolean gate = new AtomicBoolean();
        final AtomicBoolean fail = new AtomicBoolean();
        final CountDownLatch blocked = new CountDownLatch(1);
        final CountDownLatch release = new CountDownLatch(1);

        GatedIO(FileIO real) {
            this.real = real;
        }

        @Override
        public Handle open(String name, boolean create) throws IOException {
            Handle h = real.open(name, create);
            if (!name.endsWith(".wal")) {
                return h;
            }
            return new Handle() {
                @Override
                public long size() throws IOException {
                    return h.size();
                }

                @Override
                public void write(long position, ByteBuffer src) throws IOException {
                    h.write(position, src);
                }

                @Override
                public int read(long position, ByteBuffer dst) throws IOException {
                    return h.read(position, dst);
                }

                @Override
                public void force() throws IOException {
                    if (gate.get()) {
                        blocked.countDown();
                        try {
                            release.await();
                        } catch (InterruptedException e) {
                            throw new IOException(e);
                        }
                    }
                    if (fail.get()) {
                        throw new IOException("injected sync failure");
                    }
                    h.force();
                }

                @Override
                public void truncate(long size) throws IOException {
                    h.truncate(size);
                }

                @Override
                public void close() throws IOException {
                    h.close();
                }
            };
        }

        @Override
        public boolean exists(String name) throws IOException {
            return real.exists(name);
        }

        @Override
        public List<String> list() throws IOException {
            return real.list();
        }

        @Override
        public void rename(String from, String to) throws IOException {
            real.rename(from, to);
        }

        @Override
        public void delete(String name) throws IOException {
            real.delete(name);
        }

        @Override
        public void syncDirectory() throws IOException {
            real.syncDirectory();
        }

        @Override
        public String describe(String name) {
            return real.describe(name);
        }
    }

    private static GatedIO io(String name) throws IOException {
        Path dir = Path.of("target", "file-mode-tests", name + "-" + System.nanoTime());
        Files.createDirectories(dir);
        return new GatedIO(new NioFileIO(dir));
    }

    private static String count(Session s) {
        return FileModeTest.rows(s, "SELECT count(*), coalesce(sum(v), 0) FROM t").toString();
    }

    @Test
    void aCommitIsReadOnlyOnceSynced() throws Exception {
        GatedIO io = io("visible");
        // unblock before the database closes (it waits for the log writer), also when a check fails
        try (Database db = Database.open(io, RuntimeMode.SPLIT, 1, DurableStore.Options.DEFAULT);
             AutoCloseable unblock = io.release::countDown;
             Session writer = db.session(); Session reader = db.session()) {
            writer.execute("CREATE TABLE t (k INT PRIMARY KEY, v INT)");
            writer.execute("CREATE INDEX t_v ON t (v)");
            writer.execute("INSERT INTO t VALUES (1, 10)");
            String before = count(reader);
            assertEquals("[(1, 10)]", before);

            io.gate.set(true);
            CompletableFuture<Void> insert = CompletableFuture.runAsync(() -> writer.execute("INSERT INTO t VALUES (2, 20)"));
            assertTrue(io.blocked.await(30, TimeUnit.SECONDS), "the INSERT reached its sync");
            // Applied but not synced: another session reads the state before it, at once.
            for (int i = 0; i < 3; i++) {
                assertEquals(before, count(reader));
                assertEquals("[]", FileModeTest.rows(reader, "SELECT k FROM t WHERE v = 20").toString(), "through the index");
                Thread.sleep(50);
            }
            assertFalse(insert.isDone(), "not acknowledged before the sync");
            io.gate.set(false);
            io.release.countDown();
            insert.get(30, TimeUnit.SECONDS);
            assertEquals("[(2, 30)]", count(reader), "acknowledged, so readable");
            assertEquals("[(2)]", FileModeTest.rows(reader, "SELECT k FROM t WHERE v = 20").toString());
            // A writer under the lock builds on the applied state: the next statements see both rows.
            writer.execute("UPDATE t SET v = v + 1");
            assertEquals("[(2, 32)]", count(reader));
        }
    }

    @Test
    void aCommitWhoseSyncFailsIsNeverRead() throws Exception {
        GatedIO io = io("never-visible");
        // unblock before the database closes (it waits for the log writer), also when a check fails
        try (Database db = Database.open(io, RuntimeMode.SPLIT, 1, DurableStore.Options.DEFAULT);
             AutoCloseable unblock = io.release::countDown;
             Session writer = db.session(); Session reader = db.session()) {
            writer.execute("CREATE TABLE t (k INT PRIMARY KEY, v INT)");
            writer.execute("INSERT INTO t VALUES (1, 10)");
            io.gate.set(true);
            io.fail.set(true);
            CompletableFuture<Void> insert = CompletableFuture.runAsync(() -> writer.execute("INSERT INTO t VALUES (2, 20)"));
            assertTrue(io.blocked.await(30, TimeUnit.SECONDS));
            assertEquals("[(1, 10)]", count(reader));
            io.release.countDown();
            Exception e = assertThrows(Exception.class, () -> insert.get(30, TimeUnit.SECONDS));
            SpindleException se = (SpindleException) e.getCause();
            assertEquals(ErrorCode.DATABASE_POISONED_1, se.code());
            for (int i = 0; i < 3; i++) {
                assertEquals("[(1, 10)]", count(reader), "the unacknowledged commit stays unread");
                Thread.sleep(20);
            }
        }
    }
}
