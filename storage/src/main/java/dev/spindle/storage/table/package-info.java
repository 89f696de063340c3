/**
 * Tables as timestamped update logs: {@link dev.spindle.storage.table.TableLog} (one writer, many
 * lock-free readers), the batches it delivers ({@link dev.spindle.storage.table.TableBatch}) and
 * listeners' cursors ({@link dev.spindle.storage.table.Subscription}); a writer that publishes to
 * several tables at once defers their listeners' wakes to its end
 * ({@link dev.spindle.storage.table.DeferredWakes}).
 *
 * <p>Depends on {@code common} only. Must not use compute, SQL, Calcite, or the table directory
 * above it ({@link dev.spindle.storage.TableStore}); a listener is woken through a plain
 * {@code Runnable}. The compute layer reads a table with {@code listen(from)} on its own threads.
 */
package dev.spindle.storage.table;
