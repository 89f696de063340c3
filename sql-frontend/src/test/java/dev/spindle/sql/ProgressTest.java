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

/** A hydrating CREATE INDEX reports its progress to another thread, and does not hold up writes. */
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

    private Session big() {
        return big(ROWS);
    }

    /** A fresh database whose table {@code t} holds {@code rows} rows. */
    private Session big(int rows) {
        if (db != null) {
            db.close();
        }
        db = Database.open(RuntimeMode.SPLIT, 1);
        Session s = db.session();
        s.execute("CREATE TABLE t (k INT, v INT)");
        Prepared ins = s.prepare("INSERT INTO t VALUES (?, ?)");
        List<List<Object>> batch = new ArrayList<>(rows);
        for (int i = 0; i < rows; i++) {
            batch.add(List.of(i, i % 7));
        }
        s.executeBatch(ins, batch);
        return s;
    }

    /**
     * Waits until {@code CREATE INDEX t_k} is being built (its name reserved) or has ended. Not by
     * its progress: the first progress figure counts the table's rows, which takes about as long
     * as hydrating them.
     */
    private void awaitBuilding(CompletableFuture<?> running) throws InterruptedException {
        while (!running.isDone()) {
            synchronized (db.coordinator().writeLock()) {
                if (db.coordinator().nameTaken("t_k")) {
                    return;
                }
            }
            Thread.sleep(1);
        }
    }

    /**
     * Whether a hydration outlasts a statement sent once it reports progress depends on the
     * machine's speed and load: the tests below try a larger table when the hydration won the race
     * (the figures are asserted only from a run where the statement ran during the hydration), up
     * to 8 times {@link #ROWS}.
     */
    private static final int MAX_ROWS = 8 * ROWS;

    @Test
    void writesGoOnWhileAnIndexHydratesAndTheIndexHasThem() throws Exception {
        boolean raced = false;
        for (int rows = ROWS; rows <= MAX_ROWS && !raced; rows *= 2) {
            Session s = big(rows);
            Session other = db.session();
            CompletableFuture<StatementResult> running = CompletableFuture.supplyAsync(() -> s.execute("CREATE INDEX t_k ON t (k)"));
            awaitBuilding(running);
            other.execute("INSERT INTO t VALUES (-1, 99)");
            raced = !running.isDone(); // the insert did not wait for the index
            running.get();
            assertEquals(List.of(dev.spindle.common.row.Row.of(99L)),
                    ((StatementResult.Rows) other.execute("SELECT v FROM t WHERE k = -1")).rows());
            assertTrue(((StatementResult.Rows) other.execute("EXPLAIN SELECT v FROM t WHERE k = -1")).rows().toString()
                    .contains("t_k"), "answered by the new index");
            assertEquals("42P07", org.junit.jupiter.api.Assertions.assertThrows(dev.spindle.common.error.SpindleException.class,
                    () -> other.execute("CREATE INDEX t_k ON t (v)")).sqlState());
        }
        assertTrue(raced, "an insert ran while the index hydrated, up to " + MAX_ROWS + " rows");
    }

    @Test
    void theNameOfAnIndexBeingBuiltIsTakenAndATableDroppedMeanwhileFailsIt() throws Exception {
        boolean raced = false;
        for (int rows = ROWS; rows <= MAX_ROWS && !raced; rows *= 2) {
            Session s = big(rows);
            Session other = db.session();
            CompletableFuture<Object> running = CompletableFuture.supplyAsync(() -> {
                try {
                    return s.execute("CREATE INDEX t_k ON t (k)");
                } catch (dev.spindle.common.error.SpindleException e) {
                    return e;
                }
            });
            awaitBuilding(running);
            dev.spindle.common.error.SpindleException taken = org.junit.jupiter.api.Assertions.assertThrows(
                    dev.spindle.common.error.SpindleException.class, () -> other.execute("CREATE TABLE t_k (x INT)"));
            assertEquals("42P07", taken.sqlState());
            other.execute("DROP TABLE t");
            Object outcome = running.get(60, TimeUnit.SECONDS);
            if (outcome instanceof StatementResult) {
                continue; // the index was built before the drop: try a larger table
            }
            raced = true;
            assertEquals("42P01", ((dev.spindle.common.error.SpindleException) outcome).sqlState(), String.valueOf(outcome));
            assertTrue(db.coordinator().catalog().byName("t_k").isEmpty());
            other.execute("CREATE TABLE t_k (x INT)"); // the name is free again
        }
        assertTrue(raced, "a DROP TABLE ran while the index hydrated, up to " + MAX_ROWS + " rows");
    }

    @Test
    void createIndexReportsRecordsArrangedOfTheTablesRows() throws Exception {
        // how many samples land inside a hydration depends on the machine's speed: on an idle
        // machine a small table may hydrate between two samples, so a larger one is tried then
        List<Progress> seen = List.of();
        Session s = null;
        for (int rows = ROWS; rows <= 4 * ROWS && !seen.stream().anyMatch(p -> p.done() > 0 && p.done() < p.total()); rows *= 2) {
            s = big(rows);
            seen = hydrate(s, rows);
        }
        assertTrue(seen.stream().anyMatch(p -> p.done() > 0 && p.done() < p.total()),
                "a figure between none and all while the arrangement was assembled: " + seen.size() + " seen");
        assertTrue(s.progress().isEmpty(), "nothing running any more");
    }

    /** Creates the index on {@code t} of {@code rows} rows, sampling its progress; checks each figure. */
    private static List<Progress> hydrate(Session s, int rows) throws Exception {
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
            assertEquals(rows, p.total(), "of the table's rows");
            assertTrue(p.done() >= last && p.done() <= rows, seen.toString());
            last = p.done();
        }
        return seen;
    }
}
