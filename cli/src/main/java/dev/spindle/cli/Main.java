package dev.spindle.cli;

import dev.spindle.cli.exec.Executor;
import dev.spindle.cli.exec.Expanded;
import dev.spindle.cli.exec.Runner;
import dev.spindle.cli.exec.Settings;
import dev.spindle.cli.format.OutputFormat;
import dev.spindle.cli.format.Style;
import dev.spindle.cli.shell.InteractiveShell;
import dev.spindle.cli.shell.ShellOptions;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import org.jline.terminal.Terminal;
import picocli.CommandLine;

/**
 * {@code spindle [options]}: the shell on a JDBC URL, or batch mode with {@code -c}/{@code -f}
 * or a script on standard input; {@code spindle slt ...} runs the sqllogictest runner.
 *
 * <p>Thread-safety: one instance per command line, used by the thread that runs it.
 */
@CommandLine.Command(name = "spindle", mixinStandardHelpOptions = true, versionProvider = Version.class,
        sortOptions = false, subcommands = SltCommand.class,
        usageHelpWidth = 100,
        description = "Spindle's SQL shell. With no -c or -f and a terminal, an interactive shell; otherwise "
                + "runs the statements given (-c, -f, or standard input) in order and stops at the first error.",
        footerHeading = "%n",
        footer = {
            "Statements end with ';'. Meta-commands such as \\d, \\timing and \\x work in scripts too; "
                    + "type \\? in the shell for the list.",
            "",
            "Exit status: 0 when everything ran; 1 when a statement or meta-command failed (its error, "
                    + "SQLSTATE and position are on standard error); 2 for a wrong command line, a file that "
                    + "cannot be read or a database that cannot be opened."
        })
public final class Main implements Callable<Integer> {
    private final Io io;
    /** {@code -c} and {@code -f} in the order given: text to run, or a file to read. */
    private final List<Action> actions = new ArrayList<>();

    @CommandLine.Option(names = "--url", paramLabel = "URL", defaultValue = ConnectionOptions.DEFAULT_URL,
            description = "JDBC URL of the database (any driver on the class path; default: ${DEFAULT-VALUE}, "
                    + "a private in-memory Spindle database).")
    private String url = ConnectionOptions.DEFAULT_URL;

    @CommandLine.Parameters(arity = "0..1", paramLabel = "PATH",
            description = "A file-mode database directory (created if missing): short for --url jdbc:spindle:file:PATH.")
    private Path path;

    @CommandLine.Option(names = "--format", paramLabel = "FORMAT", defaultValue = "table",
            description = "How results are written: table, csv or json (default: ${DEFAULT-VALUE}).")
    private OutputFormat format = OutputFormat.TABLE;

    @CommandLine.Option(names = "--workers", paramLabel = "N",
            description = "Workers per compute runtime, 1..64 (Spindle URLs; default 1).")
    private Integer workers;

    @CommandLine.Option(names = "--runtime", paramLabel = "solo|split",
            description = "One runtime, or maintenance and interactive runtimes (Spindle URLs; default split).")
    private String runtime;

    @CommandLine.Option(names = "--user", paramLabel = "NAME", description = "User name, for drivers that want one.")
    private String user;

    @CommandLine.Option(names = "--password", paramLabel = "PASSWORD", description = "Password, for drivers that want one.")
    private String password;

    @CommandLine.Option(names = "--history", paramLabel = "FILE",
            description = "History file of the interactive shell (default: $SPINDLE_HISTORY, else ~/.spindle_history).")
    private Path history;

    @CommandLine.Option(names = "--no-color", description = "No colours or styles in the interactive shell.")
    private boolean noColor;

    /**
     * Set by the launcher when it writes the class-data-sharing archive: after the batch run, the
     * interactive shell also runs a few lines on a terminal with no device behind it, so that
     * its classes (JLine's reader, the shell's) are in the archive too.
     */
    @CommandLine.Option(names = "--archive-training", hidden = true)
    private boolean archiveTraining;

    Main(Io io) {
        this.io = io;
    }

    /** One {@code -c} or {@code -f}. */
    private record Action(String command, Path file) {
    }

    @CommandLine.Option(names = {"-c", "--command"}, paramLabel = "SQL",
            description = "Run SQL (statements and meta-commands) and exit; may be repeated, and mixed with -f in order.")
    private void command(String sql) {
        actions.add(new Action(sql, null));
    }

    @CommandLine.Option(names = {"-f", "--file"}, paramLabel = "FILE",
            description = "Run the statements in FILE ('-': standard input) and exit; may be repeated.")
    private void file(Path file) {
        actions.add(new Action(null, file));
    }

    public static void main(String[] args) {
        int status = run(args, Io.system());
        System.out.flush();
        System.err.flush();
        System.exit(status);
    }

    /** Runs the command line {@code args} on {@code io}; returns the exit status. */
    public static int run(String[] args, Io io) {
        Main plain = plain(args, io);
        if (plain != null) {
            return plain.call();
        }
        return commandLine(io).execute(args);
    }

    /** picocli's parser for the whole command line. */
    static CommandLine commandLine(Io io) {
        CommandLine cl = new CommandLine(new Main(io), new Factory(io));
        cl.setOut(new PrintWriter(new OutputStreamWriter(io.out(), StandardCharsets.UTF_8), true));
        cl.setErr(new PrintWriter(new OutputStreamWriter(io.err(), StandardCharsets.UTF_8), true));
        cl.setCaseInsensitiveEnumValuesAllowed(true);
        cl.setOverwrittenOptionsAllowed(true);
        cl.setExpandAtFiles(false);
        CommandLine slt = cl.getSubcommands().get("slt");
        slt.setUnmatchedOptionsArePositionalParams(true);
        slt.setEndOfOptionsDelimiter("--spindle-end-of-options");
        return cl;
    }

    /**
     * The run a plain command line asks for, read without picocli; null when the line is not
     * plain. Plain: nothing, or only {@code -c SQL}, {@code --command SQL}, {@code -f FILE},
     * {@code --file FILE}, {@code --url URL} and {@code --no-color}, each option and its value
     * separate words and no value that looks like an option ({@code -f -} aside). Those lines are
     * what people type most, and starting picocli (loading its classes, which the start-up
     * archive cannot hold, and reading the annotations) costs a good part of a second on a busy
     * machine; picocli reads every other line, and reads a plain one the same way
     * ({@code MainTest}).
     */
    static Main plain(String[] args, Io io) {
        Main m = new Main(io);
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            if (a.equals("--no-color")) {
                m.noColor = true;
                continue;
            }
            if (i + 1 >= args.length) {
                return null;
            }
            String v = args[++i];
            boolean optionLike = v.startsWith("-") && !(v.equals("-") && (a.equals("-f") || a.equals("--file")));
            if (optionLike) {
                return null;
            }
            switch (a) {
                case "-c", "--command" -> m.command(v);
                case "-f", "--file" -> m.file(Path.of(v));
                case "--url" -> m.url = v;
                default -> {
                    return null;
                }
            }
        }
        return m;
    }

    /** What a command line set, for comparing parsers. */
    record Parsed(String url, OutputFormat format, boolean noColor, List<String> actions) {
    }

    Parsed parsed() {
        List<String> a = new ArrayList<>();
        for (Action x : actions) {
            a.add(x.command() != null ? "c:" + x.command() : "f:" + x.file());
        }
        return new Parsed(url, format, noColor, a);
    }

    @Override
    public Integer call() {
        PrintWriter out = new PrintWriter(new OutputStreamWriter(io.out(), StandardCharsets.UTF_8), false);
        PrintWriter err = new PrintWriter(new OutputStreamWriter(io.err(), StandardCharsets.UTF_8), true);
        if (path != null) {
            if (!url.equals(ConnectionOptions.DEFAULT_URL)) {
                err.println("spindle: give a database PATH or --url, not both");
                return ExitCode.USAGE;
            }
            url = "jdbc:spindle:file:" + path;
        }
        ConnectionOptions target = new ConnectionOptions(url, Optional.ofNullable(workers), Optional.ofNullable(runtime),
                Optional.ofNullable(user), Optional.ofNullable(password));
        Optional<String> problem = target.problem();
        if (problem.isPresent()) {
            err.println("spindle: " + problem.get());
            return ExitCode.USAGE;
        }
        if (actions.isEmpty() && io.interactive()) {
            return interactive(target);
        }
        List<String> scripts = new ArrayList<>();
        List<String> sources = new ArrayList<>();
        List<Action> todo = actions.isEmpty() ? List.of(new Action(null, Path.of("-"))) : actions;
        for (Action a : todo) {
            try {
                scripts.add(a.command() != null ? a.command() : read(a.file()));
                sources.add(a.command() != null || a.file().toString().equals("-") ? null : a.file().toString());
            } catch (IOException | java.io.UncheckedIOException e) {
                err.println("spindle: cannot read " + a.file() + ": " + e.getMessage());
                return ExitCode.USAGE;
            }
        }
        Connection connection;
        try {
            connection = target.open();
        } catch (SQLException e) {
            err.println("spindle: cannot open " + url + ": " + e.getMessage()
                    + (e.getSQLState() == null ? "" : " (SQLSTATE " + e.getSQLState() + ")"));
            return ExitCode.USAGE;
        }
        try (connection) {
            Runner runner = new Runner(new Executor(connection), new Settings(format, Expanded.OFF, Style.PLAIN, () -> 0),
                    out, err);
            try {
                for (int i = 0; i < scripts.size(); i++) {
                    Runner.Status s = runner.runScript(scripts.get(i), sources.get(i));
                    if (s == Runner.Status.FAILED) {
                        return ExitCode.FAILED;
                    }
                    if (s == Runner.Status.QUIT) {
                        break;
                    }
                }
                if (archiveTraining) {
                    ArchiveTraining.run(connection, target);
                }
                return ExitCode.OK;
            } finally {
                runner.close();
                out.flush();
            }
        } catch (SQLException e) {
            // closing the connection failed: everything ran, so say so and keep the status
            err.println("spindle: closing the connection: " + e.getMessage());
            return ExitCode.OK;
        }
    }

    /**
     * The interactive shell. The connection opens on another thread while the terminal and the
     * line reader are set up, so the prompt shows without waiting for the database.
     */
    private int interactive(ConnectionOptions target) {
        CompletableFuture<Connection> connecting = new CompletableFuture<>();
        Thread opener = new Thread(() -> {
            try {
                connecting.complete(target.open());
            } catch (SQLException | RuntimeException e) {
                connecting.completeExceptionally(e);
            }
        }, "spindle-connect");
        opener.setDaemon(true);
        opener.start();
        try (Terminal terminal = SystemTerminal.open()) {
            ShellOptions options = new ShellOptions(target.label(), target.url(),
                    ShellOptions.historyFile(history, System.getenv()), !noColor && !"dumb".equals(terminal.getType()),
                    target.spindle(), ShellOptions.pagerCommand(System.getenv()));
            int status = new InteractiveShell(terminal, connecting, options).run();
            return status == InteractiveShell.OK ? ExitCode.OK : ExitCode.USAGE;
        } catch (IOException e) {
            io.err().println("spindle: cannot open the terminal: " + e.getMessage());
            return ExitCode.USAGE;
        } finally {
            connecting.thenAccept(c -> {
                try {
                    c.close();
                } catch (SQLException e) {
                    // the shell is ending; nothing is left to do with the connection
                }
            });
        }
    }

    private String read(Path file) throws IOException {
        if (file.toString().equals("-")) {
            return new String(io.in().readAllBytes(), StandardCharsets.UTF_8);
        }
        return Files.readString(file, StandardCharsets.UTF_8);
    }

    /** Creates the commands with the run's streams. */
    private static final class Factory implements CommandLine.IFactory {
        private final Io io;

        Factory(Io io) {
            this.io = io;
        }

        @Override
        public <K> K create(Class<K> cls) throws Exception {
            if (cls == SltCommand.class) {
                return cls.cast(new SltCommand(io));
            }
            return CommandLine.defaultFactory().create(cls);
        }
    }
}
