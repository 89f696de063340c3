package dev.spindle.storage.table;

import dev.spindle.common.time.Frontier;
import dev.spindle.common.update.Update;
import java.util.List;
import java.util.Objects;

/**
 * A batch of a table's log: every update at a time in {@code [lower, upper)}, consolidated and
 * sorted by row then time. After a listener has received a batch, times below {@code upper} are
 * sealed: no later batch holds an update at them. Batches delivered to one listener are
 * contiguous: each one's {@code lower} is the previous one's {@code upper}. Immutable.
 *
 * @param lower the first time the batch covers
 * @param upper the frontier the table's upper advanced to with this batch
 * @param updates the updates, consolidated; may be empty (a batch that only advances time)
 */
public record TableBatch(Frontier lower, Frontier upper, List<Update> updates) {
    public TableBatch {
        Objects.requireNonNull(lower, "lower");
        Objects.requireNonNull(upper, "upper");
        updates = List.copyOf(updates);
        if (!lower.lessThan(upper)) {
            throw new IllegalArgumentException("empty description [" + lower + ", " + upper + ")");
        }
        for (Update u : updates) {
            if (!lower.lessEqual(u.time()) || !upper.isSealed(u.time())) {
                throw new IllegalArgumentException("update at " + u.time() + " outside [" + lower + ", " + upper + ")");
            }
        }
    }

    /** True if the batch only advances time. */
    public boolean isEmpty() {
        return updates.isEmpty();
    }
}
