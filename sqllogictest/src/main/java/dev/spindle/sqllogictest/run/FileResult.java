package dev.spindle.sqllogictest.run;

import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * The outcome of running one file.
 *
 * @param file          the file's name as reported
 * @param status        whether the file ran, was skipped, or could not be run
 * @param passed        records that passed
 * @param failed        records that failed (malformed records included)
 * @param skipped       records skipped by {@code skipif}/{@code onlyif}/{@code mode skip}/{@code require}
 * @param elapsed       wall-clock time for the file, opening and closing the databases included
 * @param failures      the failed records
 * @param disagreements records where the engine and the reference engine differ
 * @param note          why the file stopped early or could not run (halt, require, error); empty
 *                      otherwise
 */
public record FileResult(String file, Status status, int passed, int failed, int skipped, Duration elapsed,
                         List<Failure> failures, List<Disagreement> disagreements, String note) {

    /** How far a file got. */
    public enum Status {
        /** The file ran (possibly stopped by {@code halt} or {@code --fail-fast}). */
        RAN,
        /** A {@code require} the engine does not meet skipped the rest of the file. */
        SKIPPED,
        /** The file could not be read, or its database could not be opened. */
        ERROR
    }

    public FileResult {
        Objects.requireNonNull(file, "file");
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(elapsed, "elapsed");
        failures = List.copyOf(failures);
        disagreements = List.copyOf(disagreements);
        Objects.requireNonNull(note, "note");
    }

    /** A file that could not be run at all. */
    public static FileResult error(String file, Duration elapsed, String problem) {
        return new FileResult(file, Status.ERROR, 0, 0, 0, elapsed, List.of(), List.of(), problem);
    }

    /** Failed records that the reference engine passes. */
    public long failuresReferencePasses() {
        return failures.stream().filter(f -> f.reference() == Failure.ReferenceVerdict.PASSES).count();
    }
}
