package dev.spindle.sql;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spindle.common.error.SpindleException;
import dev.spindle.common.row.Row;
import dev.spindle.common.type.TypeKind;
import dev.spindle.compute.controller.RuntimeMode;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Prepared statements: parameters typed from their context, planned once, bound per execution. */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class PreparedTest {
    private Database db;
    private Session s;

    private void open() {
        db = Database.open(RuntimeMode.SPLIT, 1);
        s = db.session();
    }

    @AfterEach
    void close() {
        if (db != null) {
            db.close();
        }
    }

    private List<Row> rows(Prepared p, Object... values) {
        return assertInstanceOf(StatementResult.Rows.class, s.execute(p, Arrays.asList(values))).rows();
    }

    @Test
    void aPointLookupOnAParameterIsAFastPathLookupPlannedOnce() {
        open();
        s.executeScript("CREATE TABLE t (k INT, v TEXT); CREATE INDEX ti ON t(k);"
                + "INSERT INTO t VALUES (1, 'one'), (2, 'two'), (3, 'three')");
        Prepared p = s.prepare("SELECT v FROM t WHERE k = ?");
        assertEquals(1, p.parameterCount());
        assertEquals(TypeKind.INTEGER, p.parameterTypes().get(0).kind());
        int before = db.coordinator().compute().dataflows().size();
        assertEquals(List.of(Row.of("two")), rows(p, 2));
        assertEquals(List.of(Row.of("three")), rows(p, 3L));
        assertEquals(List.of(), rows(p, 4));
        assertEquals(List.of(), rows(p, (Object) null), "k = NULL matches nothing");
        assertEquals(before, db.coordinator().compute().dataflows().size(), "answered from the index, no dataflow");
        // a write between executions is seen: the plan is kept, the read is at the new time
        s.execute("INSERT INTO t VALUES (4, 'four')");
        assertEquals(List.of(Row.of("four")), rows(p, 4));
    }

    @Test
    void theCalcitePlanIsKeptUntilDdlAndThenMadeAgain() {
        open();
        s.executeScript("CREATE TABLE t (k INT, v INT); INSERT INTO t VALUES (1, 10), (2, 20)");
        Prepared p = s.prepare("SELECT sum(v) FROM t WHERE k >= ?");
        assertEquals(List.of(Row.of(30L)), rows(p, 1));
        s.execute("CREATE INDEX ti ON t(k)");
        assertEquals(List.of(Row.of(20L)), rows(p, 2));
        s.execute("DROP INDEX ti");
        assertEquals(List.of(Row.of(30L)), rows(p, 0));
    }

    @Test
    void parametersOfManyTypes() {
        open();
        s.execute("CREATE TABLE t (i INT, b BIGINT, d DECIMAL(10,2), f DOUBLE PRECISION, s VARCHAR(10), z BOOLEAN, dt DATE)");
        Prepared ins = s.prepare("INSERT INTO t VALUES (?, ?, ?, ?, ?, ?, ?)");
        assertEquals(7, ins.parameterCount());
        assertEquals(TypeKind.DECIMAL, ins.parameterTypes().get(2).kind());
        assertEquals(1L, ((StatementResult.UpdateCount) s.execute(ins,
                Arrays.asList(1, 2L, new BigDecimal("3.456"), 4.5, "five", true, LocalDate.of(2026, 12, 1)))).count());
        s.execute(ins, Arrays.asList(null, null, null, null, null, null, null));
        Prepared q = s.prepare("SELECT i, d, s FROM t WHERE b = ? AND d > ? AND s LIKE ? AND z = ? AND dt = ? AND f < ?");
        assertEquals(List.of(Row.of(1L, new BigDecimal("3.46"), "five")),
                rows(q, 2, 3, "f%", true, LocalDate.of(2026, 12, 1), 5.0));
        assertEquals(List.of(Row.of(2L)), rows(s.prepare("SELECT count(*) FROM t WHERE i IS NULL OR i = ?"), 1));
        SpindleException tooLong = assertThrows(SpindleException.class,
                () -> s.execute(ins, Arrays.asList(1, 2, 3, 4, "much too long", false, null)));
        assertEquals("22001", tooLong.sqlState());
        SpindleException notANumber = assertThrows(SpindleException.class,
                () -> s.execute(ins, Arrays.asList("x", 2, 3, 4, "s", false, null)));
        assertEquals("22P02", notANumber.sqlState());
    }

    @Test
    void aBatchOfInsertsIsOneAppendAtOneTimestamp() {
        open();
        s.execute("CREATE TABLE t (k INT PRIMARY KEY, v TEXT NOT NULL DEFAULT 'd')");
        Prepared ins = s.prepare("INSERT INTO t (k) VALUES (?)");
        List<List<Object>> batch = new ArrayList<>();
        for (int i = 0; i < 1000; i++) {
            batch.add(List.of(i));
        }
        long before = db.coordinator().oracle().readTimestamp();
        long[] counts = s.executeBatch(ins, batch);
        assertEquals(1000, counts.length);
        assertTrue(Arrays.stream(counts).allMatch(c -> c == 1));
        long after = db.coordinator().oracle().readTimestamp();
        assertEquals(after, db.coordinator().lastWrite(db.coordinator().catalog().byName("t").orElseThrow().id()));
        assertTrue(after > before);
        assertEquals(List.of(Row.of(1000L, "d")), assertInstanceOf(StatementResult.Rows.class,
                s.execute("SELECT count(*), min(v) FROM t")).rows());
        // a duplicate anywhere in the batch writes none of it
        List<List<Object>> dup = List.of(List.of(5000), List.of(7), List.of(5001));
        assertEquals("23505", assertThrows(SpindleException.class, () -> s.executeBatch(ins, dup)).sqlState());
        assertEquals(List.of(Row.of(1000L)), assertInstanceOf(StatementResult.Rows.class,
                s.execute("SELECT count(*) FROM t")).rows());
    }

    @Test
    void updateAndDeleteBindTheirParameters() {
        open();
        s.executeScript("CREATE TABLE t (k INT, v TEXT); INSERT INTO t VALUES (1, 'a'), (2, 'b'), (3, 'it''s')");
        Prepared up = s.prepare("UPDATE t SET v = ? WHERE k = ?");
        assertEquals(2, up.parameterCount());
        assertNull(up.parameterTypes().get(0), "nothing fixes the type of a SET value before planning");
        assertEquals(1L, ((StatementResult.UpdateCount) s.execute(up, Arrays.asList("x'y", 1))).count());
        Prepared del = s.prepare("DELETE FROM t WHERE v = ?");
        assertEquals(1L, ((StatementResult.UpdateCount) s.execute(del, List.of("it's"))).count());
        assertEquals(List.of(Row.of(1L, "x'y"), Row.of(2L, "b")), assertInstanceOf(StatementResult.Rows.class,
                s.execute("SELECT * FROM t ORDER BY k")).rows());
    }

    @Test
    void wrongParameterCountsAndUntypableParametersAreErrors() {
        open();
        s.execute("CREATE TABLE t (k INT)");
        Prepared p = s.prepare("SELECT k FROM t WHERE k = ?");
        assertEquals("42601", assertThrows(SpindleException.class, () -> s.execute(p, List.of())).sqlState());
        assertEquals("42601", assertThrows(SpindleException.class, () -> s.execute(p, List.of(1, 2))).sqlState());
        SpindleException e = assertThrows(SpindleException.class, () -> s.prepare("SELECT ?"));
        assertEquals("42601", e.sqlState());
    }

    @Test
    void preparedQueriesInATransactionSeeItsWrites() {
        open();
        s.executeScript("CREATE TABLE t (k INT, v INT); CREATE INDEX ti ON t(k); INSERT INTO t VALUES (1, 10)");
        Prepared q = s.prepare("SELECT v FROM t WHERE k = ?");
        Prepared ins = s.prepare("INSERT INTO t VALUES (?, ?)");
        s.begin();
        s.execute(ins, List.of(2, 20));
        assertEquals(List.of(Row.of(20L)), rows(q, 2));
        s.rollback();
        assertEquals(List.of(), rows(q, 2));
    }
}
