package dev.spindle.compute.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spindle.common.id.GlobalId;
import dev.spindle.common.row.Row;
import dev.spindle.common.time.Frontier;
import dev.spindle.common.type.RelationDesc;
import dev.spindle.common.update.Consolidation;
import dev.spindle.common.update.Update;
import dev.spindle.compute.dataflow.DataflowBuilder;
import dev.spindle.compute.dataflow.InputPort;
import dev.spindle.compute.dataflow.OutputPort;
import dev.spindle.compute.operator.Capture;
import dev.spindle.compute.operator.CaptureBuffer;
import dev.spindle.compute.operator.TableSource;
import dev.spindle.compute.runtime.ComputeRuntime;
import dev.spindle.compute.runtime.DataflowStats;
import dev.spindle.storage.table.TableLog;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

/**
 * Runs a dataflow over random table histories and checks it against a from-scratch oracle at
 * every time: the shared machinery of the operator properties.
 */
public final class DataflowHarness {
    private DataflowHarness() {
    }

    /** Builds the operators under test from the source streams; returns {oks, errs}. */
    @FunctionalInterface
    public interface Render {
        OutputPort[] build(DataflowBuilder b, List<OutputPort> sources);
    }

    /** The expected oks and errs at a time, from each input's contents at that time. */
    public record Expected(Map<Row, Long> oks, Map<Row, Long> errs) {
    }

    /**
     * A random valid history for one table: {@code batches} lists of updates (times assigned
     * by the harness), rows from {@code rowGen}, with retractions of live rows.
     */
    public static List<List<Row[]>> history(Random rnd, int batches, Function<Random, Row> rowGen) {
        List<List<Row[]>> out = new ArrayList<>();
        TreeMap<Row, Long> live = new TreeMap<>();
        for (int b = 0; b < batches; b++) {
            List<Row[]> ups = new ArrayList<>();
            int n = rnd.nextInt(7);
            for (int i = 0; i < n; i++) {
                if (!live.isEmpty() && rnd.nextInt(3) == 0) {
                    Row r = new ArrayList<>(live.keySet()).get(rnd.nextInt(live.size()));
                    ups.add(new Row[] {r, null});
                    live.merge(r, -1L, Long::sum);
                    live.values().removeIf(x -> x == 0);
                } else {
                    Row r = rowGen.apply(rnd);
                    ups.add(new Row[] {r});
                    live.merge(r, 1L, Long::sum);
                }
            }
            out.add(ups);
        }
        return out;
    }

    private static List<Update> at(List<Row[]> batch, long ts) {
        List<Update> out = new ArrayList<>();
        for (Row[] r : batch) {
            out.add(new Update(r[0], ts, r.length == 1 ? 1 : -1));
        }
        return out;
    }

    /**
     * Runs {@code render} over tables filled from {@code histories}, part before the dataflow
     * starts and part after, and compares with {@code oracle} at every time from the dataflow's
     * as-of to the end.
     */
    public static void check(long seed, int workers, List<RelationDesc> descs, List<List<List<Row[]>>> histories,
                             Render render, Function<List<Map<Row, Long>>, Expected> oracle) throws Exception {
        Random rnd = new Random(seed);
        int batches = histories.get(0).size();
        long[] times = new long[batches];
        for (int i = 0; i < batches; i++) {
            times[i] = (i == 0 ? 1 : times[i - 1] + 1) + rnd.nextInt(2);
        }
        List<TableLog> tables = new ArrayList<>();
        for (int i = 0; i < descs.size(); i++) {
            tables.add(new TableLog(GlobalId.user(i + 1), descs.get(i)));
        }
        int before = rnd.nextInt(batches + 1);
        long asOf = before == 0 ? 0 : times[before - 1];
        for (int i = 0; i < before; i++) {
            for (int t = 0; t < tables.size(); t++) {
                tables.get(t).append(at(histories.get(t).get(i), times[i]), times[i]);
            }
        }
        CaptureBuffer oks = new CaptureBuffer(workers);
        CaptureBuffer errs = new CaptureBuffer(workers);
        try (ComputeRuntime rt = new ComputeRuntime("test", workers)) {
            rt.createDataflow(1, "under-test", b -> {
                List<OutputPort> sources = new ArrayList<>();
                for (TableLog t : tables) {
                    OutputPort o = b.newOutput();
                    b.add(id -> new TableSource(id, t, Frontier.at(asOf), o, b.worker(), b.workers(), b.waker()));
                    sources.add(o);
                }
                OutputPort[] outs = render.build(b, sources);
                InputPort okIn = b.connect(outs[0], null);
                b.add(id -> new Capture(id, okIn, oks, b.worker()));
                InputPort errIn = b.connect(outs[1], null);
                b.add(id -> new Capture(id, errIn, errs, b.worker()));
            });
            for (int i = before; i < batches; i++) {
                for (int t = 0; t < tables.size(); t++) {
                    tables.get(t).append(at(histories.get(t).get(i), times[i]), times[i]);
                }
            }
            long end = batches == 0 ? 0 : times[batches - 1];
            for (TableLog t : tables) {
                t.advanceUpper(Frontier.after(end));
            }
            for (long t = asOf; t <= end; t++) {
                List<Map<Row, Long>> inputs = new ArrayList<>();
                for (int k = 0; k < tables.size(); k++) {
                    List<Update> all = new ArrayList<>();
                    for (int i = 0; i < batches; i++) {
                        all.addAll(at(histories.get(k).get(i), times[i]));
                    }
                    inputs.add(Consolidation.accumulate(all, t));
                }
                Expected exp = oracle.apply(inputs);
                Map<Row, Long> got = oks.awaitAt(t, 20, TimeUnit.SECONDS);
                assertNotNull(got, "output frontier never passed " + t + " (W=" + workers + ")");
                assertEquals(exp.oks(), got, "oks at " + t + ", W=" + workers + ", as of " + asOf);
                assertEquals(exp.errs(), errs.awaitAt(t, 20, TimeUnit.SECONDS), "errs at " + t + ", W=" + workers);
            }
            assertTrue(rt.failures().isEmpty(), () -> rt.failures().toString());
            List<DataflowStats> stats = rt.stats(1);
            for (DataflowStats s : stats) {
                assertEquals(stats.get(0), s, "identical graphs on every worker");
            }
        }
    }
}
