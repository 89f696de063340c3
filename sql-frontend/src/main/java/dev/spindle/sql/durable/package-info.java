/**
 * File mode ({@code jdbc:spindle:file:PATH}): {@link dev.spindle.sql.durable.FileDurability}
 * hands every commit and catalog change to storage's durable log and acknowledges a statement once
 * its record is synced; on open it replays the last checkpoint and the log through the same
 * statement and commit paths a session uses; {@link dev.spindle.sql.durable.CatalogScript} writes
 * the catalog as statements for a checkpoint.
 *
 * <p>Uses {@code coord} and {@code exec}; nothing in {@code coord} or {@code exec} uses it (the
 * coordinator sees it as a {@link dev.spindle.sql.coord.Durability}).
 */
package dev.spindle.sql.durable;
