package dev.spindle.sqllogictest.corpus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spindle.sqllogictest.engine.EngineSpec;
import dev.spindle.sqllogictest.engine.KnownEngines;
import dev.spindle.sqllogictest.run.CorpusRunner;
import dev.spindle.sqllogictest.run.FileResult;
import dev.spindle.sqllogictest.run.RunSettings;
import dev.spindle.sqllogictest.run.RunSummary;
import dev.spindle.sqllogictest.run.ScriptFiles;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The runner's own files in Materialize's and CockroachDB's dialect ({@code src/test/resources/dialect},
 * one rule or group of rules per file) pass on H2 and on Spindle: every record passes, none is
 * malformed, and exactly the records that need what no JDBC engine offers are unsupported.
 */
class DialectFilesTest {

    @ParameterizedTest
    @ValueSource(strings = {"h2", "spindle"})
    void everyRecordPasses(String engineName) throws IOException {
        EngineSpec engine = KnownEngines.byName(engineName);
        StringBuilder problems = new StringBuilder();
        RunSummary summary = new CorpusRunner(RunSettings.of(engine), r -> {
            if (r.failed() > 0 || !r.malformed().isEmpty() || r.status() != FileResult.Status.RAN) {
                problems.append(r).append('\n');
            }
        }).run(ScriptFiles.relativeTo(Path.of("src/test/resources/dialect")));
        assertEquals(5, summary.results().size(), "the files were found: " + summary.results());
        assertEquals(0, summary.failed(), summary.line() + "\n" + problems);
        assertEquals(0, summary.malformed(), problems.toString());
        assertEquals(0, summary.skipped(), summary.line());
        assertEquals(5, summary.unsupported(), "two simple blocks, a copy, a kvtrace, a late reset-server");
        assertTrue(summary.passed() >= 37, summary.line());
    }
}
