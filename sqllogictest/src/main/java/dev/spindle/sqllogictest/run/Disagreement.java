package dev.spindle.sqllogictest.run;

import java.util.Objects;

/**
 * A record on which the engine under test and the reference engine gave different results,
 * whatever the file expected.
 *
 * @param file      the file's name as reported
 * @param line      the line of the record's header
 * @param sql       the SQL as run
 * @param engine    what the engine under test did
 * @param reference what the reference engine did
 */
public record Disagreement(String file, int line, String sql, String engine, String reference) {
    public Disagreement {
        Objects.requireNonNull(file, "file");
        Objects.requireNonNull(sql, "sql");
        Objects.requireNonNull(engine, "engine");
        Objects.requireNonNull(reference, "reference");
    }

    /** {@code file:line}. */
    public String location() {
        return file + ":" + line;
    }
}
