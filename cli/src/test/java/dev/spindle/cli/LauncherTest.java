package dev.spindle.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@code ./spindle} as a user runs it, after {@code package} built the jar (this class runs in
 * the {@code integration-test} phase). {@code SPINDLE_NO_BUILD} makes the launcher fail rather
 * than build, so the test also checks that a fresh jar is not rebuilt.
 */
@Timeout(value = 300, unit = TimeUnit.SECONDS)
class LauncherTest {
    private static final Path ROOT = Path.of(System.getProperty("spindle.root", "..")).toAbsolutePath().normalize();

    /** What a run printed and returned. */
    record Run(int status, String out, String err) {
    }

    private static Run spindle(String stdin, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(ROOT.resolve("spindle").toString());
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command).directory(ROOT.toFile());
        pb.environment().put("SPINDLE_NO_BUILD", "1");
        Path out = Files.createTempFile("spindle-out", ".txt");
        Path err = Files.createTempFile("spindle-err", ".txt");
        pb.redirectOutput(out.toFile()).redirectError(err.toFile());
        Process p = pb.start();
        p.getOutputStream().write(stdin.getBytes(StandardCharsets.UTF_8));
        p.getOutputStream().close();
        assertTrue(p.waitFor(240, TimeUnit.SECONDS), "./spindle did not finish");
        Run r = new Run(p.exitValue(), Files.readString(out), Files.readString(err));
        Files.delete(out);
        Files.delete(err);
        return r;
    }

    @Test
    void commandRunsAndExits() throws Exception {
        Run r = spindle("", "-c", "CREATE TABLE t (k INT); CREATE INDEX t_k ON t (k); INSERT INTO t VALUES (1), (2);"
                + " SELECT sum(k) AS s FROM t;");
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().endsWith(" s\n---\n 3\n(1 row)\n"), r.out());
        assertTrue(!r.err().contains("building"), "the fresh jar was not rebuilt: " + r.err());
    }

    @Test
    void errorsAreStatusOneOnStandardError() throws Exception {
        Run r = spindle("", "-c", "SELECT * FROM nowhere");
        assertEquals(1, r.status());
        assertTrue(r.err().contains("42P01"), r.err());
        assertTrue(r.err().contains("LINE 1: SELECT * FROM nowhere"), r.err());
    }

    @Test
    void standardInputAndFormats() throws Exception {
        Run r = spindle("SELECT 1 AS a, 'x' AS b;\n", "--format", "csv");
        assertEquals(0, r.status(), r.err());
        assertEquals("a,b\n1,x\n", r.out());
    }

    @Test
    void versionAndHelp() throws Exception {
        Run v = spindle("", "--version");
        assertEquals(0, v.status(), v.err());
        assertTrue(v.out().startsWith("spindle "), v.out());
        Run h = spindle("", "--help");
        assertEquals(0, h.status(), h.err());
        assertTrue(h.out().contains("Usage: spindle"), h.out());
    }
}
