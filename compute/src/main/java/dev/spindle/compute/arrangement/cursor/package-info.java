/**
 * Walking sorted updates {@code (key, val, time, diff)}: the {@link
 * dev.spindle.compute.arrangement.cursor.Cursor} contract every batch implements, and {@link
 * dev.spindle.compute.arrangement.cursor.CursorList}, which presents several cursors (the batches
 * of a trace) as one, merging keys and values on the fly.
 *
 * <p>Cursors are single-threaded objects over immutable data: many cursors over the same batches
 * may run on different threads at once. Depends on {@code common.row} only; must not use the other
 * {@code arrangement} packages (batches implement this contract) or anything else of compute.
 */
package dev.spindle.compute.arrangement.cursor;
