/**
 * Storage: tables as timestamped update logs with {@code since} and {@code upper}
 * ({@link dev.spindle.storage.table}), and their directory
 * ({@link dev.spindle.storage.TableStore}). In memory for now; a file mode with a write-ahead log
 * comes later behind the same types.
 *
 * <p>Depends on {@code common} only; must not use compute, planner or Calcite.
 */
package dev.spindle.storage;
