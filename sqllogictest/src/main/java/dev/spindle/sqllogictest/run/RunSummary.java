package dev.spindle.sqllogictest.run;

import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * The totals of a run.
 *
 * @param results      every file's result, in run order
 * @param elapsed      wall-clock time of the whole run
 * @param stoppedEarly whether {@code --fail-fast} ended the run before its last file
 */
public record RunSummary(List<FileResult> results, Duration elapsed, boolean stoppedEarly) {
    public RunSummary {
        results = List.copyOf(results);
        Objects.requireNonNull(elapsed, "elapsed");
    }

    public int passed() {
        return results.stream().mapToInt(FileResult::passed).sum();
    }

    public int failed() {
        return results.stream().mapToInt(FileResult::failed).sum();
    }

    public int skipped() {
        return results.stream().mapToInt(FileResult::skipped).sum();
    }

    /** Files that could not be read or whose database could not be opened. */
    public long errors() {
        return results.stream().filter(r -> r.status() == FileResult.Status.ERROR).count();
    }

    /** The closing line: {@code N passed, N failed, N skipped}. */
    public String line() {
        return passed() + " passed, " + failed() + " failed, " + skipped() + " skipped";
    }
}
