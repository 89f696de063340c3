package dev.spindle.compute.plan;

/**
 * The aggregate functions a {@code Reduce} computes, with SQL's NULL rules: every function but
 * {@link #COUNT_ROWS} ignores NULL inputs, and every function but the counts returns NULL over no
 * (non-null) input.
 */
public enum AggregateFunc {
    /** {@code COUNT(*)}: the number of rows, NULLs included. */
    COUNT_ROWS,
    /** {@code COUNT(x)}: the number of non-null values. */
    COUNT,
    /**
     * {@code SUM(x)}: integers sum exactly to an integer (an error beyond BIGINT, as PostgreSQL's
     * {@code sum(bigint)} would need NUMERIC), decimals to a decimal, floats to a double.
     */
    SUM,
    /** {@code MIN(x)} in the order of {@link dev.spindle.common.row.Row}. */
    MIN,
    /** {@code MAX(x)} in the order of {@link dev.spindle.common.row.Row}. */
    MAX,
    /**
     * {@code AVG(x)}: integers and decimals average to a decimal (PostgreSQL's numeric average,
     * 16 fractional digits at least), floats to a double.
     */
    AVG
}
