package dev.spindle.sql.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

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
 * before its peek reaches compute, even when the read policy keeps no history.
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
        try (ReadTime at = ReadTime.choose(coord, null)) {
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
        try (ReadTime at = ReadTime.choose(coord, null)) {
            t = at.time();
        }
        db.session().execute("UPDATE t SET v = 20 WHERE k = 1"); // compacts past t: nothing holds it
        SpindleException e = assertThrows(SpindleException.class, () -> q.read(plan, t, false));
        assertEquals("22000", e.sqlState(), e.getMessage());
    }
}
