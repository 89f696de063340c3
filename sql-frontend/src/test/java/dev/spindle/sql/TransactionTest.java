package dev.spindle.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spindle.common.error.SpindleException;
import dev.spindle.common.row.Row;
import dev.spindle.compute.controller.RuntimeMode;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Explicit transactions: read your own writes, atomic commit, rollback, conflicts, failed state. */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class TransactionTest {
    private Database db;

    @AfterEach
    void close() {
        if (db != null) {
            db.close();
        }
    }

    private static List<Row> query(Session s, String sql) {
        return assertInstanceOf(StatementResult.Rows.class, s.execute(sql)).rows();
    }

    private static SpindleException fails(Session s, String sql) {
        return assertThrows(SpindleException.class, () -> s.execute(sql));
    }

    private static List<Row> rows(Object... firsts) {
        List<Row> out = new ArrayList<>();
        for (Object o : firsts) {
            out.add(Row.of(o));
        }
        return out;
    }

    @ParameterizedTest
    @EnumSource(RuntimeMode.class)
    void readsItsOwnWritesThroughIndexesAndIndexedViews(RuntimeMode mode) {
        db = Database.open(mode, 1);
        Session a = db.session();
        Session b = db.session();
        a.executeScript("CREATE TABLE t (k INT PRIMARY KEY, v INT); CREATE INDEX ti ON t(k);"
                + "CREATE VIEW s AS SELECT sum(v) AS total FROM t; CREATE INDEX si ON s(total);"
                + "INSERT INTO t VALUES (1, 10), (2, 20)");
        a.execute("BEGIN");
        assertTrue(a.inTransaction());
        a.execute("INSERT INTO t VALUES (3, 30)");
        a.execute("UPDATE t SET v = v + 1 WHERE k = 1");
        a.execute("DELETE FROM t WHERE k = 2");
        assertEquals(List.of(Row.of(1L, 11L), Row.of(3L, 30L)), query(a, "SELECT * FROM t ORDER BY k"));
        assertEquals(rows(30L), query(a, "SELECT v FROM t WHERE k = 3"));
        assertEquals(rows(41L), query(a, "SELECT total FROM s"));
        // nobody else sees them yet
        assertEquals(rows(30L), query(b, "SELECT total FROM s"));
        assertEquals(List.of(), query(b, "SELECT v FROM t WHERE k = 3"));
        assertEquals("COMMIT", ((StatementResult.Done) a.execute("COMMIT")).tag());
        assertFalse(a.inTransaction());
        assertEquals(List.of(Row.of(1L, 11L), Row.of(3L, 30L)), query(b, "SELECT * FROM t ORDER BY k"));
        assertEquals(rows(41L), query(b, "SELECT total FROM s"));
        assertTrue(db.coordinator().tables().ids().stream().noneMatch(id -> id.isTransient()),
                "the copies the transaction's reads planned over are dropped");
    }

    @Test
    void commitIsAtomicAtOneTimestamp() {
        db = Database.open(RuntimeMode.SPLIT, 1);
        Session a = db.session();
        a.executeScript("CREATE TABLE x (v INT); CREATE TABLE y (v INT)");
        long before = db.coordinator().oracle().readTimestamp();
        a.begin();
        a.execute("INSERT INTO x VALUES (1)");
        a.execute("INSERT INTO y VALUES (2)");
        a.execute("INSERT INTO x VALUES (3)");
        assertEquals(before, db.coordinator().oracle().readTimestamp(), "nothing committed before COMMIT");
        a.commit();
        long at = db.coordinator().oracle().readTimestamp();
        assertEquals(at, db.coordinator().lastWrite(db.coordinator().catalog().byName("x").orElseThrow().id()));
        assertEquals(at, db.coordinator().lastWrite(db.coordinator().catalog().byName("y").orElseThrow().id()));
        assertEquals(rows(3L), query(a, "SELECT (SELECT count(*) FROM x) + (SELECT count(*) FROM y)"));
    }

    @Test
    void rollbackDiscardsEverything() {
        db = Database.open(RuntimeMode.SPLIT, 1);
        Session a = db.session();
        a.executeScript("CREATE TABLE t (k INT); INSERT INTO t VALUES (1)");
        a.execute("START TRANSACTION");
        a.execute("DELETE FROM t");
        a.execute("INSERT INTO t VALUES (5)");
        assertEquals(rows(5L), query(a, "SELECT k FROM t"));
        assertEquals("ROLLBACK", ((StatementResult.Done) a.execute("ROLLBACK")).tag());
        assertEquals(rows(1L), query(a, "SELECT k FROM t"));
    }

    @Test
    void readOnlyTransactionReadsOneSnapshot() {
        db = Database.open(RuntimeMode.SPLIT, 1, 0);
        Session a = db.session();
        Session b = db.session();
        a.executeScript("CREATE TABLE t (k INT); CREATE INDEX ti ON t(k); INSERT INTO t VALUES (1)");
        a.execute("BEGIN");
        assertEquals(rows(1L), query(a, "SELECT count(*) FROM t"));
        for (int i = 0; i < 5; i++) {
            b.execute("INSERT INTO t VALUES (" + (i + 2) + ")"); // history 0: the hold alone keeps the snapshot readable
        }
        assertEquals(rows(1L), query(a, "SELECT count(*) FROM t"));
        assertEquals(rows(1L), query(a, "SELECT k FROM t WHERE k < 10"));
        a.execute("COMMIT");
        assertEquals(rows(6L), query(a, "SELECT count(*) FROM t"));
    }

    @Test
    void aConflictingCommitFailsWith40001AndWritesNothing() {
        db = Database.open(RuntimeMode.SPLIT, 1);
        Session a = db.session();
        Session b = db.session();
        a.executeScript("CREATE TABLE acct (id INT PRIMARY KEY, bal INT); INSERT INTO acct VALUES (1, 100);"
                + "CREATE TABLE log (msg TEXT)");
        a.execute("BEGIN");
        a.execute("UPDATE acct SET bal = bal - 30 WHERE id = 1");
        a.execute("INSERT INTO log VALUES ('a')");
        b.execute("UPDATE acct SET bal = bal - 50 WHERE id = 1");
        SpindleException e = fails(a, "COMMIT");
        assertEquals("40001", e.sqlState());
        assertFalse(a.inTransaction());
        assertEquals(rows(50L), query(a, "SELECT bal FROM acct"));
        assertEquals(List.of(), query(a, "SELECT * FROM log"));
    }

    @Test
    void blindInsertsDoNotConflict() {
        db = Database.open(RuntimeMode.SPLIT, 1);
        Session a = db.session();
        Session b = db.session();
        a.execute("CREATE TABLE t (k INT)");
        a.execute("BEGIN");
        a.execute("INSERT INTO t VALUES (1)");
        b.execute("INSERT INTO t VALUES (2)");
        a.execute("COMMIT");
        assertEquals(rows(2L), query(a, "SELECT count(*) FROM t"));
    }

    @Test
    void constraintsSeeTheTransactionsOwnWrites() {
        db = Database.open(RuntimeMode.SPLIT, 1);
        Session a = db.session();
        a.execute("CREATE TABLE t (k INT PRIMARY KEY)");
        a.execute("BEGIN");
        a.execute("INSERT INTO t VALUES (1)");
        assertEquals("23505", fails(a, "INSERT INTO t VALUES (1)").sqlState());
        // the failure fails the transaction
        assertEquals("25P02", fails(a, "SELECT 1").sqlState());
        assertEquals("ROLLBACK", ((StatementResult.Done) a.execute("COMMIT")).tag());
        assertEquals(List.of(), query(a, "SELECT * FROM t"));
        a.execute("BEGIN");
        a.execute("INSERT INTO t VALUES (1)");
        a.execute("DELETE FROM t WHERE k = 1");
        a.execute("INSERT INTO t VALUES (1)"); // deleted in the transaction: no longer a duplicate
        a.execute("COMMIT");
        assertEquals(rows(1L), query(a, "SELECT k FROM t"));
    }

    @Test
    void ddlIsRefusedInsideATransactionAndFailsIt() {
        db = Database.open(RuntimeMode.SPLIT, 1);
        Session a = db.session();
        a.execute("BEGIN");
        a.execute("CREATE TABLE first (k INT)"); // nothing read or written yet: runs on its own
        a.execute("INSERT INTO first VALUES (1)");
        SpindleException e = fails(a, "CREATE TABLE t (k INT)");
        assertEquals("25001", e.sqlState());
        assertEquals("CREATE TABLE cannot run inside a transaction block", e.getMessage());
        assertEquals("25P02", fails(a, "SELECT 1").sqlState());
        a.execute("ROLLBACK");
        a.execute("CREATE TABLE t (k INT)");
        assertEquals(List.of(), query(a, "SELECT * FROM first"));
    }

    @Test
    void beginTwiceAndCommitWithoutTransactionWarn() {
        db = Database.open(RuntimeMode.SPLIT, 1);
        Session a = db.session();
        assertEquals(List.of("there is no transaction in progress"), a.execute("COMMIT").warnings());
        a.execute("BEGIN");
        assertEquals(List.of("there is already a transaction in progress"), a.execute("BEGIN").warnings());
        a.execute("COMMIT");
    }

    @Test
    void closingASessionRollsBackAndReleasesItsHold() {
        db = Database.open(RuntimeMode.SPLIT, 1, 0);
        Session a = db.session();
        Session b = db.session();
        a.executeScript("CREATE TABLE t (k INT); CREATE INDEX ti ON t(k)");
        a.execute("BEGIN");
        a.execute("INSERT INTO t VALUES (1)");
        long snapshot = db.coordinator().oracle().readTimestamp();
        a.close();
        b.execute("INSERT INTO t VALUES (2)");
        b.execute("INSERT INTO t VALUES (3)");
        assertEquals(rows(2L), query(b, "SELECT count(*) FROM t"));
        var id = db.coordinator().catalog().byName("ti").orElseThrow().id();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (db.coordinator().compute().since(id).lessEqual(snapshot) && System.nanoTime() < deadline) {
            Thread.onSpinWait();
        }
        assertFalse(db.coordinator().compute().since(id).lessEqual(snapshot), "compaction moved past the released hold");
    }
}
