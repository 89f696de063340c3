package dev.spindle.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.spindle.common.row.Row;
import dev.spindle.compute.controller.RuntimeMode;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A read sent again as the same text runs from the fast-path plan kept for that text (not parsed
 * or planned again), and still answers as a fresh plan would: new data, a changed catalog, a
 * transaction's own writes.
 */
class KnownReadTest {
    private static final String READ = "SELECT v FROM t WHERE k = 1";
    private Database db;
    private Session s;

    @BeforeEach
    void open() {
        db = Database.open(RuntimeMode.SPLIT, 1);
        s = db.session();
        s.execute("CREATE TABLE t (k INT, v INT)");
        s.execute("CREATE INDEX t_k ON t (k)");
        s.execute("INSERT INTO t VALUES (1, 10), (2, 20)");
    }

    @AfterEach
    void close() {
        db.close();
    }

    private List<Row> rows(String sql) {
        return ((StatementResult.Rows) s.execute(sql)).rows();
    }

    private Object known() {
        return db.coordinator().shapes().planOfText(db.coordinator().catalog(), READ);
    }

    @Test
    void aKnownReadSeesNewData() {
        assertEquals(List.of(Row.of(10L)), rows(READ));
        assertNotNull(known(), "the text's plan is kept");
        s.execute("INSERT INTO t VALUES (1, 11)");
        assertEquals(List.of(Row.of(10L), Row.of(11L)), rows(READ).stream().sorted().toList());
    }

    @Test
    void aChangedCatalogPlansAgain() {
        rows(READ);
        s.execute("DROP INDEX t_k");
        assertNull(known(), "not kept over the new catalog");
        assertEquals(List.of(Row.of(10L)), rows(READ));
        org.junit.jupiter.api.Assertions.assertFalse(((StatementResult.Rows) s.execute("EXPLAIN " + READ)).rows().toString()
                .contains("t_k"), "the dropped index is not read");
    }

    @Test
    void aTransactionReadsItsOwnWrites() {
        rows(READ);
        s.execute("BEGIN");
        s.execute("INSERT INTO t VALUES (1, 12)");
        assertEquals(List.of(Row.of(10L), Row.of(12L)), rows(READ).stream().sorted().toList());
        s.execute("ROLLBACK");
        assertEquals(List.of(Row.of(10L)), rows(READ));
    }
}
