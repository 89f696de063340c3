package dev.spindle.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spindle.compute.controller.RuntimeMode;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** A hydrating CREATE INDEX reports its progress to another thread. */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class ProgressTest {
    private static final int ROWS = 300_000;
    private Database db;

    @AfterEach
    void close() {
        if (db != null) {
            db.close();
        }
    }

    @Test
    void createIndexReportsRecordsArrangedOfTheTablesRows() throws Exception {
        db = Database.open(RuntimeMode.SPLIT, 1);
        Session s = db.session();
        s.execute("CREATE TABLE t (k INT, v INT)");
        Prepared ins = s.prepare("INSERT INTO t VALUES (?, ?)");
        List<List<Object>> batch = new ArrayList<>(ROWS);
        for (int i = 0; i < ROWS; i++) {
            batch.add(List.of(i, i % 7));
        }
        s.executeBatch(ins, batch);
        assertTrue(s.progress().isEmpty(), "nothing running");
        CompletableFuture<StatementResult> running = CompletableFuture.supplyAsync(() -> s.execute("CREATE INDEX t_k ON t (k)"));
        List<Progress> seen = new ArrayList<>();
        while (!running.isDone()) {
            s.progress().ifPresent(seen::add);
            Thread.sleep(2);
        }
        running.get();
        assertFalse(seen.isEmpty(), "progress was reported while the index hydrated");
        long last = -1;
        for (Progress p : seen) {
            assertEquals("CREATE INDEX t_k", p.statement());
            assertEquals(ROWS, p.total(), "of the table's rows");
            assertTrue(p.done() >= last && p.done() <= ROWS, seen.toString());
            last = p.done();
        }
        assertTrue(seen.stream().anyMatch(p -> p.done() > 0 && p.done() < ROWS),
                "a figure between none and all while the arrangement was assembled: " + seen.size() + " seen");
        assertTrue(s.progress().isEmpty(), "nothing running any more");
    }
}
