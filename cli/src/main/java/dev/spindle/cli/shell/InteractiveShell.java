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
import java.sql.DatabaseMetaData;
import java.sql.SQLException;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
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
 * <p>Thread-safety: {@link #run()} is called once, on one thread, which owns the connection;
 * the terminal's signal thread only calls {@link Runner#cancel()}.
 */
public final class InteractiveShell {
    private final Terminal terminal;
    private final Connection connection;
    private final ShellOptions options;

    public InteractiveShell(Terminal terminal, Connection connection, ShellOptions options) {
        this.terminal = java.util.Objects.requireNonNull(terminal, "terminal");
        this.connection = java.util.Objects.requireNonNull(connection, "connection");
        this.options = java.util.Objects.requireNonNull(options, "options");
    }

    /**
     * Runs the shell until the user quits.
     *
     * @return true (the shell ends only when asked to; failed statements do not change that)
     */
    public boolean run() {
        PrintWriter writer = terminal.writer();
        Settings settings = new Settings(OutputFormat.TABLE, Expanded.AUTO,
                options.color() ? Style.COLOR : Style.PLAIN, terminal::getColumns);
        Executor executor = new Executor(connection);
        Runner runner = new Runner(executor, settings, writer, writer);
        CatalogNames catalog = new CatalogNames(connection);
        LineReader reader = reader(catalog);
        ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "spindle-progress");
            t.setDaemon(true);
            return t;
        });
        WarmUp warmUp = new WarmUp(connection);
        ProgressDisplay progress = new ProgressDisplay(writer, terminal::getColumns, progressSource(), timer);
        runner.listener(new StatementListener() {
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
        Terminal.SignalHandler previous = terminal.handle(Terminal.Signal.INT, signal -> runner.cancel());
        try {
            if (options.warmUp()) {
                warmUp.start();
            }
            banner(writer);
            loop(reader, runner);
            return true;
        } finally {
            terminal.handle(Terminal.Signal.INT, previous);
            timer.shutdownNow();
            runner.close();
            try {
                reader.getHistory().save();
            } catch (IOException e) {
                writer.println("spindle: could not save the history: " + e.getMessage());
            }
            writer.flush();
        }
    }

    private void loop(LineReader reader, Runner runner) {
        while (true) {
            reader.setVariable(LineReader.SECONDARY_PROMPT_PATTERN, escape(options.label() + "-> "));
            String text;
            try {
                text = reader.readLine(escape(prompt(runner.txn())));
            } catch (UserInterruptException e) {
                // Ctrl-C at the prompt: drop what was typed, prompt again
                continue;
            } catch (EndOfFileException e) {
                terminal.writer().println();
                return;
            }
            if (text == null || text.isBlank()) {
                continue;
            }
            ScriptScanner.Scan scan = ScriptScanner.scan(text);
            for (Piece piece : scan.pieces()) {
                if (runner.run(piece, null) == Runner.Status.QUIT) {
                    return;
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

    private Supplier<Optional<ProgressSnapshot>> progressSource() {
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
        String product;
        try {
            DatabaseMetaData md = connection.getMetaData();
            product = md.getDatabaseProductName() + " " + md.getDatabaseProductVersion() + " (" + md.getURL() + ")";
        } catch (SQLException e) {
            product = "the database";
        }
        writer.println("spindle " + Version.VERSION + ", connected to " + product + ".");
        writer.println("Statements end with ';'. Type \\? for help, \\q or Ctrl-D to quit.");
        writer.flush();
    }

    private static String escape(String promptText) {
        return promptText.replace("%", "%%");
    }
}
