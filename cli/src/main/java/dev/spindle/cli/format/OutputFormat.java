package dev.spindle.cli.format;

/** The {@code --format} of results: an aligned table (psql's), CSV, or JSON. */
public enum OutputFormat {
    /** Aligned tables with row counts and command tags. */
    TABLE,
    /** CSV with a header line per result; nothing else on standard output. */
    CSV,
    /** One JSON array per result; nothing else on standard output. */
    JSON
}
