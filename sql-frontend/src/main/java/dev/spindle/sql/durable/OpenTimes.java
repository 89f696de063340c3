package dev.spindle.sql.durable;

/**
 * Where the replay on open spent its time (measurements; logged at {@code FINE}).
 *
 * @param recoverNanos reading and checking the files (manifest, snapshots, log), before
 *     {@code Database.open} returned
 * @param catalogNanos running the checkpoint's catalog statements (tables, views)
 * @param snapshotRows rows loaded from the checkpoint's snapshots
 * @param snapshotNanos committing them
 * @param indexNanos rehydrating the checkpoint's indexes
 * @param logRecords log records replayed after the checkpoint
 * @param logRows rows those records wrote
 * @param logCommitNanos committing those rows (consecutive commits as one)
 * @param logStatementNanos running the log's catalog statements (a {@code CREATE INDEX} in the
 *     log hydrates here)
 */
public record OpenTimes(long recoverNanos, long catalogNanos, long snapshotRows, long snapshotNanos, long indexNanos,
                        long logRecords, long logRows, long logCommitNanos, long logStatementNanos) {

    /** From the start of recovery to the end of the replay. */
    public long totalNanos() {
        return recoverNanos + catalogNanos + snapshotNanos + indexNanos + logCommitNanos + logStatementNanos;
    }
}
