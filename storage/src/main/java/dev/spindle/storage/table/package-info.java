/**
 * Tables as timestamped update logs: {@link dev.spindle.storage.table.TableLog} (one writer, many
 * lock-free readers), the batches it delivers ({@link dev.spindle.storage.table.TableBatch}) and
 * listeners' cursors ({@link dev.spindle.storage.table.Subscription}).
 *
 * <p>Knows nothing of compute, SQL or Calcite; depends on {@code common} only. The compute layer
 * reads a table with {@code listen(from)} on its own threads.
 */
package dev.spindle.storage.table;
