package dev.spindle.compute.operator.arrange;

import dev.spindle.common.row.Row;

/**
 * Reads the history of one key of an arranged collection: every {@code (row, time, diff)} held
 * for the key, times possibly advanced to the arrangement's since. Implemented over a trace
 * snapshot; the reduction and join operators read their arranged inputs through it.
 */
@FunctionalInterface
public interface KeyedReader {
    /** Receives one entry. */
    @FunctionalInterface
    interface EntryConsumer {
        void accept(Row row, long time, long diff);
    }

    /** Gives every entry of {@code key} to {@code consumer}. */
    void read(Row key, EntryConsumer consumer);
}
