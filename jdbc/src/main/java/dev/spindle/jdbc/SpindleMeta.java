package dev.spindle.jdbc;

import dev.spindle.common.error.ErrorCode;
import dev.spindle.common.error.SpindleException;
import dev.spindle.common.row.Row;
import dev.spindle.common.type.Column;
import dev.spindle.common.type.ColumnType;
import dev.spindle.sql.Prepared;
import dev.spindle.sql.Session;
import dev.spindle.sql.StatementResult;
import java.math.BigDecimal;
import java.sql.DatabaseMetaData;
import java.sql.SQLException;
import java.sql.Types;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.calcite.avatica.AvaticaClientRuntimeException;
import org.apache.calcite.avatica.AvaticaConnection;
import org.apache.calcite.avatica.AvaticaParameter;
import org.apache.calcite.avatica.AvaticaSeverity;
import org.apache.calcite.avatica.ColumnMetaData;
import org.apache.calcite.avatica.MetaImpl;
import org.apache.calcite.avatica.MissingResultsException;
import org.apache.calcite.avatica.NoSuchStatementException;
import org.apache.calcite.avatica.QueryState;
import org.apache.calcite.avatica.remote.TypedValue;

/**
 * One connection's Avatica {@code Meta}: statements run through one {@link Session}, one at a
 * time; a query's rows all go in the first frame. A {@link SpindleException} leaves as an
 * {@link AvaticaClientRuntimeException} carrying its SQLSTATE and vendor code, which Avatica turns
 * into the {@code SQLException} the caller sees. Closing the connection closes the session and
 * releases the database.
 *
 * <p>Thread-safety: calls on one connection are serialized on the session.
 */
final class SpindleMeta extends MetaImpl {
    private final DatabaseHandle database;
    private final Session session;
    /** Prepared statements, by statement id. */
    private final Map<Integer, Prepared> prepared = new ConcurrentHashMap<>();
    /** Query timeouts in seconds, by statement id (absent: none). */
    private final Map<Integer, Integer> timeouts = new ConcurrentHashMap<>();
    /** Whether the connection auto-commits (guarded by the session's monitor with the session). */
    private volatile boolean autoCommit = true;
    /** The warnings of each statement's last execution, by statement id (absent: none). */
    private final Map<Integer, List<String>> warnings = new ConcurrentHashMap<>();
    /**
     * The signature of each statement's last result set, by statement id, to be given again while
     * its text and columns stay the same: a prepared lookup run again and again describes the
     * same columns, and making the column metadata per execution showed in its profile.
     */
    private final Map<Integer, ResultSignature> signatures = new ConcurrentHashMap<>();

    /** A result set's signature, for statement text {@code sql} and Spindle columns {@code columns}. */
    private record ResultSignature(String sql, List<Column> columns, Signature signature) {
    }

    SpindleMeta(AvaticaConnection connection, DatabaseHandle database) {
        super(connection);
        this.database = database;
        this.session = database.database().session();
    }

    /** The warnings of statement {@code id}'s last execution (empty if none). */
    List<String> warnings(int id) {
        return warnings.getOrDefault(id, List.of());
    }

    /**
     * Prepares {@code sql} on the session (a query is validated and planned now; see
     * {@code dev.spindle.sql.exec.Prepare}); the signature lists its parameters with their types.
     */
    @Override
    public StatementHandle prepare(ConnectionHandle ch, String sql, long maxRowCount) {
        StatementHandle h = createStatement(ch);
        Prepared p;
        try {
            synchronized (session) {
                p = session.prepare(sql);
            }
        } catch (RuntimeException | Error e) {
            throw toAvatica(toSpindle(e));
        }
        List<AvaticaParameter> params = new ArrayList<>();
        for (ColumnType t : p.parameterTypes()) {
            params.add(parameter(t));
        }
        h.signature = Signature.create(List.of(), sql, params, CursorFactory.ARRAY, null);
        prepared.put(h.id, p);
        return h;
    }

    @Override
    @SuppressWarnings("deprecation")
    public ExecuteResult prepareAndExecute(StatementHandle h, String sql, long maxRowCount,
            PrepareCallback callback) throws NoSuchStatementException {
        return prepareAndExecute(h, sql, maxRowCount, -1, callback);
    }

    @Override
    public ExecuteResult prepareAndExecute(StatementHandle h, String sql, long maxRowCount,
            int maxRowsInFirstFrame, PrepareCallback callback) throws NoSuchStatementException {
        MetaResultSet result = run(h, sql, maxRowCount);
        try {
            synchronized (callback.getMonitor()) {
                callback.clear();
                callback.assign(result.signature, result.firstFrame, result.updateCount);
            }
            callback.execute();
        } catch (SQLException e) {
            throw new RuntimeException(e);
        }
        return new ExecuteResult(List.of(result));
    }

    @Override
    public ExecuteBatchResult prepareAndExecuteBatch(StatementHandle h, List<String> sqlCommands)
            throws NoSuchStatementException {
        long[] counts = new long[sqlCommands.size()];
        for (int i = 0; i < counts.length; i++) {
            try {
                counts[i] = batchCount(run(h, sqlCommands.get(i), -1));
            } catch (AvaticaClientRuntimeException e) {
                throw new AvaticaClientRuntimeException("batch statement " + (i + 1) + " of " + counts.length
                        + " failed (the " + i + " before it committed): " + e.getMessage(),
                        e.getErrorCode(), e.getSqlState(), AvaticaSeverity.ERROR, e.getServerExceptions(), null);
            }
        }
        return new ExecuteBatchResult(counts);
    }

    @Override
    public ExecuteBatchResult executeBatch(StatementHandle h, List<List<TypedValue>> parameterValues)
            throws NoSuchStatementException {
        Prepared p = prepared(h);
        List<List<Object>> batch = new ArrayList<>(parameterValues.size());
        for (List<TypedValue> values : parameterValues) {
            batch.add(values(values));
        }
        warnings.remove(h.id);
        try {
            synchronized (session) {
                beginStatement(h);
                return new ExecuteBatchResult(session.executeBatch(p, batch));
            }
        } catch (RuntimeException | Error e) {
            throw toAvatica(toSpindle(e));
        }
    }

    @Override
    public ExecuteResult execute(StatementHandle h, List<TypedValue> parameterValues, long maxRowCount)
            throws NoSuchStatementException {
        Prepared p = prepared(h);
        List<Object> values = values(parameterValues);
        return new ExecuteResult(List.of(run(h, p.sql(), maxRowCount, () -> session.execute(p, values))));
    }

    @Override
    public ExecuteResult execute(StatementHandle h, List<TypedValue> parameterValues, int maxRowsInFirstFrame)
            throws NoSuchStatementException {
        return execute(h, parameterValues, -1L);
    }

    /** All rows travel in the first frame, so there is never more to fetch. */
    @Override
    public Frame fetch(StatementHandle h, long offset, int fetchMaxRowCount)
            throws NoSuchStatementException, MissingResultsException {
        return new Frame(offset, true, List.of());
    }

    @Override
    public void closeStatement(StatementHandle h) {
        prepared.remove(h.id);
        warnings.remove(h.id);
        timeouts.remove(h.id);
        signatures.remove(h.id);
    }

    @Override
    public void closeConnection(ConnectionHandle ch) {
        try {
            super.closeConnection(ch);
        } finally {
            synchronized (session) {
                session.close();
            }
            database.release();
        }
    }

    @Override
    public boolean syncResults(StatementHandle sh, QueryState state, long offset) throws NoSuchStatementException {
        return false;
    }

    @Override
    public void commit(ConnectionHandle ch) {
        commitTransaction();
    }

    @Override
    public void rollback(ConnectionHandle ch) {
        rollbackTransaction();
    }

    /** Cancels the statement the session is running, if any (any thread). */
    void cancel() {
        session.cancel();
    }

    /** The running statement's progress (any thread; does not wait for the session). */
    java.util.Optional<dev.spindle.sql.Progress> progress() {
        return session.progress();
    }

    /** Whether the session holds a transaction open (waits for a running statement). */
    boolean inTransaction() {
        synchronized (session) {
            return session.inTransaction();
        }
    }

    /** Whether a statement failed in the session's open transaction (waits for a running statement). */
    boolean transactionFailed() {
        synchronized (session) {
            return session.transactionFailed();
        }
    }

    /** Statement {@code id}'s query timeout, in seconds (0: none). */
    void queryTimeout(int id, int seconds) {
        if (seconds > 0) {
            timeouts.put(id, seconds);
        } else {
            timeouts.remove(id);
        }
    }

    /** Whether the connection is in auto-commit mode. */
    boolean autoCommit() {
        return autoCommit;
    }

    /** Sets auto-commit; turning it on commits an open transaction (JDBC's rule). */
    void autoCommit(boolean on) {
        if (on && !autoCommit) {
            commitTransaction();
        }
        autoCommit = on;
    }

    /** Commits the session's open transaction, if any. */
    void commitTransaction() {
        StatementResult r;
        try {
            synchronized (session) {
                r = session.commit();
            }
        } catch (RuntimeException | Error e) {
            throw toAvatica(toSpindle(e));
        }
        if (r instanceof StatementResult.Done d && d.tag().equals("ROLLBACK")) {
            throw toAvatica(new SpindleException(ErrorCode.IN_FAILED_SQL_TRANSACTION_0));
        }
    }

    /** Rolls the session's open transaction back, if any. */
    void rollbackTransaction() {
        synchronized (session) {
            session.rollback();
        }
    }

    // ---------------------------------------------------------------------------------------

    private Prepared prepared(StatementHandle h) throws NoSuchStatementException {
        Prepared p = prepared.get(h.id);
        if (p == null) {
            throw new NoSuchStatementException(h);
        }
        return p;
    }

    /** A client's parameter values as Java values the session converts (dates as java.time). */
    private static List<Object> values(List<TypedValue> values) {
        List<Object> out = new ArrayList<>(values == null ? 0 : values.size());
        if (values == null) {
            return out;
        }
        for (TypedValue v : values) {
            if (v == null || v.value == null) {
                out.add(null);
                continue;
            }
            switch (v.type) {
                case JAVA_SQL_DATE: out.add(LocalDate.ofEpochDay(((Number) v.value).longValue())); break;
                case JAVA_SQL_TIME: out.add(LocalTime.ofNanoOfDay(((Number) v.value).longValue() * 1_000_000L)); break;
                case JAVA_SQL_TIMESTAMP: case JAVA_UTIL_DATE:
                    out.add(LocalDateTime.ofEpochSecond(Math.floorDiv(((Number) v.value).longValue(), 1000L),
                            (int) Math.floorMod(((Number) v.value).longValue(), 1000L) * 1_000_000, ZoneOffset.UTC));
                    break;
                case BYTE: case SHORT: case PRIMITIVE_BYTE: case PRIMITIVE_SHORT: case INTEGER: case PRIMITIVE_INT:
                    out.add(((Number) v.value).longValue());
                    break;
                default: out.add(v.value);
            }
        }
        return out;
    }

    /** How a parameter of type {@code t} (null: not fixed by the statement) is described to clients. */
    private static AvaticaParameter parameter(ColumnType t) {
        if (t == null) {
            return new AvaticaParameter(false, 0, 0, Types.OTHER, "UNKNOWN", Object.class.getName(), "?");
        }
        ColumnMetaData c = column(0, new Column("?", t));
        return new AvaticaParameter(c.signed, c.precision, c.scale, c.type.id, c.type.name, c.columnClassName, "?");
    }

    private static long batchCount(MetaResultSet r) {
        if (r.updateCount < 0) {
            throw toAvatica(new SpindleException(ErrorCode.FEATURE_NOT_SUPPORTED_1, "a query in a batch"));
        }
        return r.updateCount;
    }

    /** Runs {@code sql} and describes its result as Avatica wants it. */
    private MetaResultSet run(StatementHandle h, String sql, long maxRowCount) {
        return run(h, sql, maxRowCount, () -> session.execute(sql));
    }

    /**
     * Before statement {@code h} runs on the session (call holding it): opens a transaction when
     * auto-commit is off and none is open, and sets the statement's query timeout.
     */
    private void beginStatement(StatementHandle h) {
        if (!autoCommit && !session.inTransaction()) {
            session.begin();
        }
        Integer timeout = timeouts.get(h.id);
        session.statementTimeout(timeout == null ? null : java.time.Duration.ofSeconds(timeout));
    }

    /** Runs {@code statement} on the session and describes its result as Avatica wants it. */
    private MetaResultSet run(StatementHandle h, String sql, long maxRowCount,
            java.util.function.Supplier<StatementResult> statement) {
        warnings.remove(h.id);
        StatementResult result;
        try {
            synchronized (session) {
                beginStatement(h);
                result = statement.get();
            }
        } catch (RuntimeException | Error e) {
            throw toAvatica(toSpindle(e));
        }
        if (!result.warnings().isEmpty()) {
            warnings.put(h.id, result.warnings());
        }
        Signature signature;
        if (result instanceof StatementResult.Rows rows) {
            signature = resultSignature(h, sql, rows.columns());
            h.signature = signature;
            return MetaResultSet.create(h.connectionId, h.id, false, signature, frame(rows, maxRowCount), -1);
        }
        long count;
        StatementType type;
        if (result instanceof StatementResult.UpdateCount u) {
            count = u.count();
            type = StatementType.IS_DML;
        } else {
            count = 0;
            type = StatementType.OTHER_DDL;
        }
        signature = Signature.create(List.of(), sql, List.of(), CursorFactory.ARRAY, type);
        h.signature = signature;
        return MetaResultSet.create(h.connectionId, h.id, false, signature, null, count);
    }

    /** The signature of statement {@code h}'s result set of {@code columns}: its last one if that was the same. */
    private Signature resultSignature(StatementHandle h, String sql, List<Column> columns) {
        ResultSignature last = signatures.get(h.id);
        if (last != null && last.sql().equals(sql) && last.columns().equals(columns)) {
            return last.signature();
        }
        Signature signature = Signature.create(columns(columns), sql, List.of(), CursorFactory.ARRAY, StatementType.SELECT);
        signatures.put(h.id, new ResultSignature(sql, List.copyOf(columns), signature));
        return signature;
    }

    /**
     * What the session threw, as a {@link SpindleException}: itself, or a stack overflow anywhere
     * in the cause chain (Calcite wraps the ones it catches) as 54001, running out of memory as
     * 53200, anything else as an internal error (XX000). No {@link Error} leaves the driver.
     */
    static SpindleException toSpindle(Throwable e) {
        return SpindleException.fromThrowable(e, "running the statement");
    }

    /**
     * The error this thread's last statement failed with, kept for the statement classes: Avatica
     * rebuilds what the Meta throws as an exception with its own wording ({@code Error 4202
     * (42P01) : Error while executing SQL "...": ...}) and no cause, so the driver throws a
     * {@link SpindleSQLException} made from this one instead ({@link SpindleFactory#clean}).
     */
    static final ThreadLocal<SpindleException> LAST_ERROR = new ThreadLocal<>();

    /** The exception Avatica turns into an {@code SQLException} keeping SQLSTATE and vendor code. */
    static AvaticaClientRuntimeException toAvatica(SpindleException e) {
        LAST_ERROR.set(e);
        SQLException sql = e.toSQLException();
        return new AvaticaClientRuntimeException(sql.getMessage(), sql.getErrorCode(), sql.getSQLState(),
                AvaticaSeverity.ERROR, List.of(e.toString()), null);
    }

    // --- rows and types ------------------------------------------------------------------

    private static Frame frame(StatementResult.Rows rows, long maxRowCount) {
        List<Column> columns = rows.columns();
        int n = rows.rows().size();
        if (maxRowCount > 0 && maxRowCount < n) {
            n = (int) maxRowCount;
        }
        List<Object> out = new ArrayList<>(n);
        for (int r = 0; r < n; r++) {
            Object[] values = rows.rows().get(r).toArray(); // one pass over the encoding, not one per column
            if (values.length != columns.size()) {
                throw new IllegalStateException("a row of " + values.length + " values for " + columns.size() + " columns");
            }
            for (int c = 0; c < values.length; c++) {
                values[c] = jdbcValue(columns.get(c).type(), values[c]);
            }
            out.add(values);
        }
        return new Frame(0, true, out);
    }

    /**
     * A decoded Spindle value as the Avatica accessor of its column (of type {@code type}) expects
     * it; a DECIMAL with the scale PostgreSQL shows it with ({@link ColumnType#display}: 1.50 for a
     * DECIMAL(5,2) holding 1.5, which a row stores as 1.5).
     */
    static Object jdbcValue(ColumnType type, Object v) {
        if (v == null) {
            return null;
        }
        switch (type.kind()) {
            case DECIMAL: return type.display((BigDecimal) v);
            case SMALLINT: return ((Number) v).shortValue();
            case INTEGER: return ((Number) v).intValue();
            case BIGINT: return ((Number) v).longValue();
            case REAL: return ((Number) v).floatValue();
            case DOUBLE: return ((Number) v).doubleValue();
            // days since the epoch, millis of the day, millis since the epoch (local, as UTC)
            case DATE: return (int) ((LocalDate) v).toEpochDay();
            case TIME: return (int) (((LocalTime) v).toNanoOfDay() / 1_000_000L);
            case TIMESTAMP: return ((LocalDateTime) v).toInstant(ZoneOffset.UTC).toEpochMilli();
            default: return v;
        }
    }

    private static List<ColumnMetaData> columns(List<Column> columns) {
        List<ColumnMetaData> out = new ArrayList<>(columns.size());
        for (int i = 0; i < columns.size(); i++) {
            out.add(column(i, columns.get(i)));
        }
        return out;
    }

    private static ColumnMetaData column(int ordinal, Column column) {
        ColumnType t = column.type();
        int sqlType;
        ColumnMetaData.Rep rep;
        String className;
        int precision = 0;
        int scale = 0;
        int displaySize;
        switch (t.kind()) {
            case BOOLEAN: sqlType = Types.BOOLEAN; rep = ColumnMetaData.Rep.BOOLEAN; className = Boolean.class.getName(); precision = 1; displaySize = 5; break;
            case SMALLINT: sqlType = Types.SMALLINT; rep = ColumnMetaData.Rep.SHORT; className = Short.class.getName(); precision = 5; displaySize = 6; break;
            case INTEGER: sqlType = Types.INTEGER; rep = ColumnMetaData.Rep.INTEGER; className = Integer.class.getName(); precision = 10; displaySize = 11; break;
            case BIGINT: sqlType = Types.BIGINT; rep = ColumnMetaData.Rep.LONG; className = Long.class.getName(); precision = 19; displaySize = 20; break;
            case REAL: sqlType = Types.REAL; rep = ColumnMetaData.Rep.FLOAT; className = Float.class.getName(); precision = 7; displaySize = 15; break;
            case DOUBLE: sqlType = Types.DOUBLE; rep = ColumnMetaData.Rep.DOUBLE; className = Double.class.getName(); precision = 15; displaySize = 25; break;
            case DECIMAL:
                sqlType = Types.DECIMAL; rep = ColumnMetaData.Rep.NUMBER; className = BigDecimal.class.getName();
                precision = t.precision() == ColumnType.UNSPECIFIED ? 0 : t.precision();
                scale = t.scale() == ColumnType.UNSPECIFIED ? 0 : t.scale();
                displaySize = precision == 0 ? 131089 : precision + 2;
                break;
            case CHAR:
                sqlType = Types.CHAR; rep = ColumnMetaData.Rep.STRING; className = String.class.getName();
                precision = t.length() == ColumnType.UNSPECIFIED ? 1 : t.length(); displaySize = precision;
                break;
            case VARCHAR:
            case TEXT:
                sqlType = Types.VARCHAR; rep = ColumnMetaData.Rep.STRING; className = String.class.getName();
                precision = t.length() == ColumnType.UNSPECIFIED ? ColumnType.MAX_LENGTH : t.length(); displaySize = precision;
                break;
            case DATE: sqlType = Types.DATE; rep = ColumnMetaData.Rep.INTEGER; className = java.sql.Date.class.getName(); precision = 10; displaySize = 10; break;
            case TIME: sqlType = Types.TIME; rep = ColumnMetaData.Rep.INTEGER; className = java.sql.Time.class.getName(); precision = 8; displaySize = 12; break;
            // Avatica prints a timestamp's getString with `precision` fractional digits (Calcite's
            // TIMESTAMP(p)): milliseconds reach JDBC, so 3 (23 printed 23 digits, mostly zeros)
            case TIMESTAMP: sqlType = Types.TIMESTAMP; rep = ColumnMetaData.Rep.LONG; className = java.sql.Timestamp.class.getName(); precision = 3; displaySize = 23; break;
            default: throw new IllegalStateException("unmapped type " + t);
        }
        String typeName = t.kind().name();
        boolean signed = t.kind().isNumeric();
        return new ColumnMetaData(ordinal, false, t.kind().isString(), true, false,
                t.nullable() ? DatabaseMetaData.columnNullable : DatabaseMetaData.columnNoNulls, signed,
                displaySize, column.name(), column.name(), null, precision, scale, null, null,
                ColumnMetaData.scalar(sqlType, typeName, rep), true, false, false, className);
    }

    // --- DatabaseMetaData: the catalog, from one snapshot per call (see CatalogMetadata) ----

    private CatalogMetadata catalogMetadata() {
        session.awaitOpen(); // a file-mode database's catalog is whole once its open is done
        return new CatalogMetadata(database.database().coordinator().catalog());
    }

    private MetaResultSet resultSet(MetadataTable t) {
        return createResultSet(Map.of(), t.columns(), CursorFactory.ARRAY, new Frame(0, true, t.rows()));
    }

    @Override
    public MetaResultSet getTables(ConnectionHandle ch, String catalog, Pat schemaPattern, Pat tableNamePattern,
            List<String> typeList) {
        return resultSet(catalogMetadata().tables(catalog, schemaPattern.s, tableNamePattern.s, typeList));
    }

    @Override
    public MetaResultSet getColumns(ConnectionHandle ch, String catalog, Pat schemaPattern, Pat tableNamePattern,
            Pat columnNamePattern) {
        return resultSet(catalogMetadata().columns(catalog, schemaPattern.s, tableNamePattern.s, columnNamePattern.s));
    }

    @Override
    public MetaResultSet getPrimaryKeys(ConnectionHandle ch, String catalog, String schema, String table) {
        return resultSet(catalogMetadata().primaryKeys(catalog, schema, table));
    }

    @Override
    public MetaResultSet getIndexInfo(ConnectionHandle ch, String catalog, String schema, String table, boolean unique,
            boolean approximate) {
        return resultSet(catalogMetadata().indexInfo(catalog, schema, table, unique));
    }

    @Override
    public MetaResultSet getSchemas(ConnectionHandle ch, String catalog, Pat schemaPattern) {
        return resultSet(CatalogMetadata.schemas(catalog, schemaPattern.s));
    }

    @Override
    public MetaResultSet getCatalogs(ConnectionHandle ch) {
        return resultSet(CatalogMetadata.catalogs());
    }

    @Override
    public MetaResultSet getTableTypes(ConnectionHandle ch) {
        return resultSet(CatalogMetadata.tableTypes());
    }

    @Override
    public MetaResultSet getTypeInfo(ConnectionHandle ch) {
        return resultSet(CatalogMetadata.typeInfo());
    }
}
