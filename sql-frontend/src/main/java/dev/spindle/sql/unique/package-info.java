/**
 * Uniqueness as lookups (PRIMARY KEY, UNIQUE, {@code CREATE UNIQUE INDEX}): per rule, a
 * {@link dev.spindle.sql.unique.KeyCounts} — a hash map from each key present in the table's
 * committed rows to how many rows hold it — that the coordinator maintains with every commit under
 * its write lock, so a write is checked by looking up the keys it adds
 * ({@link dev.spindle.sql.unique.UniqueKeys#check}) instead of scanning the table; a transaction's
 * statements also count what it buffered ({@link dev.spindle.sql.unique.PendingKeys}).
 *
 * <p>Plain data over {@code common} and compute's expressions: must not use the coordinator,
 * storage, the planner's Calcite side or the compute runtimes (the coordinator uses this package,
 * not the other way round).
 */
package dev.spindle.sql.unique;
