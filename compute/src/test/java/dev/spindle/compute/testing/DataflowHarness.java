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
import dev.spindle.compute.testing.Histories.Change;
import dev.spindle.compute.testing.Histories.Live;
import dev.spindle.compute.testing.Histories.Op;
import dev.spindle.storage.table.TableLog;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.RandomDistribution;

/**
 * Runs a dataflow over generated table histories and checks it against a from-scratch oracle at
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
     * One batch of every input: {@code inputs.get(i)} are the ops on input {@code i}, at a time
     * {@code 1 + gap} after the previous batch's (the first batch's previous time is 0).
     */
    public record Step(int gap, List<List<Op<Row>>> inputs) {
    }

    /**
     * Histories of the inputs, batch by batch: the {@code before} batches are in the tables when
     * the dataflow starts (as of the last of their times), the {@code after} batches arrive while
     * it runs. Each input's ops are read as one history across all the batches.
     */
    public record Scenario(List<Step> before, List<Step> after) {
        public List<Step> steps() {
            List<Step> all = new ArrayList<>(before);
            all.addAll(after);
            return all;
        }

        public int batches() {
            return before.size() + after.size();
        }

        /** The time of each batch. */
        public long[] times() {
            List<Step> steps = steps();
            long[] times = new long[steps.size()];
            long t = 0;
            for (int i = 0; i < times.length; i++) {
                t += 1 + steps.get(i).gap();
                times[i] = t;
            }
            return times;
        }

        /** The dataflow's as-of: the time of the last batch before it starts, else 0. */
        public long asOf() {
            return before.isEmpty() ? 0 : times()[before.size() - 1];
        }

        /** The time of the last batch, else 0. */
        public long end() {
            return batches() == 0 ? 0 : times()[batches() - 1];
        }

        /** Input {@code input}'s updates, batch by batch, at the batches' times. */
        public List<List<Update>> updates(int input) {
            List<Step> steps = steps();
            long[] times = times();
            Live<Row> live = new Live<>();
            List<List<Update>> out = new ArrayList<>();
            for (int i = 0; i < steps.size(); i++) {
                List<Update> batch = new ArrayList<>();
                for (Change<Row> c : live.applyAll(steps.get(i).inputs().get(input))) {
                    batch.add(new Update(c.value(), times[i], c.diff()));
                }
                out.add(batch);
            }
            return out;
        }

        /** All of input {@code input}'s updates. */
        public List<Update> all(int input) {
            return updates(input).stream().flatMap(List::stream).toList();
        }

        /** The interpreted updates, as "t=TIME: +row -row | (the next input's) ..." per batch. */
        @Override
        public String toString() {
            int inputs = batches() == 0 ? 0 : steps().get(0).inputs().size();
            List<List<List<Update>>> ups = new ArrayList<>();
            for (int i = 0; i < inputs; i++) {
                ups.add(updates(i));
            }
            long[] times = times();
            List<String> shown = new ArrayList<>();
            for (int b = 0; b < batches(); b++) {
                StringBuilder sb = new StringBuilder("t=").append(times[b]).append(':');
                for (int i = 0; i < inputs; i++) {
                    sb.append(i == 0 ? "" : " |");
                    for (Update u : ups.get(i).get(b)) {
                        sb.append(u.diff() > 0 ? " +" : " -").append(u.row());
                    }
                }
                shown.add(sb.toString());
            }
            return "Scenario{before the dataflow: " + shown.subList(0, before.size())
                    + ", while it runs: " + shown.subList(before.size(), shown.size()) + "}";
        }
    }

    /**
     * Scenarios over {@code inputs} tables of {@code rows}: at most {@code maxBatches} batches in
     * all, half of them at most before the dataflow starts (mostly few, as an {@code @IntRange}
     * would draw them), each with 0 to {@code maxPerBatch} ops per input, a third of them
     * retractions, and 0 to {@code maxGap} idle times before each. The only edge case is the
     * empty scenario: the batches are random data.
     */
    public static Arbitrary<Scenario> scenarios(int inputs, Arbitrary<Row> rows, int maxBatches, int maxPerBatch,
                                                int maxGap) {
        Arbitrary<List<Op<Row>>> batch = Histories.ops(rows).list().ofMaxSize(maxPerBatch)
                .withSizeDistribution(RandomDistribution.uniform());
        Arbitrary<Step> step = Combinators.combine(Arbitraries.integers().between(0, maxGap),
                batch.list().ofSize(inputs)).as(Step::new).withoutEdgeCases();
        return Combinators.combine(
                step.list().ofMaxSize(maxBatches / 2).withSizeDistribution(RandomDistribution.biased()),
                step.list().ofMaxSize(maxBatches - maxBatches / 2).withSizeDistribution(RandomDistribution.biased()))
                .as(Scenario::new);
    }

    /**
     * Runs {@code render} over tables filled from {@code scenario}, its {@code before} batches
     * before the dataflow starts and the rest after, and compares with {@code oracle} at every
     * time from the dataflow's as-of to the end.
     */
    public static void check(int workers, List<RelationDesc> descs, Scenario scenario, Render render,
                             Function<List<Map<Row, Long>>, Expected> oracle) throws Exception {
        int batches = scenario.batches();
        int before = scenario.before().size();
        long[] times = scenario.times();
        long asOf = scenario.asOf();
        List<TableLog> tables = new ArrayList<>();
        List<List<List<Update>>> histories = new ArrayList<>();
        for (int i = 0; i < descs.size(); i++) {
            tables.add(new TableLog(GlobalId.user(i + 1), descs.get(i)));
            histories.add(scenario.updates(i));
        }
        for (int i = 0; i < before; i++) {
            for (int t = 0; t < tables.size(); t++) {
                tables.get(t).append(histories.get(t).get(i), times[i]);
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
                    tables.get(t).append(histories.get(t).get(i), times[i]);
                }
            }
            long end = scenario.end();
            for (TableLog t : tables) {
                t.advanceUpper(Frontier.after(end));
            }
            List<List<Update>> all = new ArrayList<>();
            for (int k = 0; k < tables.size(); k++) {
                all.add(scenario.all(k));
            }
            for (long t = asOf; t <= end; t++) {
                List<Map<Row, Long>> inputs = new ArrayList<>();
                for (List<Update> ups : all) {
                    inputs.add(Consolidation.accumulate(ups, t));
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
