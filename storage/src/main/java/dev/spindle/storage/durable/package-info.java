/**
 * The file mode's durable state: an append-only, checksummed log of committed transactions and
 * catalog changes ({@link dev.spindle.storage.durable.LogWriter}, group commit), consolidated
 * per-table snapshots installed atomically by checkpoints, recovery on open
 * ({@link dev.spindle.storage.durable.DurableStore}), and the directory lock
 * ({@link dev.spindle.storage.durable.DirectoryLock}). Every byte goes through the small file
 * seam {@link dev.spindle.storage.durable.FileIO}, so tests can inject faults and simulate power
 * loss.
 *
 * <p>Knows rows, diffs and opaque catalog statements only: the SQL front end decides what the
 * statements mean. Depends on {@code common} only.
 */
package dev.spindle.storage.durable;
