package dev.spindle.cli.exec;

import dev.spindle.cli.format.ColumnKind;
import dev.spindle.cli.format.ResultColumn;
import dev.spindle.cli.format.ResultData;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.sql.Statement;
import java.sql.Types;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs one statement at a time on a connection and reads its result (rows or an update count) into memory.
 *
 * <p>Thread-safety: {@link #execute} is called by one thread at a time (the shell's);
 * {@link #cancel()} may be called from any other thread (a Ctrl-C handler) and cancels the
 * statement running then, if any, through {@link Statement#cancel()}.
 */
public final class Executor {
    private final Connection connection;
    private volatile Statement running;

    public Executor(Connection connection) {
        this.connection = java.util.Objects.requireNonNull(connection, "connection");
    }

    /** The connection statements run on. */
    public Connection connection() {
        return connection;
    }

    /** Runs {@code sql} and reads every result it gives. */
    public Execution execute(String sql) throws SQLException {
        long start = System.nanoTime();
        try (Statement st = connection.createStatement()) {
            running = st;
            try {
                // one statement gives one result (drivers disagree on what getMoreResults leaves
                // behind, so the shell reads exactly one)
                List<Outcome> outcomes = new ArrayList<>(1);
                if (st.execute(sql)) {
                    try (ResultSet rs = st.getResultSet()) {
                        outcomes.add(new Outcome.Rows(read(rs)));
                    }
                } else {
                    outcomes.add(new Outcome.Count(Math.max(0, st.getUpdateCount())));
                }
                List<String> warnings = warnings(st.getWarnings());
                return new Execution(outcomes, warnings, Duration.ofNanos(System.nanoTime() - start));
            } finally {
                running = null;
            }
        }
    }

    /**
     * Cancels the statement running now, if any; it then fails with the driver's cancellation
     * error (57014 for Spindle). Safe from any thread.
     */
    public void cancel() {
        Statement st = running;
        if (st != null) {
            try {
                st.cancel();
            } catch (SQLException e) {
                // the statement finished (or the driver cannot cancel): nothing more to do
            }
        }
    }

    /** Whether a statement runs now. */
    public boolean busy() {
        return running != null;
    }

    /** Reads {@code rs} in full. */
    public static ResultData read(ResultSet rs) throws SQLException {
        ResultSetMetaData md = rs.getMetaData();
        int n = md.getColumnCount();
        List<ResultColumn> columns = new ArrayList<>(n);
        for (int i = 1; i <= n; i++) {
            columns.add(new ResultColumn(label(md.getColumnLabel(i)), kind(md.getColumnType(i))));
        }
        List<List<String>> rows = new ArrayList<>();
        while (rs.next()) {
            List<String> row = new ArrayList<>(n);
            for (int i = 1; i <= n; i++) {
                String v = rs.getString(i);
                row.add(rs.wasNull() ? null : v);
            }
            rows.add(row);
        }
        return new ResultData(columns, rows);
    }

    /** A column's label (the planner names unnamed expressions as PostgreSQL does; none at all reads as {@code ?column?}). */
    static String label(String label) {
        return label == null ? "?column?" : label;
    }

    static ColumnKind kind(int sqlType) {
        switch (sqlType) {
            case Types.TINYINT, Types.SMALLINT, Types.INTEGER, Types.BIGINT, Types.REAL, Types.FLOAT,
                    Types.DOUBLE, Types.DECIMAL, Types.NUMERIC:
                return ColumnKind.NUMBER;
            case Types.BOOLEAN, Types.BIT:
                return ColumnKind.BOOLEAN;
            default:
                return ColumnKind.TEXT;
        }
    }

    private static List<String> warnings(SQLWarning w) {
        List<String> out = new ArrayList<>();
        for (SQLWarning x = w; x != null; x = x.getNextWarning()) {
            out.add(x.getMessage());
        }
        return out;
    }
}
