package dev.spindle.compute.peek;

import dev.spindle.common.id.GlobalId;
import dev.spindle.common.row.Row;
import dev.spindle.common.time.Timestamp;
import dev.spindle.compute.expr.Mfp;
import dev.spindle.compute.plan.RowSetFinishing;
import java.util.Objects;
import java.util.UUID;

/**
 * A one-shot read of index {@code index} at {@code time}: the rows (optionally only those with
 * key {@code literalKey}), mapped and filtered by {@code mfp}, then finished.
 *
 * @param uuid the peek's identity, for responses and cancellation
 * @param index the index to read
 * @param time the read time
 * @param literalKey the index key to look up, or null to scan the whole index
 * @param mfp the per-row map/filter/project (data errors become the peek's error), or null for none
 * @param finishing order, limit, offset, projection
 */
public record PeekRequest(UUID uuid, GlobalId index, long time, Row literalKey, Mfp mfp,
                          RowSetFinishing finishing) implements java.io.Serializable {
    public PeekRequest {
        Objects.requireNonNull(uuid, "uuid");
        Objects.requireNonNull(index, "index");
        Timestamp.check(time);
        Objects.requireNonNull(finishing, "finishing");
    }

    /** A peek of every row of {@code index} at {@code time}, unchanged. */
    public static PeekRequest all(GlobalId index, long time) {
        return new PeekRequest(UUID.randomUUID(), index, time, null, null, RowSetFinishing.none());
    }
}
