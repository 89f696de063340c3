package dev.spindle.bench;

import dev.spindle.bench.report.Report;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every workload runs on both engines at tiny sizes (JMH in this JVM, a two-statement corpus) and
 * the run writes its table and its three-panel chart. Measures nothing worth reading.
 */
class BenchSmokeTest {

    @Test
    void everyWorkloadRunsAndWritesTableAndChart(@TempDir Path dir) throws Exception {
        Path corpus = dir.resolve("tiny.test");
        Files.writeString(corpus, String.join("\n",
                "statement ok",
                "CREATE TABLE t1(a INTEGER, b INTEGER)",
                "",
                "statement ok",
                "INSERT INTO t1 VALUES(1, 2)",
                "",
                "query II nosort",
                "SELECT a, b FROM t1",
                "----",
                "1",
                "2",
                ""));
        Path out = dir.resolve("out");
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        int status;
        try (PrintStream ps = new PrintStream(printed, true, StandardCharsets.UTF_8)) {
            status = Driver.run(new String[] {
                    "--rows", "2000", "--growth", "200,500,1000", "--seconds", "0.2", "--rate", "500",
                    "--repetitions", "1", "--jmh", "0,1,1,0", "--corpus", corpus.toString(),
                    "--out", out.toString()}, ps);
        }
        String log = printed.toString(StandardCharsets.UTF_8);
        assertEquals(0, status, log);
        String md = Files.readString(out.resolve(Report.MARKDOWN));
        assertFalse(md.contains("## Failed"), md);
        for (String id : new String[] {"P1", "P2", "P3", "heap", "P4", "P5", "P6", "P7", "P8", "growth"}) {
            assertTrue(md.contains("\n| " + id + " | "), "no summary line for " + id + ":\n" + md);
        }
        String p7 = md.lines().filter(l -> l.startsWith("| P7 | ")).findFirst().orElseThrow();
        assertEquals(2, p7.split("\\(3 passed, 0 failed\\)", -1).length - 1, "both engines pass the tiny corpus: " + p7);
        assertTrue(md.contains("![latency percentiles](latency.png)"), md);
        assertTrue(java.util.regex.Pattern.compile("What Spindle's read merges: [0-9]+ records in [0-9]+ batches after [0-9]+ "
                + "inserts per second").matcher(md).find(), md);
        assertTrue(java.util.regex.Pattern.compile("the machine's own stalls .*: at the start p99 [0-9.]+ [nmµ]?s, "
                + "p99\\.9 [0-9.]+ [nmµ]?s, max [0-9.]+ [nmµ]?s; at the end p99 ").matcher(md).find(), md);
        BufferedImage chart = ImageIO.read(out.resolve(Report.CHART).toFile());
        assertNotNull(chart, "latency.png is not an image");
        assertEquals(3 * 420, chart.getHeight(), "one panel each for P1, P4 and P8");
    }

    @Test
    void wrongCommandLineIsStatusTwo() {
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        try (PrintStream ps = new PrintStream(printed, true, StandardCharsets.UTF_8)) {
            assertEquals(2, Driver.run(new String[] {"--only", "P9"}, ps));
        }
        assertTrue(printed.toString(StandardCharsets.UTF_8).contains("unknown workload P9"));
    }
}
