package dev.spindle.compute.dataflow;

import dev.spindle.common.time.Frontier;
import dev.spindle.common.update.Update;
import java.util.List;

/**
 * What travels on one (sender, receiver) lane of a {@link Channel}: updates, or the sender's
 * promise that it will send nothing more at times before a frontier. A lane is FIFO, so a receiver
 * learns of a sender's progress only after the data that preceded it.
 */
sealed interface Message {
    /** A batch of updates, in no particular order. */
    record Data(List<Update> updates) implements Message {
    }

    /** The sender will send no update at a time not in {@code frontier}. */
    record Progress(Frontier frontier) implements Message {
    }
}
