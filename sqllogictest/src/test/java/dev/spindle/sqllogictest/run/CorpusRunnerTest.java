package dev.spindle.sqllogictest.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spindle.sqllogictest.engine.EngineSpec;
import dev.spindle.sqllogictest.engine.KnownEngines;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CorpusRunnerTest {

    @TempDir
    Path dir;

    private Path file(String name, String text) throws IOException {
        Path path = dir.resolve(name);
        Files.createDirectories(path.getParent());
        Files.writeString(path, text);
        return path;
    }

    @Test
    void everyFileGetsAFreshDatabase() throws IOException {
        String text = "statement ok\nCREATE TABLE t(a INTEGER)\n\nstatement ok\nINSERT INTO t VALUES(1)\n\n"
                + "query I\nSELECT count(*) FROM t\n----\n1\n";
        file("a.test", text);
        file("sub/b.test", text);
        List<FileResult> seen = new ArrayList<>();
        RunSummary summary = new CorpusRunner(RunSettings.of(KnownEngines.H2), seen::add)
                .run(ScriptFiles.relativeTo(dir));
        assertEquals(List.of("a.test", "sub/b.test"), seen.stream().map(FileResult::file).collect(Collectors.toList()));
        assertEquals("6 passed, 0 failed, 0 skipped", summary.line());
        assertEquals(0, summary.errors());
        assertTrue(summary.results().stream().allMatch(r -> r.elapsed().toNanos() > 0));
    }

    @Test
    void anUnreadableFileIsAnError() {
        RunSummary summary = new CorpusRunner(RunSettings.of(KnownEngines.SQLITE), r -> { })
                .run(List.of(new ScriptFile(dir.resolve("missing.test"), "missing.test")));
        FileResult result = summary.results().get(0);
        assertEquals(FileResult.Status.ERROR, result.status());
        assertTrue(result.note().startsWith("cannot read "), result.note());
        assertEquals(1, summary.errors());
    }

    @Test
    void aDatabaseThatCannotBeOpenedIsAnError() throws IOException {
        Path path = file("a.test", "statement ok\nSELECT 1\n");
        EngineSpec nowhere = KnownEngines.forUrl("jdbc:nosuchdriver:x", "postgresql");
        FileResult result = new CorpusRunner(RunSettings.of(nowhere), r -> { }).runFile(new ScriptFile(path, "a.test"));
        assertEquals(FileResult.Status.ERROR, result.status());
        assertTrue(result.note().startsWith("cannot open database jdbc:nosuchdriver:x: "), result.note());
    }

    @Test
    void failFastStopsTheRun() throws IOException {
        file("a.test", "statement ok\nSELECT nonsense\n");
        file("b.test", "statement ok\nSELECT 1\n");
        RunSummary summary = new CorpusRunner(RunSettings.of(KnownEngines.SQLITE).withFailFast(true), r -> { })
                .run(ScriptFiles.relativeTo(dir));
        assertEquals(1, summary.results().size());
        assertTrue(summary.stoppedEarly());
        RunSummary all = new CorpusRunner(RunSettings.of(KnownEngines.SQLITE), r -> { })
                .run(ScriptFiles.relativeTo(dir));
        assertEquals(2, all.results().size());
        assertFalse(all.stoppedEarly());
    }

    @Test
    void foldersAreSearchedForScriptFilesOnly() throws IOException {
        file("x/one.test", "");
        file("x/two.slt", "");
        file("x/notes.txt", "");
        List<ScriptFile> files = ScriptFiles.expand(dir.resolve("x"));
        assertEquals(List.of("one.test", "two.slt"), files.stream().map(f -> f.path().getFileName().toString())
                .collect(Collectors.toList()));
        assertTrue(files.get(0).name().endsWith("x/one.test"), files.get(0).name());
        Path single = dir.resolve("x/notes.txt");
        assertEquals(List.of(new ScriptFile(single, single.toString())), ScriptFiles.expand(single));
    }
}
