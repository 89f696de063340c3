/**
 * Updates {@code (row, time, diff)} ({@link dev.spindle.common.update.Update}) and their
 * consolidation ({@link dev.spindle.common.update.Consolidation}), the common currency of storage
 * and compute. Depends on {@code common.row} and {@code common.time} only; must not use any other
 * Spindle package.
 */
package dev.spindle.common.update;
