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
 * @param failed        records that failed (malformed records are counted apart)
 * @param skipped       records skipped by {@code skipif}/{@code onlyif}/{@code mode skip}/{@code require}
 * @param elapsed       wall-clock time for the file, opening and closing the databases included
 * @param failures      the failed records
 * @param disagreements records where the engine and the reference engine differ
 * @param note          why the file stopped early or could not run (halt, require, error); empty
 *                      otherwise
 * @param malformed     records the parser could not understand (each shown with its problem);
 *                      they are neither passed nor failed
 * @param unsupported   records skipped because they need something no JDBC engine offers
 *                      ({@code simple}, {@code copy}, ...), counted apart from {@code skipped}
 */
public record FileResult(String file, Status status, int passed, int failed, int skipped, Duration elapsed,
                         List<Failure> failures, List<Disagreement> disagreements, String note,
                         List<Failure> malformed, List<Unsupported> unsupported) {

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
        malformed = List.copyOf(malformed);
        unsupported = List.copyOf(unsupported);
    }

    /** A result without malformed or unsupported records. */
    public FileResult(String file, Status status, int passed, int failed, int skipped, Duration elapsed,
                      List<Failure> failures, List<Disagreement> disagreements, String note) {
        this(file, status, passed, failed, skipped, elapsed, failures, disagreements, note, List.of(), List.of());
    }

    /** A file that could not be run at all. */
    public static FileResult error(String file, Duration elapsed, String problem) {
        return new FileResult(file, Status.ERROR, 0, 0, 0, elapsed, List.of(), List.of(), problem);
    }

    /** The same result with another elapsed time and note. */
    public FileResult withElapsedAndNote(Duration newElapsed, String newNote) {
        return new FileResult(file, status, passed, failed, skipped, newElapsed, failures, disagreements, newNote,
                malformed, unsupported);
    }

    /** Failed records that the reference engine passes. */
    public long failuresReferencePasses() {
        return failures.stream().filter(f -> f.reference() == Failure.ReferenceVerdict.PASSES).count();
    }

    /** Passed over passed and failed, in percent; 100 when nothing ran. */
    public double passRate() {
        int ran = passed + failed;
        return ran == 0 ? 100.0 : 100.0 * passed / ran;
    }
}
