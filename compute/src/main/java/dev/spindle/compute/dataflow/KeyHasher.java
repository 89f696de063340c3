package dev.spindle.compute.dataflow;

import dev.spindle.common.row.Row;

/**
 * Chooses the worker an update goes to on an exchange channel: the hash of the update's key. Must
 * be a pure function of the row, equal on every worker. Implementations are immutable.
 */
@FunctionalInterface
public interface KeyHasher {
    /** The hash of {@code row}'s key. */
    long hash(Row row);

    /** Hashes the whole row. */
    KeyHasher WHOLE_ROW = Row::hash64;

    /** Hashes the given columns. */
    static KeyHasher columns(int... columns) {
        int[] cols = columns.clone();
        return row -> row.project(cols).hash64();
    }
}
