package dev.spindle.compute.controller;

/**
 * How a database runs its compute: {@code runtime=solo} or {@code runtime=split} (DESIGN §7).
 */
public enum RuntimeMode {
    /** One SOLO runtime does everything; nothing is published. */
    SOLO,
    /**
     * A MAINTENANCE runtime renders index dataflows and publishes them; an INTERACTIVE runtime of
     * the same worker count answers peeks from the registries. The default.
     */
    SPLIT;

    /** Parses {@code solo} or {@code split}, case-insensitively. */
    public static RuntimeMode parse(String s) {
        for (RuntimeMode m : values()) {
            if (m.name().equalsIgnoreCase(s.trim())) {
                return m;
            }
        }
        throw new IllegalArgumentException("runtime must be solo or split: " + s);
    }
}
