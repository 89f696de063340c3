package dev.spindle.jdbc;

import dev.spindle.common.error.SpindleException;
import java.io.InputStream;
import java.io.Reader;
import java.sql.BatchUpdateException;
import java.sql.NClob;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.RowId;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.SQLWarning;
import java.sql.SQLXML;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.TimeZone;
import org.apache.calcite.avatica.AvaticaClientRuntimeException;
import org.apache.calcite.avatica.AvaticaConnection;
import org.apache.calcite.avatica.AvaticaFactory;
import org.apache.calcite.avatica.AvaticaPreparedStatement;
import org.apache.calcite.avatica.AvaticaResultSet;
import org.apache.calcite.avatica.AvaticaResultSetMetaData;
import org.apache.calcite.avatica.AvaticaSpecificDatabaseMetaData;
import org.apache.calcite.avatica.AvaticaStatement;
import org.apache.calcite.avatica.Meta;
import org.apache.calcite.avatica.QueryState;
import org.apache.calcite.avatica.UnregisteredDriver;

/**
 * Avatica's JDBC 4.1 objects with Spindle's differences: statements report the warnings of their
 * last execution ({@code StatementResult.warnings()}) as {@link SQLWarning}s; connections run
 * their transactions on the Spindle session.
 */
final class SpindleFactory implements AvaticaFactory {
    @Override
    public int getJdbcMajorVersion() {
        return 4;
    }

    @Override
    public int getJdbcMinorVersion() {
        return 1;
    }

    @Override
    public AvaticaConnection newConnection(UnregisteredDriver driver, AvaticaFactory factory, String url,
            Properties info) {
        return new SpindleConnection(driver, factory, url, info);
    }

    @Override
    public AvaticaStatement newStatement(AvaticaConnection connection, Meta.StatementHandle h,
            int resultSetType, int resultSetConcurrency, int resultSetHoldability) {
        return new SpindleStatement(connection, h, resultSetType, resultSetConcurrency, resultSetHoldability);
    }

    @Override
    public AvaticaPreparedStatement newPreparedStatement(AvaticaConnection connection, Meta.StatementHandle h,
            Meta.Signature signature, int resultSetType, int resultSetConcurrency, int resultSetHoldability)
            throws SQLException {
        return new SpindlePreparedStatement(connection, h, signature, resultSetType, resultSetConcurrency,
                resultSetHoldability);
    }

    @Override
    public AvaticaResultSet newResultSet(AvaticaStatement statement, QueryState state, Meta.Signature signature,
            TimeZone timeZone, Meta.Frame firstFrame) throws SQLException {
        return new AvaticaResultSet(statement, state, signature, newResultSetMetaData(statement, signature),
                timeZone, firstFrame);
    }

    @Override
    public AvaticaSpecificDatabaseMetaData newDatabaseMetaData(AvaticaConnection connection) {
        return new SpindleDatabaseMetaData(connection);
    }

    @Override
    public ResultSetMetaData newResultSetMetaData(AvaticaStatement statement, Meta.Signature signature) {
        return new AvaticaResultSetMetaData(statement, null, signature);
    }

    /** The warnings of statement {@code h}'s last execution, chained; null if none. */
    static SQLWarning warnings(AvaticaConnection connection, Meta.StatementHandle h) {
        List<String> messages = ((SpindleConnection) connection).meta().warnings(h.id);
        SQLWarning first = null;
        for (String m : messages) {
            SQLWarning w = new SQLWarning(m, "01000");
            if (first == null) {
                first = w;
            } else {
                first.setNextWarning(w);
            }
        }
        return first;
    }

    /**
     * A batch that failed (Avatica lets the {@code Meta}'s exception escape unchecked from
     * batches): its SQLSTATE and code; the statements before the failing one have committed.
     */
    static BatchUpdateException batchFailure(AvaticaClientRuntimeException e) {
        return new BatchUpdateException(e.getMessage(), e.getSqlState(), e.getErrorCode(), new long[0], e);
    }

    /**
     * The last line of defence at the JDBC boundary: an {@link Error} that got past the session
     * (which turns the ones it meets into {@code SpindleException}s) becomes an
     * {@link SQLException} with a SQLSTATE instead of escaping into the application: a stack
     * overflow is 54001, running out of memory 53200, anything else XX000.
     */
    static SQLException errorToSql(Error e) {
        return new SpindleSQLException(SpindleMeta.toSpindle(e));
    }

    /**
     * What the application gets for {@code e}, which Avatica made from the Meta's failure on this
     * thread: a {@link SpindleSQLException} from the Spindle error itself (its own message and
     * position, not Avatica's rewording), else {@code e} unchanged.
     */
    static SQLException clean(SQLException e) {
        SpindleException last = SpindleMeta.LAST_ERROR.get();
        SpindleMeta.LAST_ERROR.remove();
        if (last == null || e instanceof SpindleSQLException || !last.sqlState().equals(e.getSQLState())) {
            return e;
        }
        return new SpindleSQLException(last);
    }

    /** A JDBC call that may throw. */
    @FunctionalInterface
    interface SqlCall<T> {
        T call() throws SQLException;
    }

    /**
     * Runs {@code body}, a statement's execution through Avatica: what fails reaches the
     * application as {@link #clean} makes it, an {@link Error} as {@link #errorToSql}.
     */
    static <T> T guarded(SqlCall<T> body) throws SQLException {
        SpindleMeta.LAST_ERROR.remove();
        try {
            return body.call();
        } catch (SQLException e) {
            throw clean(e);
        } catch (Error e) {
            throw errorToSql(e);
        }
    }

    /**
     * A connection: auto-commit by default; with auto-commit off, the first statement after a
     * commit or rollback opens a transaction on the session (see {@link SpindleMeta#autoCommit}).
     */
    static final class SpindleConnection extends AvaticaConnection implements ProgressReporting, SessionState {
        private volatile java.util.TimeZone timeZone;

        private volatile org.apache.calcite.avatica.ConnectionConfig config;

        SpindleConnection(UnregisteredDriver driver, AvaticaFactory factory, String url, Properties info) {
            super(driver, factory, url, info);
        }

        /**
         * The connection's configuration, made once: Avatica makes it anew, and parses the fetch
         * size out of the properties again, for every statement created (a percent of a short
         * query's time). The properties do not change after connecting (client info is refused).
         */
        @Override
        public org.apache.calcite.avatica.ConnectionConfig config() {
            org.apache.calcite.avatica.ConnectionConfig c = config;
            if (c == null) {
                c = new FixedConfig(info);
                config = c;
            }
            return c;
        }

        /** A configuration whose fetch size, read per statement, is parsed once. */
        private static final class FixedConfig extends org.apache.calcite.avatica.ConnectionConfigImpl {
            private final int fetchSize;

            FixedConfig(Properties info) {
                super(info);
                this.fetchSize = super.fetchSize();
            }

            @Override
            public int fetchSize() {
                return fetchSize;
            }
        }

        /**
         * The connection's time zone, as Avatica resolves it from the connection's properties (the
         * JVM's default when none is set), resolved once: Avatica parses its configuration again
         * on every query otherwise, a measurable share of a point lookup.
         */
        @Override
        public java.util.TimeZone getTimeZone() {
            java.util.TimeZone z = timeZone;
            if (z == null) {
                z = super.getTimeZone();
                timeZone = z;
            }
            return z;
        }

        SpindleMeta meta() {
            return (SpindleMeta) meta;
        }

        @Override
        public java.util.Optional<dev.spindle.sql.Progress> progress() {
            return meta().progress();
        }

        @Override
        public boolean inTransaction() {
            return meta().inTransaction();
        }

        @Override
        public boolean transactionFailed() {
            return meta().transactionFailed();
        }

        /**
         * Closes the connection's open statements (and so their result sets) first, as JDBC
         * expects and Avatica does not, then the connection. A second close does nothing.
         */
        @Override
        public void close() throws SQLException {
            if (isClosed()) {
                return;
            }
            for (AvaticaStatement statement : new ArrayList<>(statementMap.values())) {
                try {
                    statement.close();
                } catch (SQLException | RuntimeException e) {
                    // closing the connection goes on; the statement holds nothing of the database
                }
            }
            super.close();
        }

        /** Every name resolves in the one schema (GUI clients select it as the current one). */
        @Override
        public String getSchema() throws SQLException {
            checkOpen();
            return CatalogMetadata.SCHEMA;
        }

        /** Open, and its transaction isolation is what the metadata says (one place: Capabilities). */
        @Override
        public int getTransactionIsolation() throws SQLException {
            checkOpen();
            return Capabilities.DEFAULT_ISOLATION;
        }

        /** Turning auto-commit on commits an open transaction, as JDBC specifies. */
        @Override
        public void setAutoCommit(boolean autoCommit) throws SQLException {
            checkOpen();
            call(() -> meta().autoCommit(autoCommit));
        }

        @Override
        public boolean getAutoCommit() throws SQLException {
            checkOpen();
            return meta().autoCommit();
        }

        /**
         * Commits the open transaction, if any; an {@code SQLException} (SQLSTATE 40001) if it
         * could not be serialized, or (25P02) if a statement in it had failed: it is rolled back.
         */
        @Override
        public void commit() throws SQLException {
            checkOpen();
            call(() -> meta().commitTransaction());
        }

        @Override
        public void rollback() throws SQLException {
            checkOpen();
            call(() -> meta().rollbackTransaction());
        }

        private static void call(Runnable r) throws SQLException {
            SpindleMeta.LAST_ERROR.remove();
            try {
                r.run();
            } catch (AvaticaClientRuntimeException e) {
                throw clean(new SQLException(e.getMessage(), e.getSqlState(), e.getErrorCode(), e));
            }
        }

        /** A statement prepared on the session; failing to prepare is a {@link SpindleSQLException}. */
        @Override
        public java.sql.PreparedStatement prepareStatement(String sql, int resultSetType, int resultSetConcurrency,
                int resultSetHoldability) throws SQLException {
            return guarded(() -> super.prepareStatement(sql, resultSetType, resultSetConcurrency, resultSetHoldability));
        }
    }

    /** A statement that reports its last execution's warnings. */
    static final class SpindleStatement extends AvaticaStatement {
        private boolean cleared;

        SpindleStatement(AvaticaConnection connection, Meta.StatementHandle h, int resultSetType,
                int resultSetConcurrency, int resultSetHoldability) {
            super(connection, h, resultSetType, resultSetConcurrency, resultSetHoldability);
        }

        /** Cancels this statement's execution on the session (SQLSTATE 57014 for the executing thread). */
        @Override
        public synchronized void cancel() throws SQLException {
            super.cancel();
            ((SpindleConnection) connection).meta().cancel();
        }

        /** Also tells the session: the statement's waits give up after {@code seconds} (57014). */
        @Override
        public void setQueryTimeout(int seconds) throws SQLException {
            super.setQueryTimeout(seconds);
            ((SpindleConnection) connection).meta().queryTimeout(handle.id, seconds);
        }

        @Override
        protected void executeInternal(String sql) throws SQLException {
            cleared = false;
            guarded(() -> {
                super.executeInternal(sql);
                return null;
            });
        }

        @Override
        public SQLWarning getWarnings() throws SQLException {
            checkOpen();
            return cleared ? null : warnings(connection, handle);
        }

        @Override
        protected long[] executeBatchInternal() throws SQLException {
            try {
                return super.executeBatchInternal();
            } catch (AvaticaClientRuntimeException e) {
                throw batchFailure(e);
            } catch (Error e) {
                throw errorToSql(e);
            }
        }

        @Override
        public void clearWarnings() throws SQLException {
            checkOpen();
            cleared = true;
        }
    }

    /** A prepared statement: parameters bound per execution on the session's prepared statement. */
    static final class SpindlePreparedStatement extends AvaticaPreparedStatement {
        SpindlePreparedStatement(AvaticaConnection connection, Meta.StatementHandle h, Meta.Signature signature,
                int resultSetType, int resultSetConcurrency, int resultSetHoldability) throws SQLException {
            super(connection, h, signature, resultSetType, resultSetConcurrency, resultSetHoldability);
        }

        /** Cancels this statement's execution on the session (SQLSTATE 57014 for the executing thread). */
        @Override
        public synchronized void cancel() throws SQLException {
            super.cancel();
            ((SpindleConnection) connection).meta().cancel();
        }

        /** Also tells the session: the statement's waits give up after {@code seconds} (57014). */
        @Override
        public void setQueryTimeout(int seconds) throws SQLException {
            super.setQueryTimeout(seconds);
            ((SpindleConnection) connection).meta().queryTimeout(handle.id, seconds);
        }

        @Override
        public SQLWarning getWarnings() throws SQLException {
            checkOpen();
            return warnings(connection, handle);
        }

        @Override
        public int[] executeBatch() throws SQLException {
            try {
                return super.executeBatch();
            } catch (AvaticaClientRuntimeException e) {
                throw batchFailure(e);
            } catch (BatchUpdateException e) {
                throw e;
            } catch (SQLException e) {
                throw new BatchUpdateException(e.getMessage(), e.getSQLState(), e.getErrorCode(), new int[0], e);
            } catch (Error e) {
                throw errorToSql(e);
            }
        }

        @Override
        public long[] executeLargeBatch() throws SQLException {
            try {
                return super.executeLargeBatch();
            } catch (AvaticaClientRuntimeException e) {
                throw batchFailure(e);
            } catch (BatchUpdateException e) {
                throw e;
            } catch (SQLException e) {
                throw new BatchUpdateException(e.getMessage(), e.getSQLState(), e.getErrorCode(), new long[0], e);
            } catch (Error e) {
                throw errorToSql(e);
            }
        }

        @Override
        public ResultSet executeQuery() throws SQLException {
            return guarded(super::executeQuery);
        }

        @Override
        public long executeLargeUpdate() throws SQLException {
            return guarded(super::executeLargeUpdate);
        }

        @Override
        public boolean execute() throws SQLException {
            return guarded(super::execute);
        }

        /** Streams, LOBs, ROWIDs and XML: Spindle has no types that take them. */
        private static SQLException noParameters() {
            return new SQLFeatureNotSupportedException(
                    "parameters of this kind (streams, LOBs, ROWID, SQLXML): Spindle has no such types", "0A000");
        }

        @Override public void setRowId(int i, RowId x) throws SQLException { throw noParameters(); }
        @Override public void setNString(int i, String x) throws SQLException { setString(i, x); }
        @Override public void setNCharacterStream(int i, Reader x, long n) throws SQLException { throw noParameters(); }
        @Override public void setNClob(int i, NClob x) throws SQLException { throw noParameters(); }
        @Override public void setClob(int i, Reader x, long n) throws SQLException { throw noParameters(); }
        @Override public void setBlob(int i, InputStream x, long n) throws SQLException { throw noParameters(); }
        @Override public void setNClob(int i, Reader x, long n) throws SQLException { throw noParameters(); }
        @Override public void setSQLXML(int i, SQLXML x) throws SQLException { throw noParameters(); }
        @Override public void setAsciiStream(int i, InputStream x, long n) throws SQLException { throw noParameters(); }
        @Override public void setBinaryStream(int i, InputStream x, long n) throws SQLException { throw noParameters(); }
        @Override public void setCharacterStream(int i, Reader x, long n) throws SQLException { throw noParameters(); }
        @Override public void setAsciiStream(int i, InputStream x) throws SQLException { throw noParameters(); }
        @Override public void setBinaryStream(int i, InputStream x) throws SQLException { throw noParameters(); }
        @Override public void setCharacterStream(int i, Reader x) throws SQLException { throw noParameters(); }
        @Override public void setNCharacterStream(int i, Reader x) throws SQLException { throw noParameters(); }
        @Override public void setClob(int i, Reader x) throws SQLException { throw noParameters(); }
        @Override public void setBlob(int i, InputStream x) throws SQLException { throw noParameters(); }
        @Override public void setNClob(int i, Reader x) throws SQLException { throw noParameters(); }
    }
}
