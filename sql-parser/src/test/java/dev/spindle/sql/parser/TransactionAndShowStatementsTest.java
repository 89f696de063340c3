package dev.spindle.sql.parser;

import static dev.spindle.sql.parser.DdlStatementsTest.assertSyntaxError;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.spindle.sql.parser.show.ShowCreateTarget;
import dev.spindle.sql.parser.show.SqlShowColumns;
import dev.spindle.sql.parser.show.SqlShowCreate;
import dev.spindle.sql.parser.show.SqlShowIndexes;
import dev.spindle.sql.parser.show.SqlShowTables;
import dev.spindle.sql.parser.show.SqlShowViews;
import dev.spindle.sql.parser.txn.SqlBegin;
import dev.spindle.sql.parser.txn.SqlCommit;
import dev.spindle.sql.parser.txn.SqlRollback;
import java.util.List;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

/** BEGIN / START TRANSACTION / COMMIT / ROLLBACK and the SHOW statements. */
class TransactionAndShowStatementsTest {

    @ParameterizedTest
    @CsvSource({
        "begin, SqlBegin, BEGIN",
        "BEGIN WORK, SqlBegin, BEGIN",
        "begin transaction, SqlBegin, BEGIN",
        "start transaction, SqlBegin, BEGIN",
        "commit, SqlCommit, COMMIT",
        "commit work, SqlCommit, COMMIT",
        "COMMIT TRANSACTION, SqlCommit, COMMIT",
        "rollback, SqlRollback, ROLLBACK",
        "rollback work, SqlRollback, ROLLBACK",
        "rollback transaction, SqlRollback, ROLLBACK",
        "checkpoint, SqlCheckpoint, CHECKPOINT",
        "CHECKPOINT, SqlCheckpoint, CHECKPOINT",
    })
    void transactionStatements(String sql, String node, String unparsed) {
        SqlNode n = RoundTrip.check(sql);
        assertEquals(node, n.getClass().getSimpleName());
        assertEquals(unparsed, SpindleParser.unparse(n));
    }

    @Test
    void checkpointIsNotReserved() {
        RoundTrip.check("SELECT checkpoint FROM checkpoint");
        RoundTrip.check("CREATE TABLE checkpoint (checkpoint INT)");
    }

    @Test
    void transactionKinds() {
        assertEquals(SqlKind.OTHER, RoundTrip.check("begin", SqlBegin.class).getKind());
        assertEquals(SqlKind.COMMIT, RoundTrip.check("commit", SqlCommit.class).getKind());
        assertEquals(SqlKind.ROLLBACK, RoundTrip.check("rollback", SqlRollback.class).getKind());
        assertSyntaxError("start", 1, "syntax error at or near \"start\"");
        assertSyntaxError("commit now", 8, "syntax error at or near \"now\"");
    }

    @Test
    void showTablesAndViews() {
        assertNull(RoundTrip.check("show tables", SqlShowTables.class).schema());
        assertEquals(List.of("s"), RoundTrip.check("SHOW TABLES FROM s", SqlShowTables.class).schema().names);
        assertNull(RoundTrip.check("show views", SqlShowViews.class).schema());
        assertEquals(List.of("c", "s"), RoundTrip.check("show views from c.s", SqlShowViews.class).schema().names);
    }

    @Test
    void showIndexes() {
        SqlShowIndexes all = RoundTrip.check("show indexes", SqlShowIndexes.class);
        assertNull(all.on());
        assertNull(all.schema());
        assertEquals(List.of("t"), RoundTrip.check("show indexes on t", SqlShowIndexes.class).on().names);
        assertEquals(List.of("s"), RoundTrip.check("show indexes from s", SqlShowIndexes.class).schema().names);
        assertSyntaxError("show indexes on t from s", 19, "syntax error at or near \"from\"");
    }

    @Test
    void showColumnsAndShowCreate() {
        assertEquals(List.of("s", "t"), RoundTrip.check("show columns from s.t", SqlShowColumns.class).from().names);
        SqlShowCreate t = RoundTrip.check("show create table t", SqlShowCreate.class);
        assertEquals(ShowCreateTarget.TABLE, t.target());
        assertEquals(ShowCreateTarget.VIEW, RoundTrip.check("show create view v", SqlShowCreate.class).target());
        SqlShowCreate i = RoundTrip.check("SHOW CREATE INDEX s.i", SqlShowCreate.class);
        assertEquals(ShowCreateTarget.INDEX, i.target());
        assertEquals(List.of("s", "i"), i.name().names);
        assertEquals("SHOW CREATE INDEX \"s\".\"i\"", SpindleParser.unparse(i));
        assertSyntaxError("show columns t", 14, "syntax error at or near \"t\"");
        assertSyntaxError("show create schema s", 13, "syntax error at or near \"schema\"");
    }
}
