package dev.spindle.sql.durable;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spindle.sql.Database;
import dev.spindle.sql.Prepared;
import dev.spindle.sql.Progress;
import dev.spindle.sql.Session;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Opening a file-mode database returns once its files are read; the catalog and rows are replayed
 * and the indexes rehydrated behind it. A statement waits for that, and meanwhile its session's
 * progress reports the rehydrating index as {@code CREATE INDEX} does: records arranged, of the
 * table's rows.
 */
class OpenProgressTest {
    private static final int ROWS = 200_000;

    @Test
    void aStatementWaitsForTheRehydrationAndItsProgressShowsIt() throws Exception {
        Path dir = FileModeTest.freshDir("open-progress");
        try (Database db = FileModeTest.open(dir); Session s = db.session()) {
            s.execute("CREATE TABLE t (k INT NOT NULL, v INT NOT NULL)");
            Prepared insert = s.prepare("INSERT INTO t VALUES (?, ?)");
            List<List<Object>> batch = new ArrayList<>();
            for (int k = 0; k < ROWS; k++) {
                batch.add(List.of(k, k % 1000));
                if (batch.size() == 50_000) {
                    s.executeBatch(insert, batch);
                    batch.clear();
                }
            }
            s.execute("CREATE INDEX t_k ON t (k)");
            s.execute("CHECKPOINT");
        }
        List<Progress> seen = new ArrayList<>();
        try (Database db = FileModeTest.open(dir); Session s = db.session()) {
            CompletableFuture<List<String>> query = CompletableFuture.supplyAsync(
                    () -> FileModeTest.rows(s, "SELECT v FROM t WHERE k = 123457"));
            while (!query.isDone()) {
                s.progress().ifPresent(seen::add);
                Thread.sleep(1);
            }
            assertEquals(List.of("(457)"), query.get(60, TimeUnit.SECONDS));
            assertTrue(s.progress().isEmpty(), "nothing to report once open and idle");
            // and the index serves the lookup once open
            String plan = FileModeTest.rows(s, "EXPLAIN SELECT v FROM t WHERE k = 1").toString();
            assertTrue(plan.contains("t_k"), plan);
        }
        List<Progress> hydrating = seen.stream().filter(p -> p.statement().contains("CREATE INDEX t_k")).toList();
        assertTrue(!hydrating.isEmpty(), "the rehydrating index was reported: " + seen);
        long last = -1;
        for (Progress p : hydrating) {
            assertEquals(ROWS, p.total(), p.toString());
            assertTrue(p.done() >= last && p.done() <= ROWS, "records arranged only grow: " + hydrating);
            assertTrue(p.statement().startsWith("opening "), p.statement());
            last = p.done();
        }
    }
}
