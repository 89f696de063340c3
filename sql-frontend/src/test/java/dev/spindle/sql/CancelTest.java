package dev.spindle.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spindle.common.error.ErrorCode;
import dev.spindle.common.error.SpindleException;
import dev.spindle.common.row.Row;
import dev.spindle.compute.controller.RuntimeMode;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Cancelling a running statement from another thread, and statement timeouts. */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class CancelTest {
    /** A cross join of 400^3 = 64M rows: many seconds of work on this machine. */
    private static final String SLOW = "SELECT count(*) FROM big a, big b, big c WHERE a.k + b.k + c.k >= 0";

    private Database db;
    private Session s;

    private void open() {
        db = Database.open(RuntimeMode.SPLIT, 1);
        s = db.session();
        s.execute("CREATE TABLE big (k INT)");
        StringBuilder values = new StringBuilder("INSERT INTO big VALUES (0)");
        for (int i = 1; i < 400; i++) {
            values.append(", (").append(i).append(')');
        }
        s.execute(values.toString());
    }

    @AfterEach
    void close() {
        if (db != null) {
            db.close();
        }
    }

    private static void awaitPending(Database db) throws InterruptedException {
        while (db.coordinator().compute().pendingPeeks() == 0 && db.coordinator().compute().dataflows().isEmpty()) {
            Thread.sleep(1);
        }
    }

    @Test
    void cancelStopsAPendingReadAndTheSessionServesTheNextStatement() throws Exception {
        open();
        CompletableFuture<Object> running = CompletableFuture.supplyAsync(() -> {
            try {
                return s.execute(SLOW);
            } catch (SpindleException e) {
                return e;
            }
        });
        awaitPending(db);
        s.cancel();
        Object outcome = running.get(60, TimeUnit.SECONDS);
        SpindleException e = assertInstanceOf(SpindleException.class, outcome, String.valueOf(outcome));
        assertEquals(ErrorCode.QUERY_CANCELED_0, e.code());
        assertEquals("57014", e.sqlState());
        assertEquals(List.of(Row.of(400L)), ((StatementResult.Rows) s.execute("SELECT count(*) FROM big")).rows());
    }

    @Test
    void aCancelBetweenStatementsIsForgotten() {
        open();
        s.cancel();
        assertEquals(List.of(Row.of(400L)), ((StatementResult.Rows) s.execute("SELECT count(*) FROM big")).rows());
    }

    @Test
    void aStatementTimeoutFailsTheReadWith57014() {
        open();
        s.statementTimeout(Duration.ofMillis(200));
        SpindleException e = assertThrows(SpindleException.class, () -> s.execute(SLOW));
        assertEquals(ErrorCode.STATEMENT_TIMEOUT_0, e.code());
        assertEquals("canceling statement due to statement timeout", e.getMessage());
        s.statementTimeout(null);
        assertEquals(List.of(Row.of(400L)), ((StatementResult.Rows) s.execute("SELECT count(*) FROM big")).rows());
    }

    @Test
    void cancellingAHydratingCreateIndexDropsTheIndex() throws Exception {
        open();
        s.execute("CREATE VIEW cubed AS SELECT a.k AS x, b.k AS y, c.k AS z FROM big a, big b, big c");
        CompletableFuture<Object> running = CompletableFuture.supplyAsync(() -> {
            try {
                return s.execute("CREATE INDEX cube_x ON cubed (x)");
            } catch (SpindleException e) {
                return e;
            }
        });
        while (db.coordinator().compute().dataflows().isEmpty()) {
            Thread.sleep(1);
        }
        s.cancel();
        Object outcome = running.get(60, TimeUnit.SECONDS);
        assertEquals("57014", assertInstanceOf(SpindleException.class, outcome, String.valueOf(outcome)).sqlState());
        assertTrue(db.coordinator().catalog().byName("cube_x").isEmpty(), "the index is not in the catalog");
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!db.coordinator().compute().dataflows().isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
        assertEquals(List.of(), db.coordinator().compute().dataflows(), "its dataflow was stopped");
        s.execute("INSERT INTO big VALUES (1000)");
        assertEquals(List.of(Row.of(401L)), ((StatementResult.Rows) s.execute("SELECT count(*) FROM big")).rows());
    }
}
