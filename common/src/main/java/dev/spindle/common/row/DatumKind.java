package dev.spindle.common.row;

/**
 * The kind of one encoded datum, as its tag byte says. Integer column types (SMALLINT, INTEGER,
 * BIGINT) share {@link #INTEGER}; character types share {@link #STRING}.
 */
public enum DatumKind {
    NULL,
    BOOLEAN,
    INTEGER,
    DECIMAL,
    REAL,
    DOUBLE,
    STRING,
    DATE,
    TIME,
    TIMESTAMP
}
