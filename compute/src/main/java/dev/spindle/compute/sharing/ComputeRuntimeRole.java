package dev.spindle.compute.sharing;

/**
 * What a compute runtime is for (DESIGN.md §1).
 *
 * <ul>
 *   <li>{@link #SOLO}: one runtime does everything and publishes nothing;</li>
 *   <li>{@link #MAINTENANCE}: renders index dataflows and publishes every exported index through
 *       its workers' sharing registries;</li>
 *   <li>{@link #INTERACTIVE}: serves peeks (and their transient dataflows) from the registries,
 *       worker {@code i} reading registry {@code i}.</li>
 * </ul>
 */
public enum ComputeRuntimeRole {
    SOLO,
    MAINTENANCE,
    INTERACTIVE;

    /** True for {@link #MAINTENANCE} only: its index exports are published for other runtimes. */
    public boolean publishesIndexes() {
        return this == MAINTENANCE;
    }
}
