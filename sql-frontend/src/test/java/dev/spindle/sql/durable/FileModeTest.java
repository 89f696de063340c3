package dev.spindle.sql.durable;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spindle.common.error.ErrorCode;
import dev.spindle.common.error.SpindleException;
import dev.spindle.common.row.Row;
import dev.spindle.compute.controller.RuntimeMode;
import dev.spindle.sql.Database;
import dev.spindle.sql.Session;
import dev.spindle.sql.StatementResult;
import dev.spindle.storage.durable.DurableStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** A file-mode database keeps its catalog and rows across reopening, with and without checkpoints. */
class FileModeTest {
    static Path freshDir(String name) throws Exception {
        Path dir = Path.of("target", "file-mode-tests", name + "-" + System.nanoTime());
        Files.createDirectories(dir.getParent());
        return dir;
    }

    static Database open(Path dir) {
        return open(dir, DurableStore.Options.DEFAULT);
    }

    static Database open(Path dir, DurableStore.Options options) {
        return Database.open(dir, RuntimeMode.SPLIT, 1, options);
    }

    static List<String> rows(Session s, String sql) {
        StatementResult r = s.execute(sql);
        List<String> out = new ArrayList<>();
        for (Row row : ((StatementResult.Rows) r).rows()) {
            out.add(row.toString());
        }
        return out;
    }

    private static final String[] SCHEMA = {
        "CREATE TABLE t (k INT PRIMARY KEY, v TEXT DEFAULT 'none', d DECIMAL(6,2) DEFAULT 1.5, ts TIMESTAMP)",
        "CREATE TABLE \"Mixed Case\" (\"select\" INT NOT NULL, x DOUBLE, CONSTRAINT mc_u UNIQUE (x))",
        "CREATE VIEW big AS SELECT k, v FROM t WHERE k > 10",
        "CREATE INDEX ON t (v)",
        "CREATE UNIQUE INDEX t_lower ON t (lower(v), k)",
        "CREATE INDEX big_idx ON big (k)",
    };

    private static final String[] CHECKS = {
        "SELECT * FROM t ORDER BY k",
        "SELECT * FROM \"Mixed Case\" ORDER BY \"select\"",
        "SELECT * FROM big ORDER BY k",
        "SELECT k FROM t WHERE v = 'v12'",
        "SELECT count(*) FROM t",
        "SELECT name, on_name, key, is_unique FROM spindle_catalog.indexes ORDER BY name",
        "SELECT table_name, name, type, key FROM spindle_catalog.constraints ORDER BY name",
        "SHOW CREATE TABLE t",
    };

    private static List<List<String>> check(Database db) {
        List<List<String>> out = new ArrayList<>();
        try (Session s = db.session()) {
            for (String q : CHECKS) {
                out.add(rows(s, q));
            }
        }
        return out;
    }

    private static void workload(Session s, int from, int to) {
        for (int i = from; i < to; i++) {
            s.execute("INSERT INTO t (k, v, ts) VALUES (" + i + ", 'v" + i + "', TIMESTAMP '2024-02-29 13:14:15.123')");
        }
        s.execute("INSERT INTO \"Mixed Case\" VALUES (" + from + ", " + from + ".5)");
        s.execute("UPDATE t SET v = 'w' || k WHERE k % 3 = 0 AND k >= " + from);
        s.execute("DELETE FROM t WHERE k % 7 = 0 AND k >= " + from);
        s.begin();
        s.execute("INSERT INTO t (k) VALUES (" + (to + 1000) + ")");
        s.execute("INSERT INTO \"Mixed Case\" VALUES (" + (to + 1000) + ", NULL)");
        s.commit();
        s.begin();
        s.execute("INSERT INTO t (k) VALUES (" + (to + 2000) + ")");
        s.rollback();
    }

    @Test
    void catalogAndRowsSurviveReopenThroughLogAndCheckpoints() throws Exception {
        Path dir = freshDir("reopen");
        List<List<String>> expected;
        try (Database db = open(dir); Session s = db.session()) {
            for (String ddl : SCHEMA) {
                s.execute(ddl);
            }
            workload(s, 1, 30);
            expected = check(db);
        }
        try (Database db = open(dir)) {
            assertEquals(expected, check(db), "replayed from the log");
            try (Session s = db.session()) {
                s.execute("CHECKPOINT");
                workload(s, 100, 120);
                s.execute("DROP VIEW big CASCADE");
                s.execute("CREATE VIEW big AS SELECT k, v FROM t WHERE k > 110");
                s.execute("CREATE INDEX big_idx ON big (k)");
            }
            expected = check(db);
        }
        try (Database db = open(dir)) {
            assertEquals(expected, check(db), "a checkpoint, then the log");
            db.checkpoint();
        }
        try (Database db = open(dir)) {
            assertEquals(expected, check(db), "a checkpoint alone");
            try (Session s = db.session()) {
                s.execute("DROP TABLE t CASCADE");
                s.execute("CREATE TABLE t (k INT PRIMARY KEY, v TEXT DEFAULT 'none', d DECIMAL(6,2) DEFAULT 1.5, ts TIMESTAMP)");
                s.execute("CREATE VIEW big AS SELECT k, v FROM t WHERE k > 10");
                s.execute("CREATE INDEX ON t (v)");
                s.execute("CREATE UNIQUE INDEX t_lower ON t (lower(v), k)");
                s.execute("CREATE INDEX big_idx ON big (k)");
                workload(s, 5, 15);
            }
            expected = check(db);
        }
        try (Database db = open(dir)) {
            assertEquals(expected, check(db), "a table dropped and created again");
            try (Session s = db.session()) {
                SpindleException dup = assertThrows(SpindleException.class, () -> s.execute("INSERT INTO t (k) VALUES (5)"));
                assertEquals("23505", dup.code().sqlState(), "the primary key's counts are rebuilt");
                assertTrue(rows(s, "EXPLAIN SELECT k FROM t WHERE v = 'v12'").toString().contains("t_v_idx"),
                        "the index serves again");
            }
        }
    }

    @Test
    void automaticCheckpointsBoundTheLog() throws Exception {
        Path dir = freshDir("auto");
        List<List<String>> expected;
        DurableStore.Options small = new DurableStore.Options(0, 8 * 1024);
        try (Database db = open(dir, small); Session s = db.session()) {
            for (String ddl : SCHEMA) {
                s.execute(ddl);
            }
            workload(s, 1, 150);
            expected = check(db);
        }
        long logBytes;
        try (Stream<Path> files = Files.list(dir)) {
            logBytes = files.filter(p -> p.getFileName().toString().startsWith("log-")).mapToLong(p -> p.toFile().length()).sum();
        }
        assertTrue(logBytes < 16 * 1024, "log bytes after automatic checkpoints: " + logBytes);
        try (Database db = open(dir, small)) {
            assertEquals(expected, check(db));
        }
    }

    @Test
    void aSecondOpenOfTheDirectoryIsRefused() throws Exception {
        Path dir = freshDir("twice");
        try (Database db = open(dir)) {
            SpindleException e = assertThrows(SpindleException.class, () -> open(dir));
            assertEquals(ErrorCode.DATABASE_IN_USE_2, e.code());
            assertEquals("55006", e.code().sqlState());
        }
        open(dir).close();
    }
}
