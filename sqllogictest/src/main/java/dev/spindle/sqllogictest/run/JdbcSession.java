package dev.spindle.sqllogictest.run;

import dev.spindle.sqllogictest.engine.StatementMethod;
import dev.spindle.sqllogictest.format.RenderMode;
import dev.spindle.sqllogictest.format.ResultType;
import dev.spindle.sqllogictest.render.ValueRenderer;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Runs SQL texts on one JDBC connection and turns what happens into {@link Observed} values.
 * Engine errors never escape as exceptions: an {@link SQLException}, or a runtime exception thrown
 * by a driver, becomes {@link Observed.Failed}.
 *
 * <p>Not thread-safe: a session owns its connection and is used by one thread at a time.
 */
public final class JdbcSession implements AutoCloseable {

    private final Connection connection;
    private final StatementMethod statementMethod;
    private final int timeoutSeconds;

    /**
     * @param connection      the connection to use; closed with the session
     * @param statementMethod how statement texts (possibly several statements) are run
     * @param timeoutSeconds  the limit for each SQL text, 0 for none
     */
    public JdbcSession(Connection connection, StatementMethod statementMethod, int timeoutSeconds) {
        this.connection = Objects.requireNonNull(connection, "connection");
        this.statementMethod = Objects.requireNonNull(statementMethod, "statementMethod");
        if (timeoutSeconds < 0) {
            throw new IllegalArgumentException("timeout must not be negative: " + timeoutSeconds);
        }
        this.timeoutSeconds = timeoutSeconds;
    }

    /** Runs a statement text (every statement in it); any rows it returns are read and discarded. */
    public Observed execute(String sql) {
        try (Statement statement = newStatement()) {
            if (statementMethod == StatementMethod.EXECUTE_UPDATE) {
                return new Observed.Done(statement.executeUpdate(sql));
            }
            if (statement.execute(sql)) {
                try (ResultSet rows = statement.getResultSet()) {
                    while (rows.next()) {
                        // step through every row, as sqlite3_exec does: errors may surface late
                    }
                }
                return new Observed.Done(-1);
            }
            return new Observed.Done(statement.getUpdateCount());
        } catch (SQLException | RuntimeException e) {
            return failed(e);
        }
    }

    /**
     * Runs a query and renders its values by {@code types}; columns beyond the declared types are
     * rendered as text so that a wrong column count can still be shown.
     */
    public Observed query(String sql, List<ResultType> types) {
        return query(sql, types, RenderMode.SQLITE);
    }

    /**
     * Runs a query and renders its values by {@code types} in {@code mode}. In Materialize's modes
     * a value that is not a string, number, boolean or byte array (a date, a time stamp, an
     * array, ...) is taken as the driver's text for it ({@code getString}), as PostgreSQL's text
     * form is what those files expect.
     */
    public Observed query(String sql, List<ResultType> types, RenderMode mode) {
        try (Statement statement = newStatement()) {
            if (!statement.execute(sql)) {
                return new Observed.Done(statement.getUpdateCount());
            }
            try (ResultSet rows = statement.getResultSet()) {
                ResultSetMetaData meta = rows.getMetaData();
                int columns = meta.getColumnCount();
                ResultType[] typeOf = new ResultType[columns];
                List<String> names = new ArrayList<>(columns);
                for (int c = 0; c < columns; c++) {
                    typeOf[c] = c < types.size() ? types.get(c) : ResultType.TEXT;
                    names.add(meta.getColumnLabel(c + 1));
                }
                List<String> values = new ArrayList<>();
                while (rows.next()) {
                    for (int c = 0; c < columns; c++) {
                        Object value = rows.getObject(c + 1);
                        if (mode != RenderMode.SQLITE && value != null && !ValueRenderer.isPlain(value)) {
                            value = rows.getString(c + 1);
                        }
                        values.add(ValueRenderer.render(value, typeOf[c], mode));
                    }
                }
                return new Observed.Rows(columns, values, names);
            }
        } catch (SQLException | RuntimeException e) {
            return failed(e);
        }
    }

    private Statement newStatement() throws SQLException {
        Statement statement = connection.createStatement();
        if (timeoutSeconds > 0) {
            statement.setQueryTimeout(timeoutSeconds);
        }
        return statement;
    }

    /**
     * What a failure shows to an {@code error <regex>} expectation: the driver's message, led by
     * the SQLSTATE in parentheses when the driver gives one and its message does not already say
     * it ({@code (42P01) relation "nope" does not exist}), so a file can check the SQLSTATE of an
     * error on any engine.
     */
    private static Observed.Failed failed(Exception e) {
        String message = e.getMessage();
        if (e instanceof RuntimeException) {
            return new Observed.Failed("driver threw " + e);
        }
        String text = message == null ? e.toString() : message;
        String state = ((SQLException) e).getSQLState();
        if (state != null && !state.isEmpty() && !text.contains("(" + state + ")")) {
            text = "(" + state + ") " + text;
        }
        return new Observed.Failed(text, state == null ? "" : state);
    }

    @Override
    public void close() throws SQLException {
        connection.close();
    }
}
