package dev.spindle.sqllogictest.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.spindle.sqllogictest.run.FileResult;
import dev.spindle.sqllogictest.run.RunSummary;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class ComparisonReportTest {

    private static FileResult result(String file, int passed, int failed, int skipped, long millis) {
        return new FileResult(file, FileResult.Status.RAN, passed, failed, skipped, Duration.ofMillis(millis),
                List.of(), List.of(), "");
    }

    @Test
    void aRowPerFileWithEachEnginesRateAndTimeThenTotals() {
        RunSummary h2 = new RunSummary(List.of(result("a.test", 3, 1, 0, 1500), result("b.test", 2, 0, 1, 500)),
                Duration.ofMillis(2000), false);
        RunSummary spindle = new RunSummary(List.of(result("a.test", 4, 0, 0, 2000),
                FileResult.error("b.test", Duration.ZERO, "cannot open")), Duration.ofMillis(3000), false);
        String md = ComparisonReport.markdown("spindle-slt --compare h2,spindle x",
                List.of(new ComparisonReport.EngineRun("h2", h2), new ComparisonReport.EngineRun("spindle", spindle)));
        assertEquals("Produced by `spindle-slt --compare h2,spindle x`.\n\n"
                + "| file | records | h2 pass rate | h2 time | spindle pass rate | spindle time |\n"
                + "|---|---:|---:|---:|---:|---:|\n"
                + "| `a.test` | 4 | 75.00 % | 1.50 s | 100.00 % | 2.00 s |\n"
                + "| `b.test` | 3 | 100.00 % | 0.50 s | error | 0.00 s |\n"
                + "| **total** | **7** | **83.33 %** (5 of 6) | **2.00 s** | **100.00 %** (4 of 4) | **3.00 s** |\n\n"
                + "Total time relative to h2: h2 1.00x, spindle 1.50x.\n", md);
    }
}
