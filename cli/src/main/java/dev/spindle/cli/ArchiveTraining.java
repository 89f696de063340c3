package dev.spindle.cli;

import dev.spindle.cli.shell.InteractiveShell;
import dev.spindle.cli.shell.ShellOptions;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Comparator;
import java.util.stream.Stream;
import org.jline.terminal.impl.LineDisciplineTerminal;

/**
 * What {@code --archive-training} runs after its statements, so that the launcher's class-data
 * sharing archive ({@code -XX:ArchiveClassesAtExit}) holds the classes a real start loads: the
 * interactive shell on a virtual terminal, and a file-mode database created, checkpointed and
 * opened again (the classes of {@code ./spindle PATH}'s open: the log, snapshots, replay and an
 * index rehydrating). Failures are ignored: the archive only makes later starts faster.
 *
 * <p>Thread-safety: static methods, run once on the main thread.
 */
final class ArchiveTraining {
    private ArchiveTraining() {
    }

    static void run(Connection connection, ConnectionOptions target) {
        shell(connection, target);
        fileMode();
    }

    private static void shell(Connection connection, ConnectionOptions target) {
        byte[] keys = "SELECT 1 AS a, NULL AS b;\r\\d\r\\q\r".getBytes(StandardCharsets.UTF_8);
        try (LineDisciplineTerminal terminal = new LineDisciplineTerminal(
                "training", "xterm-256color", OutputStream.nullOutputStream(), StandardCharsets.UTF_8)) {
            terminal.processInputBytes(keys);
            new InteractiveShell(terminal, connection, new ShellOptions(target.label(), target.url(), null, true, false, null)).run();
        } catch (IOException e) {
            // training only fills the archive; without it the shell still starts
        }
    }

    /** Creates, checkpoints and reopens a throwaway file-mode database; false if any step failed. */
    static boolean fileMode() {
        Path dir = null;
        try {
            dir = Files.createTempDirectory("spindle-archive-training");
            String url = "jdbc:spindle:file:" + dir.resolve("db");
            try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement()) {
                s.execute("CREATE TABLE t (k INT NOT NULL, v INT)");
                s.execute("INSERT INTO t VALUES (1, 2), (3, 4)");
                s.execute("CREATE INDEX t_k ON t (k)");
                s.execute("CHECKPOINT");
                s.execute("INSERT INTO t VALUES (5, 6)");
            }
            try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement();
                 ResultSet r = s.executeQuery("SELECT v FROM t WHERE k = 3")) {
                return r.next() && r.getInt(1) == 4 && !r.next();
            }
        } catch (IOException | SQLException | RuntimeException e) {
            return false; // training only fills the archive
        } finally {
            if (dir != null) {
                delete(dir);
            }
        }
    }

    private static void delete(Path dir) {
        try (Stream<Path> all = Files.walk(dir)) {
            all.sorted(Comparator.reverseOrder()).forEach(p -> {
                try {
                    Files.deleteIfExists(p);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        } catch (IOException | UncheckedIOException e) {
            // a temporary directory left behind is harmless
        }
    }
}
