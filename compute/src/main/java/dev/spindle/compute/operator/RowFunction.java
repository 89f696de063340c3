package dev.spindle.compute.operator;

import dev.spindle.common.error.SpindleException;
import dev.spindle.common.row.Row;
import java.util.function.Consumer;

/**
 * A per-row transformation: gives zero or more output rows for an input row, or throws a
 * {@link SpindleException} for a data error (division by zero, overflow, bad cast), which the
 * operator turns into an entry of the {@code errs} collection. Must be a pure function and safe
 * to call from several worker threads.
 */
@FunctionalInterface
public interface RowFunction {
    /** Gives the outputs of {@code input} to {@code out}. */
    void apply(Row input, Consumer<Row> out);
}
