package dev.spindle.cli.shell;

import dev.spindle.cli.Version;
import dev.spindle.cli.exec.Executor;
import dev.spindle.cli.exec.Expanded;
import dev.spindle.cli.exec.Runner;
import dev.spindle.cli.exec.Settings;
import dev.spindle.cli.exec.StatementListener;
import dev.spindle.cli.exec.TxnState;
import dev.spindle.cli.format.OutputFormat;
import dev.spindle.cli.format.Style;
import dev.spindle.cli.sql.CommandTag;
import dev.spindle.cli.sql.Piece;
import dev.spindle.cli.sql.ScriptScanner;
import dev.spindle.jdbc.ProgressReporting;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import org.jline.reader.EndOfFileException;
import org.jline.reader.LineReader;
import org.jline.reader.LineReaderBuilder;
import org.jline.reader.UserInterruptException;
import org.jline.terminal.Terminal;

/**
 * The interactive shell: a prompt showing the database and the transaction state
 * ({@code spindle=>}, {@code spindle=*>} inside a block, {@code spindle=!>} after a failure in
 * one, {@code spindle->} on continuation lines), statements read until {@code ;}, run in order,
 * their results and errors shown; Ctrl-C cancels the running statement or clears the line,
 * Ctrl-D or {@code \q} quits.
 *
 * <p>The prompt shows before the connection is open (opening a Spindle database takes a good
 * part of a second): the first statement waits for it.
 *
 * <p>Thread-safety: {@link #run()} is called once, on one thread, which owns the connection;
 * the terminal's signal thread only calls {@link Runner#cancel()}.
 */
public final class InteractiveShell {
    private final Terminal terminal;
    private final CompletableFuture<Connection> connecting;
    private final ShellOptions options;
    /** Created once the connection is open, at the first statement. */
    private final AtomicReference<Runner> runner = new AtomicReference<>();

    /** A shell on an open connection. */
    public InteractiveShell(Terminal terminal, Connection connection, ShellOptions options) {
        this(terminal, CompletableFuture.completedFuture(java.util.Objects.requireNonNull(connection, "connection")),
                options);
    }

    /**
     * A shell on a connection still being opened: the prompt shows at once, and the first
     * statement waits for the connection (or reports why it could not be opened).
     */
    public InteractiveShell(Terminal terminal, CompletableFuture<Connection> connecting, ShellOptions options) {
        this.terminal = java.util.Objects.requireNonNull(terminal, "terminal");
        this.connecting = java.util.Objects.requireNonNull(connecting, "connecting");
        this.options = java.util.Objects.requireNonNull(options, "options");
    }

    /** Exit status when the user quits. */
    public static final int OK = 0;
    /** Exit status when the connection could not be opened. */
    public static final int NO_CONNECTION = 2;

    /**
     * Runs the shell until the user quits.
     *
     * @return {@link #OK}, or {@link #NO_CONNECTION} when the database could not be opened
     *         (failed statements do not change the status)
     */
    public int run() {
        PrintWriter writer = terminal.writer();
        CatalogNames catalog = new CatalogNames(() -> connecting.isDone() && !connecting.isCompletedExceptionally()
                ? connecting.join() : null);
        LineReader reader = reader(catalog);
        ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "spindle-progress");
            t.setDaemon(true);
            return t;
        });
        WarmUp warmUp = new WarmUp(connecting);
        Terminal.SignalHandler previous = terminal.handle(Terminal.Signal.INT, signal -> {
            Runner r = runner.get();
            if (r != null) {
                r.cancel();
            }
        });
        try {
            if (options.warmUp()) {
                warmUp.start();
            }
            banner(writer);
            return loop(reader, () -> session(writer, catalog, warmUp, timer));
        } finally {
            warmUp.stop();
            terminal.handle(Terminal.Signal.INT, previous);
            timer.shutdownNow();
            Runner r = runner.get();
            if (r != null) {
                r.close();
            }
            try {
                reader.getHistory().save();
            } catch (IOException e) {
                writer.println("spindle: could not save the history: " + e.getMessage());
            }
            writer.flush();
        }
    }

    /** The runner, created on the open connection the first time; null when it cannot be opened. */
    private Runner session(PrintWriter writer, CatalogNames catalog, WarmUp warmUp, ScheduledExecutorService timer) {
        Runner existing = runner.get();
        if (existing != null) {
            return existing;
        }
        Connection connection;
        try {
            connection = connecting.join();
        } catch (java.util.concurrent.CompletionException | java.util.concurrent.CancellationException e) {
            Throwable cause = e.getCause() == null ? e : e.getCause();
            String state = cause instanceof SQLException s && s.getSQLState() != null ? " (SQLSTATE " + s.getSQLState() + ")" : "";
            writer.println("spindle: cannot open " + options.url() + ": " + cause.getMessage() + state);
            writer.flush();
            return null;
        }
        Settings settings = new Settings(OutputFormat.TABLE, Expanded.AUTO,
                options.color() ? Style.COLOR : Style.PLAIN, terminal::getColumns);
        Runner r = new Runner(new Executor(connection), settings, writer, writer);
        r.pager(new ScreenPager(terminal, options.pager(), options.color()));
        ProgressDisplay progress = new ProgressDisplay(writer, terminal::getColumns, progressSource(connection), timer);
        r.listener(new StatementListener() {
            @Override
            public void started(String sql) {
                warmUp.await();
                progress.start();
            }

            @Override
            public void finished(String sql, boolean ok) {
                progress.stop();
                if (CommandTag.of(sql).changesCatalog()) {
                    catalog.invalidate();
                }
            }
        });
        runner.set(r);
        return r;
    }

    private int loop(LineReader reader, Supplier<Runner> session) {
        while (true) {
            reader.setVariable(LineReader.SECONDARY_PROMPT_PATTERN, escape(options.label() + "-> "));
            String text;
            try {
                Runner r = runner.get();
                text = reader.readLine(escape(prompt(r == null ? TxnState.IDLE : r.txn())));
            } catch (UserInterruptException e) {
                // Ctrl-C at the prompt: drop what was typed, prompt again
                continue;
            } catch (EndOfFileException e) {
                terminal.writer().println();
                return OK;
            }
            if (text == null || text.isBlank()) {
                continue;
            }
            Runner r = session.get();
            if (r == null) {
                return NO_CONNECTION;
            }
            ScriptScanner.Scan scan = ScriptScanner.scan(text);
            for (Piece piece : scan.pieces()) {
                if (r.run(piece, null) == Runner.Status.QUIT) {
                    return OK;
                }
            }
        }
    }

    private String prompt(TxnState txn) {
        String mark = switch (txn) {
            case IDLE -> "=";
            case OPEN -> "=*";
            case FAILED -> "=!";
        };
        return options.label() + mark + "> ";
    }

    private LineReader reader(CatalogNames catalog) {
        LineReaderBuilder b = LineReaderBuilder.builder()
                .terminal(terminal)
                .appName("spindle")
                .parser(new StatementParser())
                .completer(new SqlCompleter(catalog))
                .highlighter(new SqlHighlighter(options.color()))
                .variable(LineReader.BLINK_MATCHING_PAREN, 0)
                .variable(LineReader.HISTORY_SIZE, 2000)
                .variable(LineReader.HISTORY_FILE_SIZE, 2000)
                .option(LineReader.Option.DISABLE_EVENT_EXPANSION, true)
                .option(LineReader.Option.CASE_INSENSITIVE, true)
                .option(LineReader.Option.HISTORY_IGNORE_SPACE, false);
        Path history = options.history();
        if (history != null) {
            try {
                Path parent = history.toAbsolutePath().getParent();
                if (parent != null) {
                    Files.createDirectories(parent);
                }
                b.variable(LineReader.HISTORY_FILE, history);
            } catch (IOException e) {
                terminal.writer().println("spindle: no history file (" + e.getMessage() + ")");
            }
        }
        return b.build();
    }

    private static Supplier<Optional<ProgressSnapshot>> progressSource(Connection connection) {
        try {
            if (connection.isWrapperFor(ProgressReporting.class)) {
                ProgressReporting reporting = connection.unwrap(ProgressReporting.class);
                return () -> reporting.progress().map(p -> new ProgressSnapshot(p.statement(), p.done(), p.total()));
            }
        } catch (SQLException e) {
            // a driver without progress: no bar
        }
        return Optional::empty;
    }

    private void banner(PrintWriter writer) {
        writer.println("spindle " + Version.VERSION + " on " + options.url() + ".");
        writer.println("Statements end with ';'. Type \\? for help, \\q or Ctrl-D to quit.");
        writer.flush();
    }

    private static String escape(String promptText) {
        return promptText.replace("%", "%%");
    }
}
