package dev.spindle.sqllogictest.corpus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spindle.sqllogictest.engine.KnownEngines;
import dev.spindle.sqllogictest.run.CorpusRunner;
import dev.spindle.sqllogictest.run.FileResult;
import dev.spindle.sqllogictest.run.RunSettings;
import dev.spindle.sqllogictest.run.RunSummary;
import dev.spindle.sqllogictest.run.ScriptFiles;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * Spindle's own sqllogictest files (one per SQL feature, in {@code src/test/resources/spindle},
 * every {@code .slt} there) run through the JDBC driver by the runner ({@code --engine spindle}):
 * every record passes. Their expected results come from PostgreSQL 15
 * ({@code tools/pg_expect.py}), except records marked {@code # spindle-only}.
 */
class SpindleFilesTest {

    @Test
    void everyRecordOfSpindlesOwnFilesPasses() throws java.io.IOException {
        StringBuilder failures = new StringBuilder();
        RunSummary summary = new CorpusRunner(RunSettings.of(KnownEngines.SPINDLE), r -> {
            if (r.failed() > 0 || r.status() == FileResult.Status.ERROR) {
                failures.append(r).append('\n');
            }
        }).run(ScriptFiles.relativeTo(Path.of("src/test/resources/spindle")));
        assertTrue(summary.results().size() >= 9, "the files were found: " + summary.results());
        assertEquals(0, summary.failed(), summary.line() + "\n" + failures);
        assertEquals(0, summary.errors(), failures.toString());
        assertTrue(summary.passed() > 200, summary.line());
    }
}
