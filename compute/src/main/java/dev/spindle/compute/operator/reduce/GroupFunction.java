package dev.spindle.compute.operator.reduce;

import dev.spindle.common.row.Row;
import java.util.List;

/**
 * The output of one group as a function of the group's whole input: what a reduction operator
 * recomputes for a group whenever its input changes. Must be pure and deterministic (every
 * worker, and every recomputation, must agree), and safe to call from several threads. A data
 * error is thrown as a {@link dev.spindle.common.error.SpindleException}.
 */
@FunctionalInterface
public interface GroupFunction {
    /**
     * The output rows of the group {@code key}, whose input is {@code rows.get(i)} with
     * multiplicity {@code counts[i]} (every count non-zero; sorted by row). An empty input means
     * the group does not exist at that time.
     */
    List<RowCount> apply(Row key, List<Row> rows, long[] counts);
}
