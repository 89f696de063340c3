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

    /** Records the parser could not understand, summed over files. */
    public int malformed() {
        return results.stream().mapToInt(r -> r.malformed().size()).sum();
    }

    /** Records skipped because they need a feature no JDBC engine offers, summed over files. */
    public int unsupported() {
        return results.stream().mapToInt(r -> r.unsupported().size()).sum();
    }

    /** Files that could not be read or whose database could not be opened. */
    public long errors() {
        return results.stream().filter(r -> r.status() == FileResult.Status.ERROR).count();
    }

    /**
     * The closing line: {@code N passed, N failed, N skipped}, followed by {@code , N malformed}
     * and {@code , N unsupported} when there are any.
     */
    public String line() {
        return counts(passed(), failed(), skipped(), malformed(), unsupported());
    }

    /** {@code P passed, F failed, S skipped[, M malformed][, U unsupported]}. */
    public static String counts(int passed, int failed, int skipped, int malformed, int unsupported) {
        StringBuilder line = new StringBuilder().append(passed).append(" passed, ").append(failed)
                .append(" failed, ").append(skipped).append(" skipped");
        if (malformed > 0) {
            line.append(", ").append(malformed).append(" malformed");
        }
        if (unsupported > 0) {
            line.append(", ").append(unsupported).append(" unsupported");
        }
        return line.toString();
    }
}
