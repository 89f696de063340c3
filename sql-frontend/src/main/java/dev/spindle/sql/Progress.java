package dev.spindle.sql;

/**
 * How far a long statement has got, for a progress bar: a hydrating {@code CREATE INDEX} reports
 * the records its arrangement has received so far, of how many the indexed table holds.
 *
 * @param statement what is running, e.g. {@code CREATE INDEX i}
 * @param done records processed so far
 * @param total records to process, or -1 when not known in advance (an index on a view)
 */
public record Progress(String statement, long done, long total) {
}
