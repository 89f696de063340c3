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
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * {@code CREATE UNIQUE INDEX}: refused over rows that repeat a key, enforced like a UNIQUE
 * constraint once made (and no more once dropped), still an index for reads; refused on views.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class UniqueIndexTest {
    private Database db;
    private Session s;

    private Session open(RuntimeMode mode) {
        db = Database.open(mode, 1);
        s = db.session();
        return s;
    }

    @AfterEach
    void close() {
        if (db != null) {
            db.close();
        }
    }

    private List<Row> query(String sql) {
        return assertInstanceOf(StatementResult.Rows.class, s.execute(sql)).rows();
    }

    private static SpindleException fails(Session s, String sql) {
        return assertThrows(SpindleException.class, () -> s.execute(sql));
    }

    private void duplicate(String sql, String message) {
        SpindleException e = fails(s, sql);
        assertEquals("23505", e.sqlState(), e.getMessage());
        assertEquals(message, e.getMessage());
    }

    @ParameterizedTest
    @EnumSource(RuntimeMode.class)
    void refusedOverRepeatedKeysThenEnforcedUntilDropped(RuntimeMode mode) {
        open(mode).execute("CREATE TABLE t (k INT, v TEXT)");
        s.execute("INSERT INTO t VALUES (1, 'a'), (1, 'b'), (2, 'c'), (NULL, 'd'), (NULL, 'e')");
        duplicate("CREATE UNIQUE INDEX tk ON t (k)", "could not create unique index \"tk\": Key (k)=(1) is duplicated.");
        assertEquals(List.of(), query("SELECT name FROM spindle_catalog.indexes WHERE on_name = 't'"), "no index was made");
        s.execute("DELETE FROM t WHERE v = 'b'");
        s.execute("CREATE UNIQUE INDEX tk ON t (k)");
        assertEquals(List.of(Row.of("tk", true)), query("SELECT name, is_unique FROM spindle_catalog.indexes WHERE on_name = 't'"));
        assertEquals("CREATE UNIQUE INDEX tk ON t (k)", query("SHOW CREATE INDEX tk").get(0).getString(1));
        duplicate("INSERT INTO t VALUES (2, 'x')", "duplicate key value violates unique constraint \"tk\": Key (k)=(2) already exists.");
        duplicate("UPDATE t SET k = 1 WHERE k = 2", "duplicate key value violates unique constraint \"tk\": Key (k)=(1) already exists.");
        s.execute("INSERT INTO t VALUES (NULL, 'f'), (3, 'g')");
        s.execute("UPDATE t SET k = k + 1"); // keys move past each other
        // still an index for reads: a point lookup
        assertTrue(query("EXPLAIN SELECT v FROM t WHERE k = 3").toString().contains("tk"));
        assertEquals(List.of(Row.of("c")), query("SELECT v FROM t WHERE k = 3"));
        s.execute("DROP INDEX tk");
        s.execute("INSERT INTO t VALUES (2, 'dup')");
        assertEquals(List.of(Row.of(2L)), query("SELECT count(*) FROM t WHERE k = 2"));
    }

    @ParameterizedTest
    @EnumSource(RuntimeMode.class)
    void aUniqueReexportIsEnforcedByItselfAndAnOrdinaryOneIsNot(RuntimeMode mode) {
        open(mode).execute("CREATE TABLE t (k INT, v INT)");
        s.execute("INSERT INTO t VALUES (1, 1), (2, 2)");
        s.execute("CREATE INDEX plain ON t (k)");
        List<String> warnings = s.execute("CREATE UNIQUE INDEX uk ON t (k)").warnings();
        assertEquals(List.of("Index uk is identical to plain, which is also defined on t(k)."), warnings);
        duplicate("INSERT INTO t VALUES (1, 3)", "duplicate key value violates unique constraint \"uk\": Key (k)=(1) already exists.");
        s.execute("DROP INDEX plain");
        assertEquals("23505", fails(s, "INSERT INTO t VALUES (1, 3)").sqlState(), "the re-export keeps serving and enforcing");
        assertEquals(List.of(Row.of(1L)), query("SELECT v FROM t WHERE k = 1"));
        s.execute("DROP INDEX uk");
        s.execute("INSERT INTO t VALUES (1, 3)");
        // an ordinary index over the unique one's key is a re-export that enforces nothing
        s.execute("CREATE UNIQUE INDEX uv ON t (v)");
        s.execute("CREATE INDEX pv ON t (v)");
        s.execute("DROP INDEX uv");
        s.execute("INSERT INTO t VALUES (5, 3)");
        assertEquals(List.of(Row.of(2L)), query("SELECT count(*) FROM t WHERE v = 3"));
    }

    @ParameterizedTest
    @EnumSource(RuntimeMode.class)
    void expressionKeysAndSeveralColumns(RuntimeMode mode) {
        open(mode).execute("CREATE TABLE w (s TEXT, a INT, b INT)");
        s.execute("INSERT INTO w VALUES ('a', 1, 1), ('A', 1, 2)");
        duplicate("CREATE UNIQUE INDEX wl ON w (lower(s))", "could not create unique index \"wl\": Key (lower(s))=(a) is duplicated.");
        s.execute("CREATE UNIQUE INDEX wab ON w (a, b)");
        duplicate("INSERT INTO w VALUES ('b', 1, 2)", "duplicate key value violates unique constraint \"wab\": Key (a, b)=(1, 2) already exists.");
        s.execute("UPDATE w SET s = 'b' WHERE b = 2");
        s.execute("CREATE UNIQUE INDEX wl ON w (lower(s))");
        duplicate("INSERT INTO w VALUES ('B', 7, 7)", "duplicate key value violates unique constraint \"wl\": Key (lower(s))=(b) already exists.");
        assertEquals("22012", fails(s, "CREATE UNIQUE INDEX wd ON w ((a / (b - 1)))").sqlState(),
                "an expression failing on a row fails the build");
        s.execute("CREATE UNIQUE INDEX wd ON w ((a / b))");
        assertEquals("22012", fails(s, "INSERT INTO w VALUES ('c', 1, 0)").sqlState(), "and a write whose key fails");
    }

    @ParameterizedTest
    @EnumSource(RuntimeMode.class)
    void viewsAndSystemRelationsTakeNoUniqueIndex(RuntimeMode mode) {
        open(mode).execute("CREATE TABLE t (k INT)");
        s.execute("CREATE VIEW v AS SELECT k FROM t");
        SpindleException e = fails(s, "CREATE UNIQUE INDEX vk ON v (k)");
        assertEquals("0A000", e.sqlState());
        assertTrue(e.getMessage().contains("v is a view"), e.getMessage());
        s.execute("CREATE INDEX vk ON v (k)");
        assertEquals("0A000", fails(s, "CREATE UNIQUE INDEX ON spindle_catalog.tables (name)").sqlState());
    }

    @Test
    void writesDuringTheBuildAreCountedAndTheIndexEnforcesThemAfter() throws Exception {
        open(RuntimeMode.SPLIT).execute("CREATE TABLE t (k INT, v INT)");
        Prepared ins = s.prepare("INSERT INTO t VALUES (?, ?)");
        List<List<Object>> batch = new ArrayList<>();
        for (int i = 0; i < 50_000; i++) {
            batch.add(List.of(i, i));
        }
        s.executeBatch(ins, batch);
        ExecutorService writer = Executors.newSingleThreadExecutor();
        try (Session w = db.session()) {
            Prepared wins = w.prepare("INSERT INTO t VALUES (?, ?)");
            Prepared wdel = w.prepare("DELETE FROM t WHERE k = ?");
            Future<Integer> writes = writer.submit(() -> {
                int n = 0;
                // distinct new keys, and old keys deleted: none repeats, so the index must succeed
                while (db.coordinator().catalog().byName("tk").isEmpty() && n < 5000) {
                    w.execute(wins, List.of(100_000 + n, n));
                    w.execute(wdel, List.of(n));
                    n++;
                }
                return n;
            });
            s.execute("CREATE UNIQUE INDEX tk ON t (k)");
            int n = writes.get(60, TimeUnit.SECONDS);
            var coord = db.coordinator();
            var id = coord.catalog().byName("t").orElseThrow().id();
            synchronized (coord.writeLock()) {
                var rule = coord.uniqueKeys().rules(id).get(0);
                assertEquals(50_000, rule.size(), "counts equal the table after " + n + " concurrent writes");
                assertEquals(0, rule.repeated());
            }
            assertEquals("23505", fails(s, "INSERT INTO t VALUES (" + (100_000 + n - 1) + ", 0)").sqlState());
            s.execute("INSERT INTO t VALUES (0, 0)"); // deleted by the writer
        } finally {
            writer.shutdownNow();
        }
    }

    @Test
    void aWriteDuringTheBuildThatRepeatsAKeyFailsTheIndex() throws Exception {
        open(RuntimeMode.SPLIT).execute("CREATE TABLE t (k INT, v INT)");
        Prepared ins = s.prepare("INSERT INTO t VALUES (?, ?)");
        List<List<Object>> batch = new ArrayList<>();
        for (int i = 0; i < 50_000; i++) {
            batch.add(List.of(i, i));
        }
        s.executeBatch(ins, batch);
        ExecutorService creator = Executors.newSingleThreadExecutor();
        try (Session w = db.session()) {
            var coord = db.coordinator();
            var id = coord.catalog().byName("t").orElseThrow().id();
            Future<?> create = creator.submit(() -> s.execute("CREATE UNIQUE INDEX tk ON t (k)"));
            // as soon as the index's rule is registered (its build under way, not enforced yet),
            // repeat key 7 holding the write lock, so the build cannot finish first
            boolean written = false;
            while (!written) {
                synchronized (coord.writeLock()) {
                    var rules = coord.uniqueKeys().rules(id);
                    if (!rules.isEmpty()) {
                        assertFalse(rules.get(0).enforced());
                        w.execute("INSERT INTO t VALUES (7, -7)");
                        written = true;
                    }
                }
                Thread.onSpinWait();
            }
            var e = assertThrows(java.util.concurrent.ExecutionException.class, () -> create.get(60, TimeUnit.SECONDS));
            assertEquals("could not create unique index \"tk\": Key (k)=(7) is duplicated.", e.getCause().getMessage());
            assertTrue(coord.catalog().byName("tk").isEmpty());
            synchronized (coord.writeLock()) {
                assertTrue(coord.uniqueKeys().rules(id).isEmpty(), "the failed build's rule is gone");
            }
            s.execute("CREATE INDEX tk ON t (k)"); // the name is free again
            assertEquals(List.of(Row.of(2L)), query("SELECT count(*) FROM t WHERE k = 7"));
        } finally {
            creator.shutdownNow();
        }
    }
}
