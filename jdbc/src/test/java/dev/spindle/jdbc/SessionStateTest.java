package dev.spindle.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.Test;

/** {@link SessionState}: the session's transaction, as a shell's prompt shows it. */
class SessionStateTest {
    @Test
    void followsBeginFailureRollbackAndAutoCommit() throws SQLException {
        try (Connection c = DriverManager.getConnection("jdbc:spindle:mem:");
                Statement st = c.createStatement()) {
            assertTrue(c.isWrapperFor(SessionState.class));
            SessionState state = c.unwrap(SessionState.class);
            st.execute("CREATE TABLE t (k INT)");
            assertFalse(state.inTransaction());
            st.execute("BEGIN");
            assertTrue(state.inTransaction());
            assertFalse(state.transactionFailed());
            st.execute("INSERT INTO t VALUES (1)");
            assertFalse(state.transactionFailed());
            assertThrows(SQLException.class, () -> st.execute("SELECT 1 / 0"));
            assertTrue(state.inTransaction());
            assertTrue(state.transactionFailed());
            SQLException refused = assertThrows(SQLException.class, () -> st.execute("SELECT 1"));
            assertEquals("25P02", refused.getSQLState());
            st.execute("ROLLBACK");
            assertFalse(state.inTransaction());
            assertFalse(state.transactionFailed());

            c.setAutoCommit(false);
            assertFalse(state.inTransaction(), "auto-commit off opens a transaction at the first statement");
            st.execute("INSERT INTO t VALUES (2)");
            assertTrue(state.inTransaction());
            c.commit();
            assertFalse(state.inTransaction());
        }
    }
}
