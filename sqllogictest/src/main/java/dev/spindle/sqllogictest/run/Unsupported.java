package dev.spindle.sqllogictest.run;

import java.util.Objects;

/**
 * A record skipped because it needs something no JDBC engine offers (Materialize's {@code simple}
 * blocks need the PostgreSQL wire protocol's simple queries, {@code copy} needs {@code COPY FROM
 * STDIN}, ...). Reported as {@code skipped: needs <feature>} and counted apart from records that
 * {@code skipif}/{@code onlyif} exclude.
 *
 * @param file    the file's name as reported
 * @param line    the line of the record
 * @param feature what the record needs
 */
public record Unsupported(String file, int line, String feature) {
    public Unsupported {
        Objects.requireNonNull(file, "file");
        Objects.requireNonNull(feature, "feature");
    }

    /** {@code file:line}. */
    public String location() {
        return file + ":" + line;
    }
}
