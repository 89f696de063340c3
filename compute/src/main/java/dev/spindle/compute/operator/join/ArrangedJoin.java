package dev.spindle.compute.operator.join;

import dev.spindle.common.row.Row;
import dev.spindle.common.time.Frontier;
import dev.spindle.common.update.Consolidation;
import dev.spindle.common.update.Update;
import dev.spindle.compute.dataflow.InputPort;
import dev.spindle.compute.dataflow.Operator;
import dev.spindle.compute.dataflow.OutputPort;
import dev.spindle.compute.operator.arrange.ArrangementPort;
import dev.spindle.compute.operator.arrange.KeyFunction;
import dev.spindle.compute.operator.arrange.KeyedReader;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The equi-join of two arranged collections: for left row {@code l} and right row {@code r}
 * with equal keys, the output row {@code l ++ r} at time {@code max(tl, tr)} with diff
 * {@code dl * dr}. Keys holding a NULL never match (SQL equality).
 *
 * <h2>Algorithm</h2>
 * Times are totally ordered, so every pair is produced by exactly one side, decided by time:
 * a left update at {@code tl} pairs with the right arrangement's entries at {@code tr <= tl}, a
 * right update at {@code tr} with the left arrangement's entries at {@code tl < tr}. A left update
 * waits until the right input's frontier has passed {@code tl} (every right entry it must meet is
 * then arranged) and a right update until the left frontier has reached {@code tr}. Because each
 * update is handled on its own, whatever the other side has arranged meanwhile, the work is cut
 * into slices of {@link #FUEL} updates, so joining large inputs never holds a worker hostage.
 *
 * <p>Compaction: reading an entry whose time was advanced to its arrangement's since must not
 * move it across the time it is compared with, so the operator holds the right arrangement at the
 * earliest left time it may still handle and the left arrangement one tick below the earliest
 * right time.
 */
public final class ArrangedJoin extends Operator {
    /** Updates handled per run. */
    static final int FUEL = 4096;
    /**
     * Output produced per run, about: a run stops taking new updates once it has produced this
     * many rows (a cross join's update meets every row of the other side), so a worker returns to
     * its commands — a dropped or cancelled dataflow — within a bounded slice of work.
     */
    static final int OUTPUT_FUEL = 1 << 16;

    private final InputPort left;
    private final InputPort right;
    private final KeyFunction leftKey;
    private final KeyFunction rightKey;
    private final ArrangementPort.Reader leftReader;
    private final ArrangementPort.Reader rightReader;
    private final OutputPort out;
    private final List<Update> pendingLeft = new ArrayList<>();
    private final List<Update> pendingRight = new ArrayList<>();

    /**
     * @param leftReader this operator's own reader of the left arrangement (closed with it)
     * @param rightReader this operator's own reader of the right arrangement (closed with it)
     */
    public ArrangedJoin(int id, InputPort left, KeyFunction leftKey, ArrangementPort.Reader leftReader,
                        InputPort right, KeyFunction rightKey, ArrangementPort.Reader rightReader, OutputPort out) {
        super(id, "Join");
        this.left = left;
        this.right = right;
        this.leftKey = leftKey;
        this.rightKey = rightKey;
        this.leftReader = leftReader;
        this.rightReader = rightReader;
        this.out = out;
    }

    @Override
    public boolean run() {
        List<Update> dl = left.drain();
        List<Update> dr = right.drain();
        pendingLeft.addAll(dl);
        pendingRight.addAll(dr);
        Frontier fl = left.frontier();
        Frontier fr = right.frontier();
        List<Update> produced = new ArrayList<>();
        int fuel = FUEL;
        // left updates at tl < fr meet right entries at tr <= tl
        fuel -= handle(pendingLeft, t -> fr.isSealed(t), leftKey, rightReader, true, fuel, produced);
        // right updates at tr <= fl meet left entries at tl < tr
        handle(pendingRight, t -> fl.isEmpty() || t <= fl.bound(), rightKey, leftReader, false, Math.max(fuel, 1), produced);
        for (Update u : Consolidation.consolidate(produced)) {
            out.give(u);
        }
        Frontier pendingLeftMin = minTime(pendingLeft); // one pass over each list per run
        Frontier pendingRightMin = minTime(pendingRight);
        Frontier minLeft = pendingLeftMin.meet(fl);
        Frontier minRight = pendingRightMin.meet(fr);
        rightReader.allowCompaction(minLeft);
        leftReader.allowCompaction(minRight.isEmpty() || minRight.time() == 0 ? minRight : Frontier.at(minRight.time() - 1));
        boolean moved = out.advance(minLeft.meet(minRight));
        boolean more = !pendingLeft.isEmpty() && fr.isSealed(pendingLeftMin.bound())
                || !pendingRight.isEmpty() && (fl.isEmpty() || pendingRightMin.bound() <= fl.bound());
        return moved || !dl.isEmpty() || !dr.isEmpty() || !produced.isEmpty() || more;
    }

    /**
     * Handles up to {@code fuel} ready updates of {@code pending}, in key order, against the other
     * side's arrangement, until it has produced {@link #OUTPUT_FUEL} rows; the rest go back to
     * {@code pending}. Returns how many it handled.
     */
    private static int handle(List<Update> pending, java.util.function.LongPredicate ready, KeyFunction key,
                              ArrangementPort.Reader other, boolean isLeft, int fuel, List<Update> produced) {
        if (pending.isEmpty()) {
            return 0;
        }
        List<Update> now = new ArrayList<>();
        List<Update> later = new ArrayList<>();
        for (Update u : pending) {
            (ready.test(u.time()) && now.size() < fuel ? now : later).add(u);
        }
        if (now.isEmpty()) {
            return 0;
        }
        pending.clear();
        pending.addAll(later);
        List<Row> keys = new ArrayList<>(now.size());
        List<Integer> order = new ArrayList<>(now.size());
        for (int i = 0; i < now.size(); i++) {
            keys.add(key.key(now.get(i).row()));
            order.add(i);
        }
        order.sort(Comparator.comparing(keys::get));
        KeyedReader reader = other.snapshot();
        Row current = null;
        List<Update> matches = new ArrayList<>();
        int limit = produced.size() + OUTPUT_FUEL;
        int handled = 0;
        for (int i : order) {
            if (produced.size() >= limit) {
                pending.add(now.get(i)); // out of fuel: handled in a later run
                continue;
            }
            handled++;
            Row k = keys.get(i);
            if (k.hasNull()) {
                continue;
            }
            if (!k.equals(current)) {
                current = k;
                matches.clear();
                reader.read(k, (row, t, d) -> matches.add(new Update(row, t, d)));
            }
            Update u = now.get(i);
            for (Update m : matches) {
                if (isLeft ? m.time() <= u.time() : m.time() < u.time()) {
                    Row joined = isLeft ? u.row().concat(m.row()) : m.row().concat(u.row());
                    produced.add(new Update(joined, u.time(), Math.multiplyExact(u.diff(), m.diff())));
                }
            }
        }
        return handled;
    }

    @Override
    public void close() {
        leftReader.close();
        rightReader.close();
    }

    private static Frontier minTime(List<Update> updates) {
        long min = Long.MAX_VALUE;
        for (Update u : updates) {
            min = Math.min(min, u.time());
        }
        return min == Long.MAX_VALUE ? Frontier.EMPTY : Frontier.at(min);
    }

}
