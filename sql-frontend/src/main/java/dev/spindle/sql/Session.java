package dev.spindle.sql;

import dev.spindle.common.error.ErrorCode;
import dev.spindle.common.error.SpindleException;
import dev.spindle.common.type.ColumnType;
import dev.spindle.sql.exec.Values;
import dev.spindle.sql.coord.Coordinator;
import dev.spindle.sql.exec.Statements;
import dev.spindle.sql.parser.SpindleParser;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.sql.SqlNode;

/**
 * One connection's state: it parses and runs statements on its caller's thread, one at a time.
 * Every failure is a {@link SpindleException} with a SQLSTATE; a failed statement changes nothing.
 * Autocommit: every statement commits on its own, unless a transaction is open ({@code BEGIN} or
 * {@link #begin()}); see {@link dev.spindle.sql.txn.Transaction} for what a transaction promises.
 *
 * <p>Thread-safety: a session is used by one thread at a time (as a JDBC connection is); many
 * sessions of one database may run at once.
 */
public final class Session implements AutoCloseable {
    private final Statements statements;
    /** Makes what each statement commits durable before it returns (file mode). */
    private final dev.spindle.sql.coord.Durability durability;

    Session(Coordinator coordinator) {
        this.statements = new Statements(coordinator);
        this.durability = coordinator.durability();
    }

    /** The statement timeout, also for the wait for a file-mode open (the statement's own waits use its control's). */
    private volatile java.time.Duration timeout;
    /** While a statement waits for a file-mode open: completed by {@link #cancel()} to end the wait. */
    private volatile java.util.concurrent.CompletableFuture<Void> openWaitCanceled;

    /**
     * Runs a statement once the database is open: waits for a file-mode open still replaying
     * (ended by {@link #cancel()} or the statement timeout, 57014, the open going on), then makes
     * what the statement commits durable ({@link dev.spindle.sql.coord.Durability#run}).
     */
    private <T> T run(String sql, java.util.function.Supplier<T> statement) {
        awaitOpen();
        return durability.run(sql, statement);
    }

    /**
     * Waits for a file-mode open still replaying, as every statement does first: for readers of
     * the catalog outside statements (JDBC metadata). Ends on {@link #cancel()} (57014 canceled) or
     * the statement timeout (57014), the open going on.
     */
    public void awaitOpen() {
        java.util.concurrent.CompletableFuture<Void> opened = durability.opened();
        if (opened.isDone()) {
            return;
        }
        java.util.concurrent.CompletableFuture<Void> canceled = new java.util.concurrent.CompletableFuture<>();
        openWaitCanceled = canceled;
        java.time.Duration t = timeout;
        try {
            java.util.concurrent.CompletableFuture<Object> either = java.util.concurrent.CompletableFuture.anyOf(opened, canceled);
            if (t == null) {
                either.get();
            } else {
                either.get(t.toNanos(), java.util.concurrent.TimeUnit.NANOSECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw stopped(new SpindleException(ErrorCode.QUERY_CANCELED_0));
        } catch (java.util.concurrent.TimeoutException e) {
            if (!opened.isDone()) {
                throw stopped(new SpindleException(ErrorCode.STATEMENT_TIMEOUT_0));
            }
        } catch (java.util.concurrent.ExecutionException e) {
            throw new IllegalStateException("the open's future never fails", e);
        } finally {
            openWaitCanceled = null;
        }
        if (!opened.isDone()) {
            throw stopped(new SpindleException(ErrorCode.QUERY_CANCELED_0));
        }
    }

    /** A statement stopped before it ran fails an open transaction, as any failed statement does. */
    private SpindleException stopped(SpindleException e) {
        statements.failTransaction();
        return e;
    }

    /** Runs one statement. */
    public StatementResult execute(String sql) {
        if (!statements.inTransaction()) {
            StatementResult known = run(sql, () -> statements.executeQueryText(sql)); // a query whose shape its text tells
            if (known != null) {
                return known;
            }
        }
        SqlNode node;
        try {
            node = SpindleParser.parse(sql);
        } catch (RuntimeException e) {
            statements.failTransaction();
            throw e;
        }
        return run(sql, () -> statements.execute(node, sql));
    }

    /** Runs every statement of a script, in order, stopping at the first failure. */
    public List<StatementResult> executeScript(String sql) {
        List<StatementResult> out = new ArrayList<>();
        List<SqlNode> nodes;
        try {
            nodes = SpindleParser.parseStatements(sql);
        } catch (RuntimeException e) {
            statements.failTransaction();
            throw e;
        }
        for (SqlNode node : nodes) {
            String text = SpindleParser.unparse(node);
            out.add(run(text, () -> statements.execute(node, text)));
        }
        return out;
    }

    /**
     * Prepares {@code sql}, one statement that may hold {@code ?} parameters: parsed once, a query
     * planned once (see {@link dev.spindle.sql.exec.Prepare}), once a file-mode open is done (the
     * plan needs the replayed catalog), as every statement waits for it.
     */
    public Prepared prepare(String sql) {
        awaitOpen();
        SqlNode node = SpindleParser.parse(sql);
        return statements.prepare(node, sql);
    }

    /**
     * Runs {@code p} with {@code values} for its parameters: Java values (Long, Integer,
     * BigDecimal, Double, String, Boolean, LocalDate, LocalTime, LocalDateTime; null for NULL),
     * converted to each parameter's type as an assignment would.
     */
    public StatementResult execute(Prepared p, List<Object> values) {
        List<Object> converted = convert(p, values);
        return run(p.sql(), () -> statements.execute(p, converted));
    }

    /** Runs {@code p} once per set of values; an INSERT ... VALUES of parameters is one append. */
    public long[] executeBatch(Prepared p, List<List<Object>> batch) {
        List<List<Object>> converted = new ArrayList<>(batch.size());
        for (List<Object> values : batch) {
            converted.add(convert(p, values));
        }
        return run(p.sql(), () -> statements.executeBatch(p, converted));
    }

    private List<Object> convert(Prepared p, List<Object> values) {
        List<Object> out = new ArrayList<>(values.size());
        for (int i = 0; i < values.size(); i++) {
            Object v = values.get(i);
            ColumnType type = i < p.parameterCount() ? p.parameterTypes().get(i) : null;
            try {
                out.add(type == null ? Values.natural(v) : Values.assign(v, type));
            } catch (IllegalArgumentException e) {
                throw new SpindleException(ErrorCode.FEATURE_NOT_SUPPORTED_1, "parameter " + (i + 1) + ": " + e.getMessage());
            }
        }
        return out;
    }

    /**
     * Cancels the statement this session is running, from any thread: a pending read is
     * abandoned, a hydrating {@code CREATE INDEX} stopped and dropped; the statement fails with
     * SQLSTATE 57014 and the session serves the next one; a statement still waiting for a file-mode
     * database to finish opening stops waiting (the open goes on). No effect between statements.
     */
    public void cancel() {
        java.util.concurrent.CompletableFuture<Void> w = openWaitCanceled;
        if (w != null) {
            w.complete(null);
        }
        statements.control().cancel();
    }

    /**
     * How far the statement this session is running has got, from any thread (a shell's progress
     * bar): a hydrating {@code CREATE INDEX} reports records arranged so far, of how many; a
     * statement waiting for a file-mode database to finish opening reports the open (an index
     * rehydrating: records arranged of its table's rows). Empty when nothing that reports progress
     * is running.
     */
    public java.util.Optional<Progress> progress() {
        java.util.Optional<Progress> opening = durability.opening();
        return opening.isPresent() ? opening : statements.control().progress();
    }

    /**
     * Each following statement fails with SQLSTATE 57014 ({@code canceling statement due to
     * statement timeout}) once it has waited this long for an answer; null or zero for none. A
     * wait for a file-mode database to finish opening counts as a wait of its own.
     */
    public void statementTimeout(java.time.Duration timeout) {
        this.timeout = timeout == null || timeout.isZero() || timeout.isNegative() ? null : timeout;
        statements.control().timeout(timeout);
    }

    /** Opens a transaction (JDBC: auto-commit turned off, or the first statement after a commit). */
    public StatementResult begin() {
        return statements.begin();
    }

    /** Commits the open transaction (see {@link Statements#commit()}). */
    public StatementResult commit() {
        return run("COMMIT", statements::commit);
    }

    /** Rolls the open transaction back. */
    public StatementResult rollback() {
        return statements.rollback();
    }

    /** Whether a transaction is open. */
    public boolean inTransaction() {
        return statements.inTransaction();
    }

    /** Whether a statement failed in the open transaction (false when none is open). */
    public boolean transactionFailed() {
        return statements.transactionFailed();
    }

    /** Rolls back an open transaction. */
    @Override
    public void close() {
        if (statements.inTransaction()) {
            statements.rollback();
        }
    }
}
