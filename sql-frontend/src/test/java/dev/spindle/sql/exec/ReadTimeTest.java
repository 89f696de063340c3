package dev.spindle.sql.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spindle.common.error.SpindleException;
import dev.spindle.common.row.Row;
import dev.spindle.compute.controller.RuntimeMode;
import dev.spindle.planner.peek.PeekPlan;
import dev.spindle.sql.Database;
import dev.spindle.sql.Session;
import dev.spindle.sql.coord.Coordinator;
import dev.spindle.sql.parser.SpindleParser;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * {@link ReadTime}: the read timestamp a read chose stays readable through commits that happen
 * before its peek reaches compute, even when the read policy keeps no history; a read takes the
 * time its inputs last changed ({@link InputsChanged}), so commits elsewhere never make it wait.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ReadTimeTest {
    private Database db;

    @AfterEach
    void close() {
        if (db != null) {
            db.close();
        }
    }

    private Queries setUp(RuntimeMode mode) {
        db = Database.open(mode, 1, 0); // every commit lets every index compact up to itself
        Session s = db.session();
        s.execute("CREATE TABLE t (k INT NOT NULL, v INT NOT NULL)");
        s.execute("CREATE INDEX t_k ON t (k)");
        s.execute("INSERT INTO t VALUES (1, 10)");
        return new Queries(db.coordinator(), new StatementControl());
    }

    private static PeekPlan lookup(Queries q, Coordinator coord) {
        String sql = "SELECT v FROM t WHERE k = 1";
        return q.planner(coord.catalog()).planQuery(SpindleParser.parse(sql), sql);
    }

    @ParameterizedTest
    @EnumSource(RuntimeMode.class)
    void aChosenReadTimeOutlivesTheCommitsBeforeItsPeek(RuntimeMode mode) {
        Queries q = setUp(mode);
        Coordinator coord = db.coordinator();
        PeekPlan plan = lookup(q, coord);
        Session writer = db.session();
        try (ReadTime at = ReadTime.choose(coord, null, Long.MAX_VALUE)) {
            assertEquals(coord.oracle().readTimestamp(), at.time());
            writer.execute("UPDATE t SET v = 20 WHERE k = 1"); // commits after the read chose its time
            writer.execute("UPDATE t SET v = 30 WHERE k = 1");
            assertEquals(List.of(Row.of(10L)), q.read(plan, at.time(), false), "the state at the chosen time");
        }
        assertEquals(List.of(Row.of(30L)), q.select(c -> lookup(q, coord), null, null).rows());
    }

    @Test
    void onceReleasedTheTimeIsNoLongerHeld() {
        Queries q = setUp(RuntimeMode.SOLO); // the peek queues behind the AllowCompaction the commit sent
        Coordinator coord = db.coordinator();
        PeekPlan plan = lookup(q, coord);
        long t;
        try (ReadTime at = ReadTime.choose(coord, null, Long.MAX_VALUE)) {
            t = at.time();
        }
        db.session().execute("UPDATE t SET v = 20 WHERE k = 1"); // compacts past t: nothing holds it
        SpindleException e = assertThrows(SpindleException.class, () -> q.read(plan, t, false));
        assertEquals("22000", e.sqlState(), e.getMessage());
    }
    private Session keepingHistory(RuntimeMode mode) {
        db = Database.open(mode, 1, TimeUnit.HOURS.toMillis(1)); // nothing compacts during the test
        Session s = db.session();
        s.execute("CREATE TABLE t (k INT NOT NULL, v INT NOT NULL)");
        s.execute("CREATE INDEX t_k ON t (k)");
        s.execute("INSERT INTO t VALUES (1, 10)");
        s.execute("CREATE TABLE u (k INT NOT NULL)");
        s.execute("INSERT INTO u VALUES (1)");
        s.execute("CREATE INDEX u_k ON u (k)"); // a catalog commit after both writes
        return s;
    }

    private static List<Row> rowsOf(Session s, String sql) {
        return ((dev.spindle.sql.StatementResult.Rows) s.execute(sql)).rows();
    }

    @ParameterizedTest
    @EnumSource(RuntimeMode.class)
    void aReadTakesTheTimeItsInputsLastChangedNotALaterCommit(RuntimeMode mode) {
        keepingHistory(mode);
        Coordinator coord = db.coordinator();
        Queries q = new Queries(coord, new StatementControl());
        var t = coord.catalog().byName("t").orElseThrow().id();
        var u = coord.catalog().byName("u").orElseThrow().id();
        long writeT = coord.lastWrite(t);
        assertTrue(writeT < coord.lastWrite(u) && coord.lastWrite(u) < coord.oracle().readTimestamp(),
                "t written, then u, then the catalog");
        PeekPlan plan = lookup(q, coord);
        long changed = InputsChanged.of(coord, coord.catalog(), plan);
        assertEquals(writeT, changed, "t's last write (t_k's as-of is before it)");
        try (ReadTime at = ReadTime.choose(coord, null, changed)) {
            assertEquals(writeT, at.time());
            assertEquals(List.of(Row.of(10L)), q.read(plan, at.time(), false));
        }
        String sql = "SELECT count(*) FROM t, u WHERE t.k = u.k";
        PeekPlan join = q.planner(coord.catalog()).planQuery(SpindleParser.parse(sql), sql);
        assertEquals(coord.lastWrite(u), InputsChanged.of(coord, coord.catalog(), join), "the later of both tables' writes");
        db.session().execute("INSERT INTO t VALUES (2, 20)");
        assertEquals(coord.lastWrite(t), InputsChanged.of(coord, coord.catalog(), lookup(q, coord)), "a new write to t counts");
    }

    @Test
    void theMemoAnswersAsTheWalkDoesAcrossWritesAndCatalogChanges() {
        Session s = keepingHistory(RuntimeMode.SPLIT);
        Coordinator coord = db.coordinator();
        Queries q = new Queries(coord, new StatementControl());
        InputsChanged.Memo memo = new InputsChanged.Memo();
        var t = coord.catalog().byName("t").orElseThrow().id();
        PeekPlan plan = lookup(q, coord);
        assertEquals(InputsChanged.of(coord, coord.catalog(), plan), memo.of(coord, coord.catalog(), plan));
        s.execute("INSERT INTO t VALUES (2, 20)"); // same catalog: the memo's tables are read anew
        assertEquals(coord.lastWrite(t), memo.of(coord, coord.catalog(), plan), "a new write to t counts");
        s.execute("CREATE VIEW w AS SELECT k, count(*) AS n FROM t GROUP BY k");
        s.execute("CREATE INDEX w_k ON w (k)"); // a new catalog, a plan over other inputs
        String sql = "SELECT n FROM w WHERE k = 1";
        PeekPlan view = q.planner(coord.catalog()).planQuery(SpindleParser.parse(sql), sql);
        long walked = InputsChanged.of(coord, coord.catalog(), view);
        assertEquals(walked, memo.of(coord, coord.catalog(), view));
        assertTrue(walked > coord.lastWrite(t), "w_k's as-of, after t's last write");
        s.execute("INSERT INTO t VALUES (3, 30)");
        assertEquals(coord.lastWrite(t), memo.of(coord, coord.catalog(), view), "through the view to t");
        assertEquals(coord.lastWrite(t), memo.of(coord, coord.catalog(), lookup(q, coord)), "back to the first inputs");
    }

    @Test
    void aReadIsNeverBeforeTheAsOfOfAnIndexItReads() {
        Session s = keepingHistory(RuntimeMode.SPLIT);
        s.execute("CREATE INDEX t_v ON t (v)");
        Coordinator coord = db.coordinator();
        Queries q = new Queries(coord, new StatementControl());
        var tv = coord.catalog().byName("t_v").orElseThrow().id();
        String sql = "SELECT k FROM t WHERE v = 10";
        PeekPlan plan = q.planner(coord.catalog()).planQuery(SpindleParser.parse(sql), sql);
        long asOf = coord.compute().asOf(tv).time();
        assertTrue(asOf > coord.lastWrite(coord.catalog().byName("t").orElseThrow().id()));
        assertEquals(asOf, InputsChanged.of(coord, coord.catalog(), plan), "t_v's as-of, after t's last write");
        assertEquals(List.of(Row.of(1L)), q.select(c -> plan, null, null).rows());
    }

    @Test
    void aReadIsNeverBeforeTheCompactionAllowed() {
        Queries q = setUp(RuntimeMode.SPLIT); // no history kept: each commit allows compaction up to itself
        Coordinator coord = db.coordinator();
        db.session().execute("CREATE TABLE other (k INT)");
        db.session().execute("INSERT INTO other VALUES (1)");
        PeekPlan plan = lookup(q, coord);
        try (ReadTime at = ReadTime.choose(coord, null, InputsChanged.of(coord, coord.catalog(), plan))) {
            assertEquals(coord.oracle().readTimestamp(), at.time(), "t_k may have compacted up to the latest commit");
            assertEquals(List.of(Row.of(10L)), q.read(plan, at.time(), false));
        }
    }

    /**
     * With the maintenance worker held (as building another index would hold it), commits to
     * {@code u} and to the catalog, commits {@code t_k} would have to be sealed through to be read
     * at them, and returns what {@code statement} gives on another thread within 20 s (a timeout if
     * it waits for the worker). Split runtimes only: a solo runtime's one worker answers every peek.
     */
    private <T> T whileTheMaintenanceWorkerIsHeld(Session s, java.util.function.Supplier<T> statement) throws Exception {
        java.util.concurrent.CountDownLatch held = new java.util.concurrent.CountDownLatch(1);
        java.util.concurrent.CountDownLatch release = new java.util.concurrent.CountDownLatch(1);
        db.coordinator().compute().runtime().broadcast(new dev.spindle.compute.runtime.WorkerCommand.RunOnWorker(w -> {
            held.countDown();
            try {
                release.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }));
        try {
            assertTrue(held.await(20, TimeUnit.SECONDS));
            s.execute("INSERT INTO u VALUES (2)");
            s.execute("CREATE TABLE w (k INT)");
            return java.util.concurrent.CompletableFuture.supplyAsync(statement).get(20, TimeUnit.SECONDS);
        } finally {
            release.countDown();
        }
    }

    @Test
    void aReadDoesNotWaitForTheMaintenanceWorkerAfterCommitsElsewhere() throws Exception {
        Session s = keepingHistory(RuntimeMode.SPLIT);
        assertEquals(List.of(Row.of(10L)), rowsOf(s, "SELECT v FROM t WHERE k = 1")); // t_k is sealed past t's write
        assertEquals(List.of(Row.of(10L)), whileTheMaintenanceWorkerIsHeld(s, () -> rowsOf(db.session(), "SELECT v FROM t WHERE k = 1")),
                "answered while the worker is held");
        assertEquals(List.of(Row.of(2L)), rowsOf(s, "SELECT count(*) FROM u"));
    }

    @Test
    void aDeletesReadDoesNotWaitForTheMaintenanceWorkerAfterCommitsElsewhere() throws Exception {
        Session s = keepingHistory(RuntimeMode.SPLIT);
        assertEquals(List.of(Row.of(10L)), rowsOf(s, "SELECT v FROM t WHERE k = 1"));
        // its WHERE reads t through t_k while the worker is held
        whileTheMaintenanceWorkerIsHeld(s, () -> db.session().execute("DELETE FROM t WHERE k = 1"));
        assertEquals(List.of(), rowsOf(s, "SELECT v FROM t WHERE k = 1"));
        assertEquals(List.of(Row.of(2L)), rowsOf(s, "SELECT count(*) FROM u"));
    }
}
