package dev.spindle.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spindle.common.error.SpindleException;
import dev.spindle.common.row.Row;
import dev.spindle.compute.controller.RuntimeMode;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The catalog relations ({@code spindle_catalog}) and the introspection relations
 * ({@code spindle_introspection}) through SQL: time-consistent with DDL, joinable, refreshed by the
 * reads that touch them, read-only.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class SystemRelationsTest {
    private Database db;
    private Session s;

    private Session open(RuntimeMode mode) {
        db = Database.open(mode, 2);
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

    private String sqlState(String sql) {
        return assertThrows(SpindleException.class, () -> s.execute(sql), sql).sqlState();
    }

    private long now() {
        return db.coordinator().oracle().readTimestamp();
    }

    private static final String SIZES_BY_INDEX = "SELECT i.name, CAST(SUM(s.records) AS BIGINT) FROM spindle_catalog.indexes i"
            + " JOIN spindle_introspection.arrangement_sizes s ON s.export_id = i.id"
            + " WHERE i.on_name = 't' GROUP BY i.name ORDER BY i.name";

    @ParameterizedTest
    @EnumSource(RuntimeMode.class)
    void aSecondIndexOnTheSameKeyAddsNoArrangementRecordsAndWarns(RuntimeMode mode) {
        open(mode).execute("CREATE TABLE t (k INTEGER, v TEXT)");
        s.execute("INSERT INTO t VALUES (1, 'a'), (2, 'b'), (2, 'c'), (3, 'd'), (4, 'e')");
        assertEquals(List.of(), assertInstanceOf(StatementResult.Done.class, s.execute("CREATE INDEX i1 ON t (k)")).warnings());
        List<String> warnings = assertInstanceOf(StatementResult.Done.class, s.execute("CREATE INDEX i2 ON t (k)")).warnings();
        assertEquals(1, warnings.size(), warnings.toString());
        assertTrue(warnings.get(0).contains("identical to i1"), warnings.get(0));
        assertEquals(List.of(Row.of("i1", 5L), Row.of("i2", 0L)), query(SIZES_BY_INDEX), "the table's rows once, in i1");
        assertEquals(List.of(Row.of("i1", null), Row.of("i2", "i1")),
                query("SELECT name, reexport_of FROM spindle_catalog.indexes WHERE on_name = 't' ORDER BY name"));
        assertEquals(List.of(Row.of("i2", 0L, 0L)), query("SELECT i.name, s.records, s.size_bytes"
                + " FROM spindle_introspection.arrangement_sizes_total s JOIN spindle_catalog.indexes i ON i.id = s.export_id"
                + " WHERE i.reexport_of IS NOT NULL"));

        s.execute("INSERT INTO t VALUES (5, 'f')");
        assertEquals(List.of(Row.of("i1", 6L), Row.of("i2", 0L)), query(SIZES_BY_INDEX), "current: refreshed by the read");
        s.execute("DROP INDEX i1");
        assertEquals(List.of(Row.of("i2", 0L)), query(SIZES_BY_INDEX), "i2 serves from i1's arrangement, still owning none");
        assertEquals(List.of(Row.of("i2", true, null)), query("SELECT name, reexport_of_id IS NOT NULL, reexport_of"
                + " FROM spindle_catalog.indexes WHERE on_name = 't'"), "still a re-export; its original's name is gone");
    }

    @ParameterizedTest
    @EnumSource(RuntimeMode.class)
    void catalogRelationsChangeAtomicallyWithDdlAndReadAsOf(RuntimeMode mode) {
        open(mode);
        long empty = now();
        s.execute("CREATE TABLE t (k INTEGER NOT NULL, v VARCHAR(3))");
        s.execute("CREATE VIEW w AS SELECT k FROM t WHERE k > 1");
        s.execute("CREATE INDEX w_k ON w (k)");
        long created = now();
        assertEquals(List.of(Row.of("t")), query("SELECT name FROM spindle_catalog.tables WHERE schema_name = 'public'"));
        assertEquals(List.of(Row.of("t", 1L, "k", "integer", false), Row.of("t", 2L, "v", "varchar(3)", true),
                        Row.of("w", 1L, "k", "integer", false)),
                query("SELECT relation, ordinal_position, name, type, nullable FROM spindle_catalog.columns"
                        + " WHERE schema_name = 'public' ORDER BY relation, ordinal_position"));
        assertEquals(List.of(Row.of("w")), query("SELECT name FROM spindle_catalog.views WHERE schema_name = 'public'"));
        assertEquals(List.of(Row.of("w_k", "w", "k")),
                query("SELECT i.name, v.name, i.key FROM spindle_catalog.indexes i JOIN spindle_catalog.views v ON v.id = i.on_id"
                        + " WHERE v.schema_name = 'public'"));

        long beforeDrop = now();
        s.execute("DROP TABLE t CASCADE");
        long dropped = now();
        assertTrue(dropped > beforeDrop, "the drop committed at a new timestamp");
        String objects = "SELECT name FROM spindle_catalog.tables WHERE schema_name = 'public' UNION ALL"
                + " SELECT name FROM spindle_catalog.views WHERE schema_name = 'public' UNION ALL"
                + " SELECT name FROM spindle_catalog.indexes WHERE schema_name = 'public' UNION ALL"
                + " SELECT name FROM spindle_catalog.columns WHERE schema_name = 'public'";
        assertEquals(List.of(), query(objects));
        // one commit took the table, the view, the index and their columns: before it all, after it none
        assertEquals(List.of(Row.of("k"), Row.of("k"), Row.of("t"), Row.of("v"), Row.of("w"), Row.of("w_k")),
                query(objects + " ORDER BY 1 AS OF " + (dropped - 1)));
        assertEquals(List.of(Row.of("t")), query("SELECT name FROM spindle_catalog.tables WHERE schema_name = 'public' AS OF "
                + created));
        assertEquals(List.of(), query("SELECT name FROM spindle_catalog.tables WHERE schema_name = 'public' AS OF " + empty));
    }

    @Test
    void writesToSystemRelationsAreRefused() {
        open(RuntimeMode.SPLIT).execute("CREATE TABLE t (k INTEGER)");
        List<Row> before = query("SELECT * FROM spindle_catalog.tables");
        for (String sql : List.of(
                "INSERT INTO spindle_catalog.tables VALUES ('u99', 'public', 'x')",
                "UPDATE spindle_catalog.tables SET name = 'x'",
                "DELETE FROM spindle_catalog.tables",
                "INSERT INTO spindle_introspection.dataflows VALUES (1, 'x', 0, 'running', NULL)",
                "DROP TABLE spindle_catalog.tables",
                "DROP INDEX spindle_introspection.dataflows_id_idx",
                "DROP VIEW spindle_introspection.arrangement_sizes_total",
                "CREATE TABLE spindle_catalog.mine (a INTEGER)",
                "CREATE VIEW spindle_introspection.mine AS SELECT 1")) {
            assertEquals("42501", sqlState(sql));
        }
        assertEquals("3F000", sqlState("CREATE TABLE nope.t (a INTEGER)"));
        assertEquals("3F000", sqlState("SHOW TABLES FROM nope"));
        assertEquals("42P01", sqlState("INSERT INTO \"spindle_catalog.tables\" VALUES ('u99', 'public', 'x')"),
                "a quoted dotted name is a user's name");
        assertEquals(before, query("SELECT * FROM spindle_catalog.tables"), "nothing changed");
    }

    @Test
    void systemRelationsLeaveTheUsersNamesFree() {
        open(RuntimeMode.SPLIT);
        assertEquals("42P01", sqlState("SELECT * FROM tables"), "not found unqualified");
        s.execute("CREATE TABLE tables (a INTEGER)");
        s.execute("CREATE TABLE dataflows (a INTEGER)");
        s.execute("INSERT INTO tables VALUES (7)");
        assertEquals(List.of(Row.of(7L)), query("SELECT a FROM tables"));
        assertEquals(List.of(Row.of(7L)), query("SELECT a FROM public.tables"));
        assertEquals(List.of(Row.of("public"), Row.of("spindle_catalog")),
                query("SELECT schema_name FROM spindle_catalog.tables WHERE name = 'tables' ORDER BY 1"));
        assertEquals(List.of(Row.of("dataflows"), Row.of("tables")), query("SHOW TABLES"));
        assertEquals(List.of(Row.of("columns"), Row.of("constraints"), Row.of("indexes"), Row.of("tables"), Row.of("views")),
                query("SHOW TABLES FROM spindle_catalog"));
        assertEquals(List.of(Row.of("arrangement_sizes_total")), query("SHOW VIEWS FROM spindle_introspection"));
        assertEquals(3, query("SHOW COLUMNS FROM spindle_catalog.tables").size());
    }

    @ParameterizedTest
    @EnumSource(RuntimeMode.class)
    void introspectionRelationsAreCurrentAndJoinWithTheCatalog(RuntimeMode mode) {
        open(mode).execute("CREATE TABLE t (k INTEGER)");
        s.execute("INSERT INTO t VALUES (0), (1), (2)");
        s.execute("CREATE VIEW inv AS SELECT 10 / k AS x FROM t");
        s.execute("CREATE INDEX inv_x ON inv (x)");
        assertEquals(List.of(Row.of("inv_x", 1L)), query("SELECT i.name, e.\"count\" FROM spindle_introspection.compute_error_counts e"
                + " JOIN spindle_catalog.indexes i ON i.id = e.export_id"));
        assertEquals(List.of(Row.of("index inv_x", "running")),
                query("SELECT name, status FROM spindle_introspection.dataflows WHERE name LIKE 'index %'"));
        assertTrue(query("SELECT CAST(SUM(\"count\") AS BIGINT) FROM spindle_introspection.peek_durations").get(0).getLong(0) > 0);
        List<Row> points = query("SELECT p.worker_id, p.backed FROM spindle_introspection.publication_points p"
                + " JOIN spindle_catalog.indexes i ON i.id = p.id WHERE i.name = 'inv_x' ORDER BY 1");
        assertEquals(mode == RuntimeMode.SPLIT ? List.of(Row.of(0L, true), Row.of(1L, true)) : List.of(), points,
                "published by maintenance on every worker ordinal, only when split");
        String plan = query("EXPLAIN SELECT name FROM spindle_introspection.dataflows WHERE id = 1").toString();
        assertTrue(plan.contains("Fast path") && plan.contains("dataflows_id_idx"), plan);
        s.execute("DELETE FROM t WHERE k = 0");
        assertEquals(List.of(Row.of(0L)), query("SELECT e.\"count\" FROM spindle_introspection.compute_error_counts e"
                + " JOIN spindle_catalog.indexes i ON i.id = e.export_id WHERE i.name = 'inv_x'"));
    }

    @Test
    void introspectionReadsRunAlongsideWritesAndDdlOfOtherSessions() throws Exception {
        open(RuntimeMode.SPLIT).execute("CREATE TABLE t (k INTEGER)");
        s.execute("CREATE INDEX t_k ON t (k)");
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(2);
        try {
            java.util.concurrent.Future<?> writer = pool.submit(() -> {
                Session w = db.session();
                for (int i = 0; i < 40; i++) {
                    w.execute("INSERT INTO t VALUES (" + i + ")");
                    if (i % 10 == 0) {
                        w.execute("CREATE VIEW v" + i + " AS SELECT k FROM t");
                    }
                }
                return null;
            });
            java.util.concurrent.Future<?> reader = pool.submit(() -> {
                Session r = db.session();
                for (int i = 0; i < 20; i++) {
                    List<Row> rows = assertInstanceOf(StatementResult.Rows.class, r.execute(
                            "SELECT CAST(SUM(s.records) AS BIGINT) FROM spindle_introspection.arrangement_sizes s"
                            + " JOIN spindle_catalog.indexes i ON i.id = s.export_id WHERE i.name = 't_k'")).rows();
                    assertEquals(1, rows.size());
                }
                return null;
            });
            writer.get(60, TimeUnit.SECONDS);
            reader.get(60, TimeUnit.SECONDS);
        } finally {
            pool.shutdownNow();
        }
        assertEquals(List.of(Row.of(40L)), query("SELECT CAST(SUM(s.records) AS BIGINT) FROM spindle_introspection.arrangement_sizes s"
                + " JOIN spindle_catalog.indexes i ON i.id = s.export_id WHERE i.name = 't_k'"));
        assertEquals(4, query("SELECT name FROM spindle_catalog.views WHERE schema_name = 'public'").size());
    }

    @Test
    void viewsAndIndexesOverSystemRelations() {
        open(RuntimeMode.SPLIT).execute("CREATE VIEW mine AS SELECT name FROM spindle_catalog.tables WHERE schema_name = 'public'");
        s.execute("CREATE INDEX tables_by_name ON spindle_catalog.tables (name)");
        s.execute("CREATE TABLE a (x INTEGER)");
        assertEquals(List.of(Row.of("a")), query("SELECT * FROM mine"));
        String plan = query("EXPLAIN SELECT id FROM spindle_catalog.tables WHERE name = 'a'").toString();
        assertTrue(plan.contains("Fast path") && plan.contains("tables_by_name"), plan);
        s.execute("CREATE TABLE b (x INTEGER)");
        assertEquals(1, query("SELECT id FROM spindle_catalog.tables WHERE name = 'b'").size(), "the index follows the catalog");
        assertEquals(List.of(Row.of("tables_by_name", "spindle_catalog.tables")),
                query("SELECT name, on_name FROM spindle_catalog.indexes WHERE schema_name = 'public'"));
        List<String> w = assertInstanceOf(StatementResult.Done.class,
                s.execute("CREATE INDEX flows ON spindle_introspection.dataflows (id)")).warnings();
        assertTrue(w.get(0).contains("identical to spindle_introspection.dataflows_id_idx"), w.toString());
        assertEquals(List.of(Row.of("index tables_by_name")), query("SELECT name FROM spindle_introspection.dataflows"
                + " WHERE name = 'index tables_by_name'"));
        assertFalse(query("SELECT * FROM spindle_introspection.dataflows WHERE id >= 0").isEmpty());
    }
}
