package dev.spindle.sqllogictest.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.spindle.sqllogictest.run.Disagreement;
import dev.spindle.sqllogictest.run.Failure;
import dev.spindle.sqllogictest.run.FileResult;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class ConsoleReporterTest {

    private static final Duration TIME = Duration.ofMillis(1234);

    @Test
    void linePerOutcome() {
        assertEquals("PASS a.test  3 passed, 0 failed, 1 skipped  1.23 s", ConsoleReporter.fileLine(
                new FileResult("a.test", FileResult.Status.RAN, 3, 0, 1, TIME, List.of(), List.of(), "")));
        Failure failure = new Failure("a.test", 7, "SELECT 1", "wrong result", "2", "1",
                Failure.ReferenceVerdict.NONE, "");
        assertEquals("FAIL a.test  3 passed, 1 failed, 0 skipped  1.23 s  (halted at line 9)", ConsoleReporter.fileLine(
                new FileResult("a.test", FileResult.Status.RAN, 3, 1, 0, TIME, List.of(failure), List.of(),
                        "halted at line 9")));
        assertEquals("SKIP a.test  0 passed, 0 failed, 4 skipped  1.23 s  (requires 'json' (line 1))",
                ConsoleReporter.fileLine(new FileResult("a.test", FileResult.Status.SKIPPED, 0, 0, 4, TIME, List.of(),
                        List.of(), "requires 'json' (line 1)")));
        assertEquals("ERROR a.test  cannot read a.test: NoSuchFileException a.test",
                ConsoleReporter.fileLine(FileResult.error("a.test", TIME, "cannot read a.test: NoSuchFileException a.test")));
    }

    @Test
    void referenceFiguresWhenThereAreAny() {
        Failure failure = new Failure("a.test", 7, "SELECT 1", "wrong result", "2", "1",
                Failure.ReferenceVerdict.PASSES, "2");
        Disagreement disagreement = new Disagreement("a.test", 7, "SELECT 1", "1", "2");
        assertEquals("FAIL a.test  0 passed, 1 failed, 0 skipped  1.23 s  [reference: 1 disagreements, 1 failures it passes]",
                ConsoleReporter.fileLine(new FileResult("a.test", FileResult.Status.RAN, 0, 1, 0, TIME,
                        List.of(failure), List.of(disagreement), "")));
    }

    @Test
    void failureText() {
        Failure failure = new Failure("a.test", 7, "SELECT 1\nFROM t", "wrong result", "2", "1",
                Failure.ReferenceVerdict.FAILS, "3");
        assertEquals("a.test:7: wrong result (the reference fails too)\n  sql:\n    SELECT 1\n    FROM t\n"
                + "  expected:\n    2\n  actual:\n    1\n  reference:\n    3\n", FailureText.of(failure));
    }
}
