package dev.spindle.compute.arrangement.spine;

import dev.spindle.common.time.Frontier;
import dev.spindle.compute.arrangement.batch.Batch;
import dev.spindle.compute.arrangement.batch.BatchMerger;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * The levelled part of a {@link Spine}: batches admitted for merging, arranged by size class, with
 * merges in progress. The algorithm and its invariants are described in {@link Spine}'s header.
 * Single-threaded (the writer's); holds no published state.
 */
final class MergeLadder {
    /** Fuel per introduced (virtual) record given to each merge in progress. */
    static final long FUEL_PER_RECORD = 8;

    /** One level: vacant, one batch, or two batches being merged into one for the next level. */
    private static final class Level {
        Batch single;
        BatchMerger merge;

        boolean isVacant() {
            return single == null && merge == null;
        }
    }

    private final List<Level> levels = new ArrayList<>();
    private final Supplier<Frontier> compaction;
    private final long effort;
    private long changes;

    /**
     * @param compaction the logical compaction frontier to apply to merges that begin now
     * @param effort multiplier of the fuel each introduced record provides (at least 1)
     */
    MergeLadder(Supplier<Frontier> compaction, long effort) {
        this.compaction = compaction;
        this.effort = Math.max(1, effort);
    }

    /** The size class of a batch: the least {@code k} with {@code records <= 2^k}. */
    static int levelOf(long records) {
        return records <= 1 ? 0 : 64 - Long.numberOfLeadingZeros(records - 1);
    }

    /** Counts changes to the batch chain (merges begun or completed, batches placed or replaced). */
    long changes() {
        return changes;
    }

    /** True if a merge is in progress at some level. */
    boolean hasMerges() {
        for (Level l : levels) {
            if (l.merge != null) {
                return true;
            }
        }
        return false;
    }

    /** Number of batches readers see. */
    int batchCount() {
        int n = 0;
        for (Level l : levels) {
            n += l.single != null ? 1 : l.merge != null ? 2 : 0;
        }
        return n;
    }

    /** Drops every batch and merge (the spine closed). */
    void clear() {
        levels.clear();
        changes++;
    }

    /** Number of levels (for tests and diagnostics). */
    int depth() {
        return levels.size();
    }

    /** Calls {@code action} with every batch readers should see, oldest first. */
    void forEachBatch(Consumer<Batch> action) {
        for (int i = levels.size() - 1; i >= 0; i--) {
            Level l = levels.get(i);
            if (l.single != null) {
                action.accept(l.single);
            } else if (l.merge != null) {
                action.accept(l.merge.older());
                action.accept(l.merge.newer());
            }
        }
    }

    /** Heap bytes already allocated by merges in progress. */
    long mergeBytes() {
        long bytes = 0;
        for (Level l : levels) {
            if (l.merge != null) {
                bytes += l.merge.allocatedBytes();
            }
        }
        return bytes;
    }

    /**
     * If the newest batch is empty and not being merged, replaces it with {@code replacement}
     * (an empty batch covering it and more); returns whether it did.
     */
    boolean replaceNewestEmpty(Batch replacement) {
        for (Level l : levels) {
            if (l.merge != null) {
                return false;
            }
            if (l.single != null) {
                if (!l.single.isEmpty()) {
                    return false;
                }
                l.single = replacement;
                changes++;
                return true;
            }
        }
        return false;
    }

    /** The newest batch, or null if there is none. */
    Batch newest() {
        for (Level l : levels) {
            if (l.merge != null) {
                return l.merge.newer();
            }
            if (l.single != null) {
                return l.single;
            }
        }
        return null;
    }

    /**
     * Admits {@code batch}, newer than every batch here: fuels the merges in progress in
     * proportion to its size, rolls the smaller levels up, places it at its size class and tidies.
     */
    void introduce(Batch batch) {
        introduce(batch, levelOf(batch.records()));
    }

    /**
     * {@link #introduce(Batch)} at size class {@code k} whatever the batch holds: an empty batch
     * introduced this way stands for {@code 2^k} virtual records (idle maintenance).
     */
    void introduce(Batch batch, int k) {
        long fuel = k >= 50 ? Long.MAX_VALUE : FUEL_PER_RECORD * effort << k;
        fuelEach(fuel);
        rollUpBelow(k);
        place(batch, k);
        tidy();
    }

    /**
     * Spends about {@code fuel} units on merges in progress, lowest level first.
     *
     * @return true if merges remain in progress
     */
    boolean work(long fuel) {
        for (int i = 0; i < levels.size() && fuel > 0; i++) {
            Level l = levels.get(i);
            if (l.merge != null) {
                fuel = l.merge.work(fuel);
                if (l.merge.isDone()) {
                    promote(i);
                }
            }
        }
        trimTop();
        return hasMerges();
    }

    /** Gives every merge in progress {@code fuel} (each its own), promoting the ones that finish. */
    private void fuelEach(long fuel) {
        for (int i = 0; i < levels.size(); i++) {
            Level l = levels.get(i);
            if (l.merge != null) {
                l.merge.work(fuel);
                if (l.merge.isDone()) {
                    promote(i);
                }
            }
        }
    }

    /** Moves the finished merge at level {@code i} up to level {@code i + 1}. */
    private void promote(int i) {
        Batch merged = levels.get(i).merge.result();
        levels.get(i).merge = null;
        changes++;
        place(merged, i + 1);
    }

    /**
     * Empties every level below {@code k}: their batches (forcing their merges to completion) are
     * merged, oldest into newest, and the result is placed at level {@code k}; if that starts a
     * merge at {@code k}, the merge is completed and moved up so that level {@code k} is free.
     */
    private void rollUpBelow(int k) {
        Batch acc = null;
        for (int i = 0; i < Math.min(k, levels.size()); i++) {
            Batch here = take(i);
            if (here != null) {
                acc = acc == null ? here : BatchMerger.mergeNow(here, acc, compaction.get());
            }
        }
        if (acc != null) {
            place(acc, k);
            Level at = levels.get(k);
            if (at.merge != null) {
                at.merge.work(Long.MAX_VALUE);
                promote(k);
            }
        }
    }

    /** Removes and returns the content of level {@code i} as one batch (null if vacant). */
    private Batch take(int i) {
        Level l = levels.get(i);
        Batch b;
        if (l.merge != null) {
            l.merge.work(Long.MAX_VALUE);
            b = l.merge.result();
        } else {
            b = l.single;
        }
        l.merge = null;
        l.single = null;
        changes++;
        return b;
    }

    /**
     * Puts {@code batch}, newer than everything at levels {@code >= i} and older than everything
     * below, at level {@code i}: a vacant level takes it, a single batch starts a merge with it.
     * A level still merging (the fuel discipline should prevent it) is completed and promoted
     * first, so correctness never depends on the fuel arithmetic.
     */
    private void place(Batch batch, int i) {
        while (levels.size() <= i) {
            levels.add(new Level());
        }
        Level l = levels.get(i);
        if (l.merge != null) {
            l.merge.work(Long.MAX_VALUE);
            promote(i);
        }
        if (l.single == null) {
            l.single = batch;
        } else {
            l.merge = BatchMerger.begin(l.single, batch, compaction.get());
            l.single = null;
        }
        changes++;
    }

    /**
     * Draws the largest batch down when compaction left it much smaller than its level: into a
     * vacant level below, or into a merge with a single batch below when little is beneath that
     * (at most an eighth of the top level's capacity), so levels track actual sizes.
     */
    private void tidy() {
        trimTop();
        while (levels.size() >= 2) {
            int top = levels.size() - 1;
            Level t = levels.get(top);
            if (t.single == null || levelOf(t.single.records()) >= top) {
                return;
            }
            Level below = levels.get(top - 1);
            if (below.isVacant()) {
                levels.remove(top - 1);
                changes++;
                continue;
            }
            if (below.single != null && virtualRecordsBelow(top - 1) <= (1L << top) / 8) {
                Batch older = t.single;
                Batch newer = below.single;
                levels.remove(top);
                below.single = null;
                below.merge = BatchMerger.begin(older, newer, compaction.get());
                changes++;
            }
            return;
        }
    }

    /** The records levels below {@code j} stand for: {@code 2^i} per batch at level {@code i}. */
    private long virtualRecordsBelow(int j) {
        long sum = 0;
        for (int i = 0; i < j; i++) {
            Level l = levels.get(i);
            sum += l.merge != null ? 2L << i : l.single != null ? 1L << i : 0;
        }
        return sum;
    }

    private void trimTop() {
        while (!levels.isEmpty() && levels.get(levels.size() - 1).isVacant()) {
            levels.remove(levels.size() - 1);
        }
    }
}
