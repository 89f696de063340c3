package dev.spindle.sqllogictest.run;

import java.util.Objects;

/**
 * A record that did not pass.
 *
 * @param file      the file's name as reported
 * @param line      the line of the record's header
 * @param sql       the SQL as run (loop variables substituted); empty for a malformed record
 * @param problem   why the record failed
 * @param expected  what the record expected, shortened for reports
 * @param actual    what the engine did, shortened for reports
 * @param reference how the reference engine fared on the same record
 * @param referenceActual what the reference engine did, shortened; empty without a reference
 */
public record Failure(String file, int line, String sql, String problem, String expected, String actual,
                      ReferenceVerdict reference, String referenceActual) {

    /** How the reference engine ({@code --reference}) fared on a record the engine failed. */
    public enum ReferenceVerdict {
        /** No reference engine was run. */
        NONE,
        /** The reference passes the record: the engine under test is likely at fault. */
        PASSES,
        /** The reference fails it too: likely a difference of dialect or of the expectation. */
        FAILS
    }

    public Failure {
        Objects.requireNonNull(file, "file");
        Objects.requireNonNull(sql, "sql");
        Objects.requireNonNull(problem, "problem");
        Objects.requireNonNull(expected, "expected");
        Objects.requireNonNull(actual, "actual");
        Objects.requireNonNull(reference, "reference");
        Objects.requireNonNull(referenceActual, "referenceActual");
    }

    /** {@code file:line}, the form editors and terminals link. */
    public String location() {
        return file + ":" + line;
    }
}
