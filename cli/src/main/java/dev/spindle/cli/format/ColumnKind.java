package dev.spindle.cli.format;

/** How a column's values are aligned and written: numbers right, booleans and numbers bare in JSON. */
public enum ColumnKind {
    /** Integers, decimals and floating point. */
    NUMBER,
    /** {@code true} and {@code false}. */
    BOOLEAN,
    /** Everything else: text, dates and times. */
    TEXT
}
