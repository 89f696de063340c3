package dev.spindle.compute.arrangement.trace;

import dev.spindle.common.error.ErrorCode;
import dev.spindle.common.error.SpindleException;
import dev.spindle.common.time.Frontier;

/**
 * A read (or a new hold) at a time the arrangement may already have compacted:
 * {@link ErrorCode#COMPACTION_FRONTIER_BEYOND_READ_2}, e.g. {@code Arrangement compaction frontier
 * (10) is beyond the time of the attempted read (5)}. Carries the since and the read time.
 */
public final class CompactedBeyondReadException extends SpindleException {
    private static final long serialVersionUID = 1L;

    private final long since;
    private final long readAt;

    /**
     * @param since the arrangement's (non-empty) compaction frontier
     * @param readAt the time of the refused read
     */
    public CompactedBeyondReadException(Frontier since, long readAt) {
        super(ErrorCode.COMPACTION_FRONTIER_BEYOND_READ_2, since.time(), readAt);
        this.since = since.time();
        this.readAt = readAt;
    }

    /** The compaction frontier that refused the read. */
    public Frontier since() {
        return Frontier.at(since);
    }

    /** The time of the refused read. */
    public long readAt() {
        return readAt;
    }
}
