package dev.spindle.compute.operator.arrange;

import dev.spindle.common.row.Row;

/**
 * Computes the key a row is arranged under: a projection of columns, or the values of an index's
 * key expressions (which may fail with a {@link dev.spindle.common.error.SpindleException}, routed
 * to the collection's {@code errs}). Pure; safe to call from several threads.
 */
@FunctionalInterface
public interface KeyFunction {
    /** The key of {@code row}. */
    Row key(Row row);

    /** The key made of {@code columns} of the row. */
    static KeyFunction columns(int... columns) {
        int[] cols = columns.clone();
        return row -> row.project(cols);
    }
}
