/**
 * Updates {@code (row, time, diff)} and their consolidation, the common currency of storage and
 * compute. Depends on {@code row} and {@code time} only.
 */
package dev.spindle.common.update;
