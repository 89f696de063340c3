package dev.spindle.sqllogictest.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spindle.sqllogictest.engine.KnownEngines;
import dev.spindle.sqllogictest.engine.StatementMethod;
import dev.spindle.sqllogictest.format.ResultType;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import org.junit.jupiter.api.Test;

class JdbcSessionTest {

    @Test
    void queriesRenderByDeclaredType() throws SQLException {
        try (JdbcSession h2 = new JdbcSession(KnownEngines.H2.open(9001), StatementMethod.EXECUTE, 5)) {
            Observed rows = h2.query("SELECT 7 / 2, CAST(2.5 AS DOUBLE PRECISION), 'x', NULL", List.of(
                    ResultType.INTEGER, ResultType.REAL, ResultType.TEXT, ResultType.INTEGER));
            assertEquals(new Observed.Rows(4, List.of("3", "2.500", "x", "NULL")), rows);
        }
    }

    @Test
    void extraColumnsAreRenderedAsText() throws SQLException {
        try (JdbcSession sqlite = new JdbcSession(KnownEngines.SQLITE.open(1), StatementMethod.EXECUTE_UPDATE, 0)) {
            assertEquals(new Observed.Rows(2, List.of("1", "a")),
                    sqlite.query("SELECT 1, 'a'", List.of(ResultType.INTEGER)));
        }
    }

    @Test
    void statementsReportTheirUpdateCount() throws SQLException {
        try (JdbcSession h2 = new JdbcSession(KnownEngines.H2.open(9002), StatementMethod.EXECUTE, 0)) {
            h2.execute("CREATE TABLE t(a INTEGER)");
            assertEquals(new Observed.Done(2), h2.execute("INSERT INTO t VALUES(1),(2)"));
            assertEquals(new Observed.Done(-1), h2.execute("SELECT * FROM t"));
            assertInstanceOf(Observed.Failed.class, h2.execute("SELECT * FROM nosuch"));
        }
    }

    @Test
    void runtimeExceptionsOfTheDriverBecomeFailures() throws SQLException {
        Connection broken = (Connection) Proxy.newProxyInstance(getClass().getClassLoader(),
                new Class<?>[] {Connection.class}, (proxy, method, args) -> {
                    if (method.getName().equals("close")) {
                        return null;
                    }
                    throw new UnsupportedOperationException("not yet");
                });
        try (JdbcSession session = new JdbcSession(broken, StatementMethod.EXECUTE, 0)) {
            Observed observed = session.execute("SELECT 1");
            Observed.Failed failed = assertInstanceOf(Observed.Failed.class, observed);
            assertTrue(failed.message().contains("UnsupportedOperationException: not yet"), failed.message());
            assertInstanceOf(Observed.Failed.class, session.query("SELECT 1", List.of(ResultType.INTEGER)));
        }
    }
}
