package dev.spindle.cli.exec;

import dev.spindle.cli.format.CsvFormat;
import dev.spindle.cli.format.ExpandedFormat;
import dev.spindle.cli.format.JsonFormat;
import dev.spindle.cli.format.OutputFormat;
import dev.spindle.cli.format.ResultData;
import dev.spindle.cli.format.TableFormat;
import dev.spindle.cli.sql.CommandTag;
import dev.spindle.cli.sql.Piece;
import dev.spindle.cli.sql.ScriptScanner;
import dev.spindle.jdbc.SessionState;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.sql.SQLException;
import java.util.Locale;
import java.util.function.Consumer;

/**
 * Runs statements and meta-commands on one connection and prints what they give: results in
 * the {@link Settings}' format to the output (standard output, or a file after {@code \o}),
 * errors and warnings to the error stream, command tags ({@code CREATE TABLE}, {@code INSERT 3})
 * and {@code \timing} to the output when the format is a table. Tells the prompt whether a
 * transaction is open ({@link TxnState}): from Spindle's driver ({@link SessionState}), else as
 * followed from the statements run.
 *
 * <p>Thread-safety: one thread runs pieces; {@link #cancel()} may be called from any thread.
 */
public final class Runner {
    /** How running a piece ended. */
    public enum Status {
        /** It ran. */
        OK,
        /** It failed; the error was printed. */
        FAILED,
        /** {@code \q}: the user asked to quit. */
        QUIT
    }

    private final Executor executor;
    private final Settings settings;
    private final PrintWriter stdout;
    private final PrintWriter err;
    private final MetaCommands meta;
    private PrintWriter out;
    private StatementListener listener = StatementListener.NONE;
    /** Pages long output to the screen; null: none (batch mode). */
    private Pager pager;
    /** The transaction state as followed from the statements, for drivers that cannot tell it. */
    private TxnState txn = TxnState.IDLE;
    /** The driver's own account of the session's transaction; null when it gives none. */
    private final SessionState session;

    /**
     * @param executor runs the statements
     * @param settings how results are shown
     * @param out      where results go (until {@code \o} sends them elsewhere)
     * @param err      where errors and warnings go
     */
    public Runner(Executor executor, Settings settings, PrintWriter out, PrintWriter err) {
        this.executor = java.util.Objects.requireNonNull(executor, "executor");
        this.settings = java.util.Objects.requireNonNull(settings, "settings");
        this.stdout = java.util.Objects.requireNonNull(out, "out");
        this.out = out;
        this.err = java.util.Objects.requireNonNull(err, "err");
        this.meta = new MetaCommands(this);
        this.session = sessionState(executor.connection());
    }

    private static SessionState sessionState(java.sql.Connection connection) {
        try {
            return connection.isWrapperFor(SessionState.class) ? connection.unwrap(SessionState.class) : null;
        } catch (SQLException e) {
            return null;
        }
    }

    /** Sets who is told when statements start and end. */
    public void listener(StatementListener l) {
        this.listener = java.util.Objects.requireNonNull(l, "listener");
    }

    /**
     * Sets the pager that long results go through when {@code \pager} is on and output goes
     * to the screen (not to an {@code \o} file).
     */
    public void pager(Pager p) {
        this.pager = java.util.Objects.requireNonNull(p, "pager");
    }

    public Settings settings() {
        return settings;
    }

    public Executor executor() {
        return executor;
    }

    /**
     * Whether a transaction is open, and whether it failed: as the driver says (Spindle's), else
     * as followed from the statements run ({@code BEGIN}, {@code COMMIT}, failures in a block).
     * Called between statements.
     */
    public TxnState txn() {
        if (session != null) {
            try {
                return !session.inTransaction() ? TxnState.IDLE
                        : session.transactionFailed() ? TxnState.FAILED : TxnState.OPEN;
            } catch (RuntimeException e) {
                // a closed connection, say: what the statements showed
            }
        }
        return txn;
    }

    /** Cancels the running statement, if any (Ctrl-C). */
    public void cancel() {
        executor.cancel();
    }

    /**
     * Runs the pieces of {@code text} in order and stops at the first that fails or quits.
     *
     * @param source the file the text came from, for error locations; null for typed text and
     *               {@code -c}
     */
    public Status runScript(String text, String source) {
        ScriptScanner.Scan scan = ScriptScanner.scan(text);
        for (Piece p : scan.pieces()) {
            Status s = run(p, source);
            if (s != Status.OK) {
                return s;
            }
        }
        if (!scan.complete()) {
            // a script may end its last statement without a ';'
            int line = 1 + (int) text.substring(0, text.length() - scan.rest().length()).chars().filter(c -> c == '\n').count();
            String rest = scan.rest().strip();
            if (ScriptScanner.endsInsideQuoteOrComment(rest)) {
                error(source, line, "ERROR:  the script ends inside a string, quoted name or comment");
                return Status.FAILED;
            }
            return run(new Piece(Piece.Kind.SQL, rest, line), source);
        }
        return Status.OK;
    }

    /** Runs one piece; {@code source} as for {@link #runScript}. */
    public Status run(Piece piece, String source) {
        out.flush();
        try {
            if (piece.kind() == Piece.Kind.META) {
                return meta.run(piece.text(), source, piece.line());
            }
            return statement(piece.text(), source, piece.line());
        } finally {
            out.flush();
            err.flush();
        }
    }

    /** Runs one SQL statement and prints its results or its error. */
    Status statement(String sql, String source, int line) {
        CommandTag tag = CommandTag.of(sql);
        Execution ex;
        listener.started(sql);
        try {
            ex = executor.execute(sql);
        } catch (SQLException e) {
            listener.finished(sql, false);
            if (tag.ends()) {
                txn = TxnState.IDLE;
            } else if (txn == TxnState.OPEN) {
                txn = TxnState.FAILED;
            }
            ErrorReport report = ErrorReport.of(e, sql);
            for (String l : report.lines(sql)) {
                error(source, line, l);
                source = null;
            }
            return Status.FAILED;
        } catch (RuntimeException e) {
            // a driver that lets an unchecked exception out: still one failed statement
            listener.finished(sql, false);
            error(source, line, "ERROR:  " + e);
            return Status.FAILED;
        }
        listener.finished(sql, true);
        if (tag.begins()) {
            txn = TxnState.OPEN;
        } else if (tag.ends()) {
            txn = TxnState.IDLE;
        }
        print(tag, ex);
        return Status.OK;
    }

    private void print(CommandTag tag, Execution ex) {
        for (String w : ex.warnings()) {
            err.println("WARNING:  " + w);
        }
        err.flush();
        boolean table = settings.format() == OutputFormat.TABLE;
        emit(to -> {
            for (Outcome o : ex.outcomes()) {
                if (o instanceof Outcome.Rows rows) {
                    write(rows.data(), to);
                } else if (table) {
                    long count = ((Outcome.Count) o).count();
                    String words = tag.words().isEmpty() ? "OK" : tag.words();
                    to.println(tag.isDml() ? words + " " + count : words);
                }
            }
        });
        if (settings.timing() && table) {
            out.println(String.format(Locale.ROOT, "Time: %.3f ms", ex.elapsed().toNanos() / 1e6));
        }
    }

    /** Prints a result in the current format (through the pager when it is on). */
    void printRows(ResultData data) {
        emit(to -> write(data, to));
    }

    /**
     * Runs {@code body} on the output: straight to it, or, when a pager is set and on and the
     * output is the screen, into a buffer the pager then shows.
     */
    void emit(Consumer<PrintWriter> body) {
        if (pager == null || !settings.pager() || out != stdout) {
            body.accept(out);
            return;
        }
        StringWriter buffer = new StringWriter();
        PrintWriter to = new PrintWriter(buffer);
        body.accept(to);
        to.flush();
        if (buffer.getBuffer().length() > 0) {
            out.flush();
            pager.show(buffer.toString(), out);
        }
    }

    private void write(ResultData data, PrintWriter to) {
        switch (settings.format()) {
            case CSV -> CsvFormat.write(data, to);
            case JSON -> JsonFormat.write(data, to);
            case TABLE -> {
                boolean expand = settings.expanded() == Expanded.ON
                        || (settings.expanded() == Expanded.AUTO && settings.width() > 0
                        && !data.rows().isEmpty() && TableFormat.width(data, settings.style()) > settings.width());
                if (expand) {
                    ExpandedFormat.write(data, settings.style(), to);
                } else {
                    TableFormat.write(data, settings.style(), to);
                }
            }
            default -> throw new IllegalStateException(settings.format().toString());
        }
    }

    /** Prints an error line, prefixed with {@code source:line:} when it came from a file. */
    void error(String source, int line, String text) {
        err.println(source == null ? text : "spindle:" + source + ":" + line + ": " + text);
        err.flush();
    }

    /** Prints a line of the shell's own to the output. */
    void info(String text) {
        out.println(text);
    }

    PrintWriter out() {
        return out;
    }

    /** Sends results to {@code target} ({@code null}: back to standard output), closing a previous file. */
    void redirect(PrintWriter target) {
        if (out != stdout) {
            out.close();
        }
        out = target == null ? stdout : target;
    }

    /** Closes an {@code \o} file, if one is open. */
    public void close() {
        redirect(null);
    }
}
