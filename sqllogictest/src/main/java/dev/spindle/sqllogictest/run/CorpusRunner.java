package dev.spindle.sqllogictest.run;

import dev.spindle.sqllogictest.engine.EngineSpec;
import dev.spindle.sqllogictest.format.Script;
import dev.spindle.sqllogictest.format.ScriptParser;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Runs many files in one JVM, each on a fresh database: for every file a new connection is opened
 * with the next value of a counter substituted for {@code {n}} in the URL, and closed afterwards.
 *
 * <p>Not thread-safe: a runner runs its files one after the other on the calling thread.
 */
public final class CorpusRunner {

    private final RunSettings settings;
    private final RunListener listener;
    private int databases;

    public CorpusRunner(RunSettings settings, RunListener listener) {
        this.settings = Objects.requireNonNull(settings, "settings");
        this.listener = Objects.requireNonNull(listener, "listener");
    }

    /** Runs the files in order; stops after a failing file when {@code failFast} is set. */
    public RunSummary run(List<ScriptFile> files) {
        long start = System.nanoTime();
        List<FileResult> results = new ArrayList<>();
        boolean stoppedEarly = false;
        for (int i = 0; i < files.size(); i++) {
            listener.fileStarted(files.get(i));
            FileResult result = runFile(files.get(i));
            results.add(result);
            listener.fileFinished(result);
            if (settings.failFast() && result.failed() > 0) {
                stoppedEarly = i < files.size() - 1;
                break;
            }
        }
        RunSummary summary = new RunSummary(results, Duration.ofNanos(System.nanoTime() - start), stoppedEarly);
        listener.runFinished(summary);
        return summary;
    }

    /** Reads, parses and runs one file on fresh databases. */
    public FileResult runFile(ScriptFile file) {
        long start = System.nanoTime();
        String text;
        try {
            text = new String(Files.readAllBytes(file.path()), StandardCharsets.UTF_8);
        } catch (IOException e) {
            return FileResult.error(file.name(), since(start), "cannot read " + file.path() + ": " + describe(e));
        }
        Script script = ScriptParser.parse(file.name(), text);
        FileResult result;
        String closeProblems;
        JdbcSession engine = null;
        JdbcSession reference = null;
        try {
            engine = open(settings.engine());
            if (settings.reference().isPresent()) {
                reference = open(settings.reference().get());
            }
            result = new ScriptRunner(script, engine, reference, settings).run();
        } catch (SQLException e) {
            result = FileResult.error(file.name(), Duration.ZERO, e.getMessage());
        } finally {
            closeProblems = close(reference) + close(engine);
        }
        String note = result.note();
        if (!closeProblems.isEmpty()) {
            note = note.isEmpty() ? closeProblems.substring(2) : note + closeProblems;
        }
        return result.withElapsedAndNote(since(start), note);
    }

    private JdbcSession open(EngineSpec engine) throws SQLException {
        int n = ++databases;
        try {
            return new JdbcSession(engine.open(n), engine.statementMethod(), settings.timeoutSeconds());
        } catch (SQLException e) {
            throw new SQLException("cannot open database " + engine.url(n) + ": " + e.getMessage(), e);
        }
    }

    /** Closes a session; returns a note about a failure, or an empty string. */
    private static String close(JdbcSession session) {
        if (session == null) {
            return "";
        }
        try {
            session.close();
            return "";
        } catch (SQLException e) {
            return "; closing the database failed: " + e.getMessage();
        }
    }

    private static Duration since(long start) {
        return Duration.ofNanos(System.nanoTime() - start);
    }

    private static String describe(IOException e) {
        String kind = e.getClass().getSimpleName();
        return e.getMessage() == null ? kind : kind + " " + e.getMessage();
    }
}
