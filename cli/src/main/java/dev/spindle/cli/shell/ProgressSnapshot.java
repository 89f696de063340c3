package dev.spindle.cli.shell;

/**
 * How far the running statement has got, as the progress bar draws it.
 *
 * @param what  the statement, e.g. {@code CREATE INDEX i}
 * @param done  records processed so far
 * @param total records to process, or -1 when not known
 */
record ProgressSnapshot(String what, long done, long total) {
    ProgressSnapshot {
        java.util.Objects.requireNonNull(what, "what");
    }
}
