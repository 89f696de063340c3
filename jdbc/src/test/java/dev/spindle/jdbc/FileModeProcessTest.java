package dev.spindle.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * File mode across processes: a second process is refused at once (55006, path and holder) and
 * gets in as soon as the first is killed; a kill -9 loop loses no acknowledged commit, and after
 * each reopen index lookups equal table scans. {@code -Dspindle.kill.trials=100} for the long run.
 */
class FileModeProcessTest {

    private static Path freshDir(String name) throws Exception {
        Path dir = Path.of("target", "file-mode-process", name + "-" + System.nanoTime()).toAbsolutePath();
        Files.createDirectories(dir.getParent());
        return dir;
    }

    private static Process child(String... args) throws Exception {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.add("-Xmx256m");
        cmd.add("-XX:TieredStopAtLevel=1");
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add(FileModeChild.class.getName());
        cmd.addAll(List.of(args));
        return new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.INHERIT).start();
    }

    private static BufferedReader out(Process p) {
        return new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
    }

    private static void awaitReady(BufferedReader r, Process p) throws Exception {
        String line = r.readLine();
        assertEquals("ready", line, "the child did not start (exit " + (p.isAlive() ? "alive" : p.exitValue()) + ")");
    }

    @Test
    void aSecondProcessIsRefusedAtOnceAndGetsInAfterAKill() throws Exception {
        Path dir = freshDir("lock");
        Process holder = child("hold", dir.toString());
        try {
            awaitReady(out(holder), holder);
            long start = System.nanoTime();
            SQLException e = assertThrows(SQLException.class, () -> DriverManager.getConnection("jdbc:spindle:file:" + dir));
            long ms = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
            assertEquals("55006", e.getSQLState());
            assertTrue(e.getMessage().contains(dir.toRealPath().toString()), e.getMessage());
            assertTrue(e.getMessage().contains("pid " + holder.pid()), e.getMessage());
            assertTrue(ms < 1000, "refused after " + ms + " ms");
        } finally {
            holder.toHandle().destroyForcibly();
            holder.waitFor();
        }
        try (Connection c = DriverManager.getConnection("jdbc:spindle:file:" + dir)) {
            assertTrue(c.isValid(1));
        }
    }

    @Test
    void killNineLosesNoAcknowledgedCommit() throws Exception {
        int trials = Integer.getInteger("spindle.kill.trials", 3);
        Path dir = freshDir("kill");
        Random random = new Random(Long.getLong("spindle.kill.seed", 17));
        Set<Integer> acked = new HashSet<>();
        int next = 0;
        for (int trial = 0; trial < trials; trial++) {
            Process p = child("commit", dir.toString(), Integer.toString(next));
            BufferedReader r = out(p);
            try {
                awaitReady(r, p);
                long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(50 + random.nextInt(450));
                while (System.nanoTime() < deadline) {
                    String line = r.readLine();
                    if (line == null) {
                        break;
                    }
                    if (line.startsWith("ack ")) {
                        acked.add(Integer.parseInt(line.substring(4)));
                    }
                }
            } finally {
                p.toHandle().destroyForcibly(); // SIGKILL: no shutdown hook runs (and the pipe stays readable)
                p.waitFor();
            }
            String line;
            while ((line = r.readLine()) != null) { // acknowledged before the kill, still in the pipe
                if (line.startsWith("ack ")) {
                    acked.add(Integer.parseInt(line.substring(4)));
                }
            }
            try (Connection c = DriverManager.getConnection("jdbc:spindle:file:" + dir); Statement s = c.createStatement()) {
                Set<Integer> present = new HashSet<>();
                int max = -1;
                try (ResultSet rs = s.executeQuery("SELECT id FROM t")) {
                    while (rs.next()) {
                        present.add(rs.getInt(1));
                        max = Math.max(max, rs.getInt(1));
                    }
                }
                Set<Integer> missing = new HashSet<>(acked);
                missing.removeAll(present);
                assertTrue(missing.isEmpty(), "trial " + trial + ": acknowledged commits lost: " + missing);
                for (int k = 0; k < 17; k++) {
                    List<Integer> byIndex = ids(s, "SELECT id FROM t WHERE v = 'v" + k + "' ORDER BY id");
                    List<Integer> byScan = ids(s, "SELECT id FROM t WHERE v || '' = 'v" + k + "' ORDER BY id");
                    assertEquals(byScan, byIndex, "trial " + trial + ": index lookup of v" + k);
                }
                next = max + 1;
            }
        }
        assertTrue(acked.size() > trials, "acknowledged: " + acked.size());
    }

    private static List<Integer> ids(Statement s, String sql) throws SQLException {
        List<Integer> out = new ArrayList<>();
        try (ResultSet rs = s.executeQuery(sql)) {
            while (rs.next()) {
                out.add(rs.getInt(1));
            }
        }
        return out;
    }
}
