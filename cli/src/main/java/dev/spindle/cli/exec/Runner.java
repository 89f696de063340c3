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
import java.io.PrintWriter;
import java.sql.SQLException;
import java.util.Locale;

/**
 * Runs statements and meta-commands on one connection and prints what they give: results in
 * the {@link Settings}' format to the output (standard output, or a file after {@code \o}),
 * errors and warnings to the error stream, command tags ({@code CREATE TABLE}, {@code INSERT 3})
 * and {@code \timing} to the output when the format is a table. Follows transaction blocks for
 * the prompt ({@link TxnState}).
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
    private TxnState txn = TxnState.IDLE;

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
    }

    /** Sets who is told when statements start and end. */
    public void listener(StatementListener l) {
        this.listener = java.util.Objects.requireNonNull(l, "listener");
    }

    public Settings settings() {
        return settings;
    }

    public Executor executor() {
        return executor;
    }

    /** The transaction state as far as the shell has followed it. */
    public TxnState txn() {
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
        for (Outcome o : ex.outcomes()) {
            if (o instanceof Outcome.Rows rows) {
                printRows(rows.data());
            } else if (table) {
                long count = ((Outcome.Count) o).count();
                String words = tag.words().isEmpty() ? "OK" : tag.words();
                out.println(tag.isDml() ? words + " " + count : words);
            }
        }
        if (settings.timing() && table) {
            out.println(String.format(Locale.ROOT, "Time: %.3f ms", ex.elapsed().toNanos() / 1e6));
        }
    }

    /** Prints a result in the current format. */
    void printRows(ResultData data) {
        switch (settings.format()) {
            case CSV -> CsvFormat.write(data, out);
            case JSON -> JsonFormat.write(data, out);
            case TABLE -> {
                boolean expand = settings.expanded() == Expanded.ON
                        || (settings.expanded() == Expanded.AUTO && settings.width() > 0
                        && !data.rows().isEmpty() && TableFormat.width(data, settings.style()) > settings.width());
                if (expand) {
                    ExpandedFormat.write(data, settings.style(), out);
                } else {
                    TableFormat.write(data, settings.style(), out);
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
