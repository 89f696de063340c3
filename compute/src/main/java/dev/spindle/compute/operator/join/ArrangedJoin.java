package dev.spindle.compute.operator.join;

import dev.spindle.common.row.Row;
import dev.spindle.common.time.Frontier;
import dev.spindle.common.update.Consolidation;
import dev.spindle.common.update.Update;
import dev.spindle.compute.dataflow.InputPort;
import dev.spindle.compute.dataflow.Operator;
import dev.spindle.compute.dataflow.OutputPort;
import dev.spindle.compute.operator.arrange.KeyFunction;
import dev.spindle.compute.operator.reduce.KeyedReader;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * The equi-join of two arranged collections: for left row {@code l} and right row {@code r}
 * with equal keys, the output row {@code l ++ r} at time {@code max(tl, tr)} with diff
 * {@code dl * dr}. Keys holding a NULL never match (SQL equality).
 *
 * <h2>Algorithm</h2>
 * Each run receives the updates both arrangements accepted since the last run ({@code dL},
 * {@code dR}); when it runs, the arrangements already hold them (same worker, earlier in build
 * order), so reading them gives {@code L' = L + dL} and {@code R' = R + dR}. The change of
 * {@code L ⋈ R} is {@code dL ⋈ R' + L' ⋈ dR - dL ⋈ dR}, all of which it can compute. Reading an
 * arrangement whose times were advanced to its since keeps {@code max(tl, tr)} exact as long as
 * each side's since is at most the other side's frontier, so the operator holds each input's
 * logical compaction at the other input's frontier.
 */
public final class ArrangedJoin extends Operator {
    private final InputPort left;
    private final InputPort right;
    private final KeyFunction leftKey;
    private final KeyFunction rightKey;
    private final Supplier<KeyedReader> leftReader;
    private final Supplier<KeyedReader> rightReader;
    private final Consumer<Frontier> holdLeft;
    private final Consumer<Frontier> holdRight;
    private final OutputPort out;

    public ArrangedJoin(int id, InputPort left, KeyFunction leftKey, Supplier<KeyedReader> leftReader, Consumer<Frontier> holdLeft,
                        InputPort right, KeyFunction rightKey, Supplier<KeyedReader> rightReader, Consumer<Frontier> holdRight,
                        OutputPort out) {
        super(id, "Join");
        this.left = left;
        this.right = right;
        this.leftKey = leftKey;
        this.rightKey = rightKey;
        this.leftReader = leftReader;
        this.rightReader = rightReader;
        this.holdLeft = holdLeft;
        this.holdRight = holdRight;
        this.out = out;
    }

    @Override
    public boolean run() {
        List<Update> dl = left.drain();
        List<Update> dr = right.drain();
        if (!dl.isEmpty() || !dr.isEmpty()) {
            TreeMap<Row, List<Update>> dlByKey = byKey(dl, leftKey);
            TreeMap<Row, List<Update>> drByKey = byKey(dr, rightKey);
            List<Update> produced = new ArrayList<>();
            if (!dlByKey.isEmpty()) {
                KeyedReader rr = rightReader.get();
                for (Map.Entry<Row, List<Update>> e : dlByKey.entrySet()) {
                    List<Update> rs = new ArrayList<>();
                    rr.read(e.getKey(), (row, t, d) -> rs.add(new Update(row, t, d)));
                    cross(e.getValue(), rs, 1, produced);
                }
            }
            if (!drByKey.isEmpty()) {
                KeyedReader lr = leftReader.get();
                for (Map.Entry<Row, List<Update>> e : drByKey.entrySet()) {
                    List<Update> ls = new ArrayList<>();
                    lr.read(e.getKey(), (row, t, d) -> ls.add(new Update(row, t, d)));
                    cross(ls, e.getValue(), 1, produced);
                    List<Update> both = dlByKey.get(e.getKey());
                    if (both != null) {
                        cross(both, e.getValue(), -1, produced);
                    }
                }
            }
            for (Update u : Consolidation.consolidate(produced)) {
                out.give(u);
            }
        }
        Frontier fl = left.frontier();
        Frontier fr = right.frontier();
        holdLeft.accept(fr);
        holdRight.accept(fl);
        return out.advance(fl.meet(fr)) || !dl.isEmpty() || !dr.isEmpty();
    }

    private static TreeMap<Row, List<Update>> byKey(List<Update> updates, KeyFunction key) {
        TreeMap<Row, List<Update>> m = new TreeMap<>();
        for (Update u : updates) {
            Row k = key.key(u.row());
            if (!hasNull(k)) {
                m.computeIfAbsent(k, x -> new ArrayList<>()).add(u);
            }
        }
        return m;
    }

    private static boolean hasNull(Row key) {
        for (Object v : key.toArray()) {
            if (v == null) {
                return true;
            }
        }
        return false;
    }

    private static void cross(List<Update> ls, List<Update> rs, int sign, List<Update> out) {
        for (Update l : ls) {
            for (Update r : rs) {
                out.add(new Update(l.row().concat(r.row()), Math.max(l.time(), r.time()),
                        sign * Math.multiplyExact(l.diff(), r.diff())));
            }
        }
    }
}
