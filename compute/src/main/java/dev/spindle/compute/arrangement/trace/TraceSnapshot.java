package dev.spindle.compute.arrangement.trace;

import dev.spindle.common.row.Row;
import dev.spindle.common.time.Frontier;
import dev.spindle.compute.arrangement.batch.Batch;
import dev.spindle.compute.arrangement.cursor.Cursor;
import dev.spindle.compute.arrangement.cursor.CursorList;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * An immutable view of a trace as one publish left it: its batch chain, oldest first, and its
 * frontiers.
 *
 * <h2>Frontier contract</h2>
 * <ul>
 *   <li>The batches are contiguous ({@code batches[i].upper == batches[i+1].lower}) and the last
 *       one's upper is {@link #upper}: together they hold every update at a time before
 *       {@code upper}. Times {@code < upper} are sealed.</li>
 *   <li>{@link #since} is at or after every batch's since: reading at any {@code t} with
 *       {@code since <= t < upper} is correct, and stays correct for as long as the snapshot is
 *       held, whatever the writer does afterwards (it never changes a published batch).</li>
 *   <li>Snapshots of one trace are published in {@link #sequence} order, with upper and since
 *       never moving backwards.</li>
 * </ul>
 * A <em>dropped</em> snapshot is what readers see after the writer closed and the last handle was
 * released: no batches, and every read fails.
 *
 * <p>Thread-safety: immutable; read it from any thread without locks. Holding a snapshot keeps its
 * batches reachable; readers that hold one for long should hold a {@link TraceHandle} too, so that
 * the times they read stay readable in later snapshots.
 *
 * @param batches the batch chain, oldest first
 * @param upper times before it are sealed
 * @param since reads are valid at times at or after it
 * @param size memory accounting of this state
 * @param sequence publish number, from 0
 * @param dropped true once the trace's data was released
 */
public record TraceSnapshot(List<Batch> batches, Frontier upper, Frontier since, ArrangementSize size, long sequence,
                            boolean dropped) {

    public TraceSnapshot {
        batches = List.copyOf(batches);
        Objects.requireNonNull(upper, "upper");
        Objects.requireNonNull(since, "since");
        Objects.requireNonNull(size, "size");
        for (int i = 0; i + 1 < batches.size(); i++) {
            if (!batches.get(i).description().upper().equals(batches.get(i + 1).description().lower())) {
                throw new IllegalArgumentException("batches are not contiguous at " + i + ": "
                        + batches.get(i).description() + " then " + batches.get(i + 1).description());
            }
        }
        if (!batches.isEmpty() && !batches.get(batches.size() - 1).description().upper().equals(upper)) {
            throw new IllegalArgumentException("the last batch ends at " + batches.get(batches.size() - 1).description()
                    .upper() + ", not at the upper " + upper);
        }
    }

    /** The snapshot of a trace nobody can read any more. */
    public static TraceSnapshot dropped(Frontier upper, Frontier since, long sequence) {
        return new TraceSnapshot(List.of(), upper, since, ArrangementSize.ZERO, sequence, true);
    }

    /** True if a read at {@code t} is valid: not dropped, {@code since <= t < upper}. */
    public boolean isReadableAt(long t) {
        return !dropped && since.lessEqual(t) && upper.isSealed(t);
    }

    /**
     * Checks that a read at {@code t} is valid.
     *
     * @throws CompactedBeyondReadException if {@code t < since}
     * @throws IllegalArgumentException if {@code t} is not sealed ({@code t >= upper}): callers must
     *     wait for the upper first
     * @throws IllegalStateException if the trace was dropped
     */
    public void checkReadable(long t) {
        if (dropped) {
            throw new IllegalStateException("the arrangement was dropped");
        }
        if (!since.lessEqual(t)) {
            throw new CompactedBeyondReadException(since, t);
        }
        if (!upper.isSealed(t)) {
            throw new IllegalArgumentException("time " + t + " is not sealed: the arrangement's upper is " + upper);
        }
    }

    /** A cursor merging every non-empty batch on the fly. */
    public Cursor cursor() {
        List<Cursor> cursors = new ArrayList<>(batches.size());
        for (Batch b : batches) {
            if (!b.isEmpty()) {
                cursors.add(b.cursor());
            }
        }
        return new CursorList(cursors);
    }

    /**
     * A cursor over exactly the updates at times before {@code through} (before compaction), for
     * readers that hold a physical compaction frontier at or before {@code through}: the batches
     * whose upper is at or before it.
     *
     * @throws IllegalStateException if a non-empty batch straddles {@code through} (its boundary was
     *     merged away: nobody held it physically)
     */
    public Cursor cursorThrough(Frontier through) {
        List<Cursor> cursors = new ArrayList<>();
        for (Batch b : batches) {
            Frontier lower = b.description().lower();
            Frontier bUpper = b.description().upper();
            if (bUpper.lessEqual(through)) {
                if (!b.isEmpty()) {
                    cursors.add(b.cursor());
                }
            } else if (lower.lessThan(through) && !b.isEmpty()) {
                throw new IllegalStateException("batch " + b.description() + " straddles " + through);
            }
        }
        return new CursorList(cursors);
    }

    /**
     * The collection at {@code t}: every {@code (key, val)} with a non-zero sum of diffs at times
     * {@code <= t}, sorted by key then value. See {@link #checkReadable} for the exceptions.
     */
    public List<KeyValDiff> readAt(long t) {
        checkReadable(t);
        List<KeyValDiff> out = new ArrayList<>();
        Cursor c = cursor();
        while (c.keyValid()) {
            collectKey(c, t, out);
            c.stepKey();
        }
        return out;
    }

    /** The entries of one key at {@code t}, sorted by value (a point lookup). */
    public List<KeyValDiff> readAt(long t, Row key) {
        checkReadable(t);
        List<KeyValDiff> out = new ArrayList<>();
        Cursor c = cursor();
        c.seekKey(key);
        if (c.keyValid() && c.compareKey(key) == 0) {
            collectKey(c, t, out);
        }
        return out;
    }

    private static void collectKey(Cursor c, long t, List<KeyValDiff> out) {
        Row key = null;
        while (c.valValid()) {
            long diff = c.accumulate(t);
            if (diff != 0) {
                if (key == null) {
                    key = c.key();
                }
                out.add(new KeyValDiff(key, c.val(), diff));
            }
            c.stepVal();
        }
    }
}
