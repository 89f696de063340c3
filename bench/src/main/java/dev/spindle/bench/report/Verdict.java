package dev.spindle.bench.report;

/**
 * Whether a figure meets its goal.
 *
 * <p>Thread-safety: immutable constants.
 */
public enum Verdict {
    MET("yes"), MISSED("**no**"), NO_GOAL("—"),
    /**
     * The figure would meet its goal, but the machine alone stalls as long as what is measured
     * (an empty paced loop's p99 is at least half the engine's unloaded p99), so the ratio says
     * nothing about the engine: a loaded / unloaded ratio over an inflated unloaded figure flatters.
     */
    MACHINE_BOUND("not measurable: the machine's own stalls");

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

    /**
     * A tail-latency goal's verdict: {@link #MACHINE_BOUND} when it would be met but the machine's
     * own p99 ({@code idleP99}) is at least half the unloaded p99 it was measured against; a miss
     * stays a miss.
     */
    public static Verdict ofTail(boolean met, long idleP99, long unloadedP99) {
        if (met && 2 * idleP99 >= unloadedP99) {
            return MACHINE_BOUND;
        }
        return of(met);
    }
}
