/**
 * The arrange operator and the port through which operators use an arrangement: the
 * {@link dev.spindle.compute.operator.arrange.ArrangementPort} an arrange operator writes into and
 * readers (join, reduce, index exports) read from with their own compaction holds, and the
 * {@link dev.spindle.compute.operator.arrange.KeyedReader} through which they read one key. The
 * arrangement itself (batches, spine, trace handles) lives in {@code dev.spindle.compute.arrangement}.
 */
package dev.spindle.compute.operator.arrange;
