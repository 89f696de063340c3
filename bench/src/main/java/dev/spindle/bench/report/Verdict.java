package dev.spindle.bench.report;

/**
 * Whether a figure meets its goal.
 *
 * <p>Thread-safety: immutable constants.
 */
public enum Verdict {
    MET("yes"), MISSED("**no**"), NO_GOAL("—");

    private final String text;

    Verdict(String text) {
        this.text = text;
    }

    /** The table cell. */
    public String text() {
        return text;
    }

    /** {@link #MET} when {@code met}, else {@link #MISSED}. */
    public static Verdict of(boolean met) {
        return met ? MET : MISSED;
    }
}
