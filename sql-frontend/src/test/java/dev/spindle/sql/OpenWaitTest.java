package dev.spindle.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spindle.common.error.ErrorCode;
import dev.spindle.common.error.SpindleException;
import dev.spindle.compute.controller.RuntimeMode;
import dev.spindle.sql.coord.Coordinator;
import dev.spindle.sql.durable.FileDurability;
import dev.spindle.storage.durable.DurableStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A statement that waits for a file-mode database to finish opening stops waiting on its
 * session's cancel and on its statement timeout (57014), while the open goes on; the session then
 * serves statements once the open is done. The open is held back deterministically: the test
 * holds the coordinator's write lock, which the replay takes first, until it lets it go.
 */
class OpenWaitTest {

    private static Path database() throws Exception {
        Path dir = Path.of("target", "file-mode-tests", "open-wait-" + System.nanoTime());
        Files.createDirectories(dir.getParent());
        try (Database db = Database.open(dir, RuntimeMode.SPLIT, 1, DurableStore.Options.DEFAULT);
             Session s = db.session()) {
            s.execute("CREATE TABLE t (k INT NOT NULL, v INT NOT NULL)");
            s.execute("INSERT INTO t VALUES (1, 10), (2, 20)");
            s.execute("CREATE INDEX t_k ON t (k)");
        }
        return dir;
    }

    @Test
    @Timeout(120) // a guard: before the fix, the first statement waited for the open, which waits for this test
    void cancelAndTimeoutEndTheWaitForTheOpen() throws Exception {
        Path dir = database();
        Coordinator coord = new Coordinator(RuntimeMode.SPLIT, 1, Database.DEFAULT_RETAIN_MILLIS);
        Session s = null;
        try {
            synchronized (coord.writeLock()) { // the replay cannot start while this is held
                FileDurability.open(coord, dir, DurableStore.Options.DEFAULT);
                assertTrue(coord.durability().opening().isPresent());
                s = new Session(coord); // as Database.open's sessions: after the durability is attached
                Session session = s;

                s.statementTimeout(Duration.ofMillis(50));
                SpindleException timedOut = assertThrows(SpindleException.class,
                        () -> session.execute("SELECT v FROM t WHERE k = 1"));
                assertEquals(ErrorCode.STATEMENT_TIMEOUT_0, timedOut.code());
                assertEquals("57014", timedOut.sqlState());
                s.statementTimeout(null);

                CompletableFuture<StatementResult> waiting = CompletableFuture.supplyAsync(
                        () -> session.execute("SELECT v FROM t WHERE k = 2"));
                // The open cannot end while the lock is held: only a cancel ends this wait. One sent
                // before the statement waits is forgotten (as between statements), so keep sending.
                while (!waiting.isDone()) {
                    s.cancel();
                    Thread.sleep(1);
                }
                ExecutionException canceled = assertThrows(ExecutionException.class, waiting::get);
                SpindleException e = assertInstanceOf(SpindleException.class, canceled.getCause());
                assertEquals(ErrorCode.QUERY_CANCELED_0, e.code());
                assertTrue(coord.durability().opening().isPresent(), "the open goes on");
            }
            coord.durability().opened().get(60, TimeUnit.SECONDS);
            StatementResult r = s.execute("SELECT v FROM t WHERE k = 2");
            assertEquals("[(20)]", ((StatementResult.Rows) r).rows().toString());
        } finally {
            if (s != null) {
                s.close();
            }
            coord.close();
        }
    }

    @Test
    @Timeout(120)
    void aStatementPreparedDuringTheOpenWaitsForTheReplayedCatalog() throws Exception {
        Path dir = database();
        Coordinator coord = new Coordinator(RuntimeMode.SPLIT, 1, Database.DEFAULT_RETAIN_MILLIS);
        Session s = null;
        try {
            CompletableFuture<Prepared> preparing;
            synchronized (coord.writeLock()) { // the replay cannot start while this is held
                FileDurability.open(coord, dir, DurableStore.Options.DEFAULT);
                s = new Session(coord);
                Session session = s;
                preparing = CompletableFuture.supplyAsync(() -> session.prepare("SELECT v FROM t WHERE k = ?"));
                Thread.sleep(200);
                // before the fix, it failed at once: relation "t" does not exist (not replayed yet)
                assertTrue(!preparing.isDone(), "the prepare waits for the open");
            }
            Prepared p = preparing.get(60, TimeUnit.SECONDS);
            StatementResult r = s.execute(p, java.util.List.of(2));
            assertEquals("[(20)]", ((StatementResult.Rows) r).rows().toString());
        } finally {
            if (s != null) {
                s.close();
            }
            coord.close();
        }
    }

    @Test
    void completingTheReturnedFutureDoesNotEndTheOpen() throws Exception {
        Path dir = database();
        Coordinator coord = new Coordinator(RuntimeMode.SPLIT, 1, Database.DEFAULT_RETAIN_MILLIS);
        try {
            synchronized (coord.writeLock()) {
                FileDurability.open(coord, dir, DurableStore.Options.DEFAULT);
                coord.durability().opened().complete(null);
                assertTrue(!coord.durability().opened().isDone(), "still opening");
            }
            coord.durability().opened().get(60, TimeUnit.SECONDS);
            assertTrue(coord.durability().opening().isEmpty());
        } finally {
            coord.close();
        }
    }
}
