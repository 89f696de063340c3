package dev.spindle.compute.arrangement.spine;

import dev.spindle.compute.arrangement.trace.TraceHandle;
import java.util.Objects;

/**
 * A new trace as its creator receives it (differential's {@code TraceAgent::new}): the writer and
 * the first reader handle. The writer stays on its worker thread; the handle (and handles cloned
 * from it or acquired through {@code writer.trace()}) may go anywhere.
 *
 * @param writer the spine, for its single writer thread
 * @param handle the first handle, holding logical compaction at the initial since and physical
 *     compaction at {@code MIN}
 */
public record TracePair(Spine writer, TraceHandle handle) {
    public TracePair {
        Objects.requireNonNull(writer, "writer");
        Objects.requireNonNull(handle, "handle");
    }
}
