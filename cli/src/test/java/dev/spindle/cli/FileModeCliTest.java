package dev.spindle.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** {@code ./spindle PATH} and {@code --url jdbc:spindle:file:PATH}: a database that outlives the run. */
class FileModeCliTest {

    @Test
    void aPathOpensAFileModeDatabaseThatOutlivesTheRun() {
        Path dir = Path.of("target", "cli-file-mode-" + System.nanoTime());
        BatchModeTest.Result first = BatchModeTest.run("", dir.toString(), "-c",
                "CREATE TABLE t (k INT PRIMARY KEY, v TEXT); INSERT INTO t VALUES (1, 'one'), (2, 'two');");
        assertEquals(0, first.status(), first.err());
        BatchModeTest.Result second = BatchModeTest.run("", "--url", "jdbc:spindle:file:" + dir, "-c",
                "SELECT v FROM t ORDER BY k;");
        assertEquals(0, second.status(), second.err());
        assertTrue(second.out().contains(" one\n two\n"), second.out());
        BatchModeTest.Result both = BatchModeTest.run("", "--url", "jdbc:spindle:mem:other", dir.toString(), "-c", "SELECT 1;");
        assertEquals(2, both.status());
        assertTrue(both.err().contains("not both"), both.err());
    }
}
