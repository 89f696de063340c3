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
        return new Columns(columns.clone());
    }

    /**
     * A key made of columns of the row, in the given order (repeats allowed): an {@link Arrange}
     * copies its encoding straight from the row's into its stage, with no key row in between.
     * The array is not copied (it must not change).
     */
    record Columns(int[] columns) implements KeyFunction {
        @Override
        public Row key(Row row) {
            return row.project(columns);
        }
    }
}
