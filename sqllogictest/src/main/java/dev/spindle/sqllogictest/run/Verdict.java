package dev.spindle.sqllogictest.run;

import java.util.Objects;

/**
 * The judgement of one record on one engine.
 *
 * @param passed   whether the record passed
 * @param problem  why it failed (empty when it passed)
 * @param expected what the record expected, as shown in reports (empty when it passed)
 * @param actual   what the engine did, as shown in reports (empty when it passed)
 */
public record Verdict(boolean passed, String problem, String expected, String actual) {
    public Verdict {
        Objects.requireNonNull(problem, "problem");
        Objects.requireNonNull(expected, "expected");
        Objects.requireNonNull(actual, "actual");
    }

    /** The verdict of every passing record: reports never show passing results. */
    static final Verdict PASS = new Verdict(true, "", "", "");

    static Verdict fail(String problem, String expected, String actual) {
        return new Verdict(false, problem, expected, actual);
    }
}
