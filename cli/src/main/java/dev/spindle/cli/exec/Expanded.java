package dev.spindle.cli.exec;

/** {@code \x}: tables, expanded records, or expanded only when a table is wider than the screen. */
public enum Expanded {
    /** Always tables. */
    OFF,
    /** Always expanded records. */
    ON,
    /** Expanded when the table would not fit the terminal's width. */
    AUTO
}
