package dev.spindle.sql.exec;

import dev.spindle.sql.coord.Coordinator;

/**
 * The time a read outside a transaction reads at, held against compaction until the read is done
 * (DESIGN §4: a read at the read timestamp always succeeds).
 *
 * <p>Without {@code AS OF} the read takes the latest time at which its inputs changed, or the
 * latest compaction allowed if that is later ({@link InputsChanged}): its answer is the one at the
 * latest committed write's time, but it need not wait for its indexes to be sealed through commits
 * to other tables or to the catalog. (The benchmark's P4: each CREATE INDEX commits the catalog, and
 * lookups read at that commit waited until the maintenance worker, busy building the new index,
 * had sealed the looked-up index through it.) That time {@code t} may
 * lie any distance behind the clock (the last commit may be minutes old). The next commit, at
 * {@code ts ≈ now}, lets every index compact to {@code ts - retain}, possibly past {@code t};
 * the controller defers compaction only for peeks it already knows, so a read that chose {@code t}
 * just before such a commit and reached compute just after it would be refused (the benchmark's P4:
 * "compaction frontier is beyond the time of the attempted read" at the first CREATE INDEX after a
 * quiet spell). Hence the choice and a hold are one step ({@link Coordinator#holdReadTimestamp}:
 * the read policy never allows compaction past the latest commit, nor past a hold), and the hold
 * lasts until the read's answer is in, so no commit in between can compact past {@code t}.
 *
 * <p>An {@code AS OF} time is the caller's choice and is not held: compacted history is refused
 * (22000) as the read policy promises.
 *
 * <p>Thread-safety: one per read, used by the reading thread only.
 */
final class ReadTime implements AutoCloseable {
    private final Coordinator coord;
    private final long time;
    private final boolean held;

    private ReadTime(Coordinator coord, long time, boolean held) {
        this.coord = coord;
        this.time = time;
        this.held = held;
    }

    /**
     * The time to read at: {@code asOf}, or (if null) the earliest time from {@code inputsChanged}
     * ({@link InputsChanged}) that no compaction passed, never after the read timestamp, held until
     * {@link #close}.
     */
    static ReadTime choose(Coordinator coord, Long asOf, long inputsChanged) {
        if (asOf != null) {
            return new ReadTime(coord, asOf, false);
        }
        return new ReadTime(coord, coord.holdReadTimestamp(inputsChanged), true);
    }

    /** The chosen time. */
    long time() {
        return time;
    }

    /** Releases the hold, if any; call once the read's answer is in (or it failed). */
    @Override
    public void close() {
        if (held) {
            coord.releaseHold(time);
        }
    }
}
