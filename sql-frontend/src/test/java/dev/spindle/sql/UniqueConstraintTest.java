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

/**
 * PRIMARY KEY and UNIQUE constraints checked by key lookups: PostgreSQL's constraint names and
 * messages, NULLs, UPDATE (keys changing, swapping), DELETE and INSERT of one key, multi-row
 * statements, transactions (their own writes, and COMMIT against what others committed), DROP and
 * CREATE TABLE.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class UniqueConstraintTest {
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

    private static List<Row> query(Session s, String sql) {
        return assertInstanceOf(StatementResult.Rows.class, s.execute(sql)).rows();
    }

    private List<Row> query(String sql) {
        return query(s, sql);
    }

    private static SpindleException fails(Session s, String sql) {
        return assertThrows(SpindleException.class, () -> s.execute(sql));
    }

    /** The statement fails with a unique violation whose message is {@code message}. */
    private static void duplicate(Session s, String sql, String message) {
        SpindleException e = fails(s, sql);
        assertEquals("23505", e.sqlState(), e.getMessage());
        assertEquals(message, e.getMessage());
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
    void constraintsAreNamedAsPostgresNamesThemInMessagesAndTheCatalog(RuntimeMode mode) {
        open(mode).execute("CREATE TABLE t (id INT PRIMARY KEY, k INT UNIQUE, w INT, a INT, b TEXT, UNIQUE (w), UNIQUE (a, b))");
        s.execute("INSERT INTO t VALUES (1, 1, 1, 1, 'x y')");
        duplicate(s, "INSERT INTO t VALUES (1, 2, 2, 2, 'z')",
                "duplicate key value violates unique constraint \"t_pkey\": Key (id)=(1) already exists.");
        duplicate(s, "INSERT INTO t VALUES (2, 1, 2, 2, 'z')",
                "duplicate key value violates unique constraint \"t_k_key\": Key (k)=(1) already exists.");
        duplicate(s, "INSERT INTO t VALUES (2, 2, 1, 2, 'z')",
                "duplicate key value violates unique constraint \"t_w_key\": Key (w)=(1) already exists.");
        duplicate(s, "INSERT INTO t VALUES (2, 2, 2, 1, 'x y')",
                "duplicate key value violates unique constraint \"t_a_b_key\": Key (a, b)=(1, x y) already exists.");
        assertEquals(List.of(Row.of("t_a_b_key", "UNIQUE", "a, b"), Row.of("t_k_key", "UNIQUE", "k"),
                        Row.of("t_pkey", "PRIMARY KEY", "id"), Row.of("t_w_key", "UNIQUE", "w")),
                query("SELECT name, type, key FROM spindle_catalog.constraints WHERE table_name = 't' ORDER BY name"));
        assertEquals(rows(1L), query("SELECT count(*) FROM t"), "nothing of the failed statements was written");
    }

    @Test
    void redundantConstraintsAreDroppedGivenNamesKeptAndTakenNamesAvoidedOrRefused() {
        open(RuntimeMode.SPLIT).execute("CREATE TABLE u (a INT UNIQUE, b INT PRIMARY KEY UNIQUE, UNIQUE (a),"
                + " CONSTRAINT named UNIQUE (b, a))");
        assertEquals(List.of(Row.of("named", "b, a"), Row.of("u_a_key", "a"), Row.of("u_pkey", "b")),
                query("SELECT name, key FROM spindle_catalog.constraints WHERE table_name = 'u' ORDER BY name"));
        // constraint names live in the relations' name space, as PostgreSQL's indexes do
        assertEquals("42P07", fails(s, "CREATE TABLE u_pkey (x INT)").sqlState());
        assertEquals("42P07", fails(s, "CREATE TABLE v (x INT, CONSTRAINT named UNIQUE (x))").sqlState());
        s.execute("CREATE TABLE v_x_key (y INT)");
        s.execute("CREATE TABLE v (x INT UNIQUE)");
        assertEquals(List.of(Row.of("v_x_key1")), query("SELECT name FROM spindle_catalog.constraints WHERE table_name = 'v'"));
        assertEquals("42P16", fails(s, "CREATE TABLE w (x INT PRIMARY KEY, y INT PRIMARY KEY)").sqlState());
        assertEquals("42701", fails(s, "CREATE TABLE w (x INT, UNIQUE (x, x))").sqlState());
        assertEquals("42701", fails(s, "CREATE TABLE w (x INT, x INT)").sqlState());
        assertEquals("CREATE TABLE u (a INTEGER, b INTEGER NOT NULL, CONSTRAINT u_pkey PRIMARY KEY (b),"
                + " CONSTRAINT u_a_key UNIQUE (a), CONSTRAINT named UNIQUE (b, a))", query("SHOW CREATE TABLE u").get(0).getString(1));
    }

    @ParameterizedTest
    @EnumSource(RuntimeMode.class)
    void nullsNeverCollideUnderUniqueAndAreRefusedInAPrimaryKey(RuntimeMode mode) {
        open(mode).execute("CREATE TABLE t (k INT PRIMARY KEY, u INT UNIQUE, a INT, b INT, UNIQUE (a, b))");
        s.execute("INSERT INTO t VALUES (1, NULL, 1, NULL), (2, NULL, 1, NULL), (3, NULL, NULL, NULL)");
        s.execute("INSERT INTO t VALUES (4, NULL, 1, NULL)");
        assertEquals(rows(4L), query("SELECT count(*) FROM t"));
        assertEquals("23502", fails(s, "INSERT INTO t VALUES (NULL, 5, 5, 5)").sqlState());
        s.execute("UPDATE t SET u = 7 WHERE k = 1");
        duplicate(s, "UPDATE t SET u = 7 WHERE k = 2",
                "duplicate key value violates unique constraint \"t_u_key\": Key (u)=(7) already exists.");
    }

    @ParameterizedTest
    @EnumSource(RuntimeMode.class)
    void aDuplicateWithinOneStatementWritesNothing(RuntimeMode mode) {
        open(mode).execute("CREATE TABLE t (k INT PRIMARY KEY, v INT)");
        s.execute("INSERT INTO t VALUES (1, 1)");
        duplicate(s, "INSERT INTO t VALUES (2, 2), (3, 3), (2, 4)",
                "duplicate key value violates unique constraint \"t_pkey\": Key (k)=(2) already exists.");
        duplicate(s, "INSERT INTO t SELECT k + 1, v FROM t UNION ALL SELECT 2, 0",
                "duplicate key value violates unique constraint \"t_pkey\": Key (k)=(2) already exists.");
        assertEquals(List.of(Row.of(1L, 1L)), query("SELECT * FROM t"));
        Prepared ins = s.prepare("INSERT INTO t VALUES (?, ?)");
        SpindleException e = assertThrows(SpindleException.class,
                () -> s.executeBatch(ins, List.of(List.of(5, 5), List.of(6, 6), List.of(5, 7))));
        assertEquals("23505", e.sqlState());
        assertEquals(rows(1L), query("SELECT count(*) FROM t"), "the batch is one append: none of it");
    }

    @ParameterizedTest
    @EnumSource(RuntimeMode.class)
    void updatesMayMoveAndSwapKeysButNotCollide(RuntimeMode mode) {
        open(mode).execute("CREATE TABLE t (k INT PRIMARY KEY, u INT UNIQUE, v INT)");
        s.execute("INSERT INTO t VALUES (1, 10, 0), (2, 20, 0), (3, 30, 0)");
        s.execute("UPDATE t SET v = v + 1"); // keys unchanged
        s.execute("UPDATE t SET k = 4 - k WHERE k <> 2"); // 1 and 3 swap their keys
        s.execute("UPDATE t SET k = k + 1"); // every key moves onto another's old key (PostgreSQL checks row by row and fails)
        assertEquals(List.of(Row.of(2L, 30L), Row.of(3L, 20L), Row.of(4L, 10L)), query("SELECT k, u FROM t ORDER BY k"));
        duplicate(s, "UPDATE t SET u = 5",
                "duplicate key value violates unique constraint \"t_u_key\": Key (u)=(5) already exists.");
        duplicate(s, "UPDATE t SET k = 2 WHERE k = 3",
                "duplicate key value violates unique constraint \"t_pkey\": Key (k)=(2) already exists.");
        s.execute("UPDATE t SET u = u / 10");
        assertEquals(List.of(Row.of(2L, 3L), Row.of(3L, 2L), Row.of(4L, 1L)), query("SELECT k, u FROM t ORDER BY k"));
    }

    @ParameterizedTest
    @EnumSource(RuntimeMode.class)
    void aDeletedKeyIsFreeAgain(RuntimeMode mode) {
        open(mode).execute("CREATE TABLE t (k INT PRIMARY KEY, v TEXT)");
        s.execute("INSERT INTO t VALUES (1, 'a'), (2, 'b')");
        s.execute("DELETE FROM t WHERE k = 1");
        s.execute("INSERT INTO t VALUES (1, 'again')");
        s.execute("DELETE FROM t");
        s.execute("INSERT INTO t VALUES (1, 'x'), (2, 'y')");
        assertEquals(List.of(Row.of(1L, "x"), Row.of(2L, "y")), query("SELECT * FROM t ORDER BY k"));
        s.execute("BEGIN");
        s.execute("DELETE FROM t WHERE k = 2");
        s.execute("INSERT INTO t VALUES (2, 'z')");
        assertEquals("23505", fails(s, "INSERT INTO t VALUES (2, 'w')").sqlState(), "its own insert takes the key");
        s.execute("ROLLBACK");
        s.execute("BEGIN");
        s.execute("DELETE FROM t WHERE k = 2");
        s.execute("INSERT INTO t VALUES (2, 'z')");
        s.execute("COMMIT");
        assertEquals(List.of(Row.of(1L, "x"), Row.of(2L, "z")), query("SELECT * FROM t ORDER BY k"));
    }

    @ParameterizedTest
    @EnumSource(RuntimeMode.class)
    void commitChecksAgainstWhatOthersCommittedMeanwhile(RuntimeMode mode) {
        open(mode).execute("CREATE TABLE t (k INT PRIMARY KEY)");
        Session b = db.session();
        s.execute("BEGIN");
        s.execute("INSERT INTO t VALUES (1), (2)");
        b.execute("BEGIN");
        b.execute("INSERT INTO t VALUES (3)");
        b.execute("COMMIT"); // a blind insert of another key: no conflict
        b.execute("INSERT INTO t VALUES (2)"); // autocommit: the first transaction has not committed 2
        SpindleException e = fails(s, "COMMIT");
        assertEquals("duplicate key value violates unique constraint \"t_pkey\": Key (k)=(2) already exists.", e.getMessage());
        assertFalse(s.inTransaction());
        assertEquals(rows(2L, 3L), query("SELECT k FROM t ORDER BY k"), "nothing of the transaction was written");
        s.execute("BEGIN");
        assertEquals("23505", fails(s, "INSERT INTO t VALUES (3)").sqlState(), "checked against the committed keys at once");
        s.execute("ROLLBACK");
        s.execute("BEGIN");
        s.execute("INSERT INTO t VALUES (4)");
        b.execute("BEGIN");
        b.execute("INSERT INTO t VALUES (4)");
        s.execute("COMMIT");
        assertEquals("23505", fails(b, "COMMIT").sqlState(), "the second of two transactions inserting one key");
        assertEquals(rows(2L, 3L, 4L), query("SELECT k FROM t ORDER BY k"));
    }

    @ParameterizedTest
    @EnumSource(RuntimeMode.class)
    void aTableDroppedAndCreatedAgainStartsWithoutKeys(RuntimeMode mode) {
        open(mode).execute("CREATE TABLE t (k INT PRIMARY KEY)");
        s.execute("INSERT INTO t VALUES (1)");
        s.execute("DROP TABLE t");
        s.execute("CREATE TABLE t (k INT, v INT, UNIQUE (v))");
        s.execute("INSERT INTO t VALUES (1, 1), (1, 2)");
        duplicate(s, "INSERT INTO t VALUES (2, 1)",
                "duplicate key value violates unique constraint \"t_v_key\": Key (v)=(1) already exists.");
        s.execute("CREATE TABLE t2 (k INT PRIMARY KEY)");
        s.execute("INSERT INTO t2 VALUES (1)");
        assertEquals(rows(1L), query("SELECT k FROM t2"), "another table's keys are its own");
    }

    @Test
    void keyCountsFollowTheTableAndLetGoOfDeletedKeys() {
        open(RuntimeMode.SOLO).execute("CREATE TABLE t (k INT PRIMARY KEY, v INT)");
        Prepared ins = s.prepare("INSERT INTO t VALUES (?, ?)");
        List<List<Object>> batch = new ArrayList<>();
        for (int i = 0; i < 1000; i++) {
            batch.add(List.of(i, i));
        }
        s.executeBatch(ins, batch);
        var coord = db.coordinator();
        var id = coord.catalog().byName("t").orElseThrow().id();
        synchronized (coord.writeLock()) {
            assertEquals(1000, coord.uniqueKeys().rules(id).get(0).size());
        }
        s.execute("DELETE FROM t WHERE k >= 10");
        s.execute("UPDATE t SET k = k + 100");
        synchronized (coord.writeLock()) {
            var rule = coord.uniqueKeys().rules(id).get(0);
            assertEquals(10, rule.size());
            assertEquals(1, rule.count(Row.of(105)));
            assertEquals(0, rule.count(Row.of(5)));
        }
        s.execute("DROP TABLE t");
        synchronized (coord.writeLock()) {
            assertTrue(coord.uniqueKeys().rules(id).isEmpty());
        }
    }
}
