package dev.spindle.compute.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spindle.common.error.ErrorCode;
import dev.spindle.common.error.SpindleException;
import dev.spindle.common.id.GlobalId;
import dev.spindle.common.row.Row;
import dev.spindle.common.time.Frontier;
import dev.spindle.common.update.Update;
import dev.spindle.compute.dataflow.InputPort;
import dev.spindle.compute.dataflow.KeyHasher;
import dev.spindle.compute.dataflow.OutputPort;
import dev.spindle.compute.operator.Capture;
import dev.spindle.compute.operator.CaptureBuffer;
import dev.spindle.compute.operator.EvalErrors;
import dev.spindle.compute.operator.FlatMap;
import dev.spindle.compute.operator.TableSource;
import dev.spindle.compute.operator.arrange.Arrange;
import dev.spindle.compute.operator.arrange.ArrangementPort;
import dev.spindle.compute.operator.arrange.KeyFunction;
import dev.spindle.compute.operator.reduce.GroupFunctions;
import dev.spindle.compute.operator.reduce.GroupRecompute;
import dev.spindle.compute.plan.Aggregate;
import dev.spindle.compute.testing.NaiveArrangement;
import dev.spindle.common.type.ColumnType;
import dev.spindle.common.type.TypeKind;
import dev.spindle.compute.controller.ComputeController;
import dev.spindle.compute.expr.ScalarExpr;
import dev.spindle.compute.operator.arrange.SpineArrangement;
import dev.spindle.compute.peek.PeekRequest;
import dev.spindle.compute.peek.PeekResponse;
import dev.spindle.compute.plan.DataflowDescription;
import dev.spindle.compute.render.ArrangementFactory;
import dev.spindle.compute.controller.RuntimeMode;
import dev.spindle.storage.table.TableLog;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Hydration in slices, error isolation between dataflows, and what dropping a dataflow releases. */
class DataflowLifecycleTest {

    /** Table u1 (k, v) with {@code rows} rows at time 1, sealed through 1. */
    static TableLog table(int rows) {
        TableLog t = new TableLog(GlobalId.user(1), BasicOperatorProperties.KV);
        List<Update> ups = new ArrayList<>();
        for (int i = 0; i < rows; i++) {
            ups.add(Update.insert(Row.of((long) (i % 5000), (long) i), 1));
        }
        t.append(ups, 1);
        return t;
    }

    static void countPerKey(ComputeRuntime rt, long id, TableLog t, CaptureBuffer oks, CaptureBuffer errs) {
        rt.createDataflow(id, "count", b -> {
            OutputPort src = b.newOutput();
            b.add(i -> new TableSource(i, t, Frontier.at(1), src, b.worker(), b.workers(), b.waker()));
            InputPort in = b.connect(src, KeyHasher.columns(0));
            OutputPort accepted = b.newOutput();
            ArrangementPort arr = new NaiveArrangement();
            b.add(i -> new Arrange(i, "Arrange", in, KeyFunction.columns(0), arr, accepted, null));
            ArrangementPort.Reader reader = arr.openReader();
            InputPort red = b.connect(accepted, null);
            OutputPort o = b.newOutput();
            OutputPort e = b.newOutput();
            b.add(i -> new GroupRecompute(i, "Reduce", red, KeyFunction.columns(0), reader,
                    GroupFunctions.reduce("t", List.of(Aggregate.countRows())), o, e));
            InputPort oi = b.connect(o, null);
            b.add(i -> new Capture(i, oi, oks, b.worker()));
            InputPort ei = b.connect(e, null);
            b.add(i -> new Capture(i, ei, errs, b.worker()));
        });
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void largeHydrationIsSlicedAndCorrect() throws Exception {
        TableLog t = table(60_000); // 15 source slices, 5 reduce slices on one worker
        try (ComputeRuntime rt = new ComputeRuntime("test", 2)) {
            CaptureBuffer oks = new CaptureBuffer(2);
            countPerKey(rt, 1, t, oks, new CaptureBuffer(2));
            Map<Row, Long> got = oks.awaitAt(1, 30, TimeUnit.SECONDS);
            assertNotNull(got);
            assertEquals(5000, got.size());
            for (Map.Entry<Row, Long> e : got.entrySet()) {
                assertEquals(12L, e.getKey().getLong(1), e.getKey().toString());
                assertEquals(1L, e.getValue());
            }
        }
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void largeJoinIsSlicedAndCorrect() throws Exception {
        TableLog t = new TableLog(GlobalId.user(1), BasicOperatorProperties.KV);
        List<Update> ups = new ArrayList<>();
        for (int i = 0; i < 40_000; i++) { // > 16k per worker: Arrange passes its accepted updates on in slices
            ups.add(Update.insert(Row.of((long) (i % 20_000), (long) i), 1));
        }
        t.append(ups, 1);
        ColumnType bigint = ColumnType.of(TypeKind.BIGINT).withNullable(false);
        GlobalId view = GlobalId.user(2);
        GlobalId index = GlobalId.user(3);
        // SELECT a.k, b.v FROM t a JOIN t b ON a.k = b.k: 20,000 keys x 2 x 2 rows, many join slices
        dev.spindle.compute.plan.Plan join = new dev.spindle.compute.plan.Plan.Join(
                new dev.spindle.compute.plan.Plan.Get(t.id()), new dev.spindle.compute.plan.Plan.Get(t.id()),
                new int[] {0}, new int[] {0});
        DataflowDescription desc = new DataflowDescription("join", java.util.Map.of(t.id(), t.desc()), java.util.Map.of(),
                List.of(new DataflowDescription.BuildDesc(view, join)),
                java.util.Map.of(index, new DataflowDescription.IndexExport(view, List.of(ScalarExpr.column(0, bigint)))),
                Frontier.at(1));
        try (ComputeController ctl = ComputeController.start(RuntimeMode.SOLO, 2, id -> t)) {
            ctl.createDataflow(1, desc).get(30, TimeUnit.SECONDS);
            PeekResponse r = ctl.peek(PeekRequest.all(index, 1)).get(30, TimeUnit.SECONDS);
            List<Row> rows = ((PeekResponse.Rows) r).rows();
            assertEquals(80_000, rows.size());
            for (Row row : rows) {
                assertEquals(row.getLong(0), row.getLong(1) % 20_000, row.toString());
                assertEquals(row.getLong(2), row.getLong(0));
            }
        }
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void divisionByZeroFlowsToErrsAndOtherDataflowsKeepRunning() throws Exception {
        TableLog t = table(10);
        try (ComputeRuntime rt = new ComputeRuntime("test", 2)) {
            CaptureBuffer oks = new CaptureBuffer(2);
            CaptureBuffer errs = new CaptureBuffer(2);
            rt.createDataflow(1, "divide", b -> {
                OutputPort src = b.newOutput();
                b.add(i -> new TableSource(i, t, Frontier.at(1), src, b.worker(), b.workers(), b.waker()));
                InputPort in = b.connect(src, null);
                OutputPort o = b.newOutput();
                OutputPort e = b.newOutput();
                b.add(i -> new FlatMap(i, "Map", in, (row, out) -> {
                    if (row.getLong(1) == 0) {
                        throw new SpindleException(ErrorCode.DIVISION_BY_ZERO_0);
                    }
                    out.accept(Row.of(100 / row.getLong(1)));
                }, o, e));
                InputPort oi = b.connect(o, null);
                b.add(i -> new Capture(i, oi, oks, b.worker()));
                InputPort ei = b.connect(e, null);
                b.add(i -> new Capture(i, ei, errs, b.worker()));
            });
            CaptureBuffer counts = new CaptureBuffer(2);
            countPerKey(rt, 2, t, counts, new CaptureBuffer(2));
            Map<Row, Long> err = errs.awaitAt(1, 30, TimeUnit.SECONDS);
            assertEquals(Map.of(EvalErrors.toRow(new SpindleException(ErrorCode.DIVISION_BY_ZERO_0)), 1L), err);
            assertEquals(9, oks.awaitAt(1, 30, TimeUnit.SECONDS).size());
            // the other dataflow is unaffected and keeps following the table
            t.append(List.of(Update.insert(Row.of(3L, 0L), 2)), 2);
            Map<Row, Long> later = counts.awaitAt(2, 30, TimeUnit.SECONDS);
            assertEquals(1L, later.get(Row.of(3L, 2L)));
            assertEquals(2, errs.awaitAt(2, 30, TimeUnit.SECONDS).values().iterator().next());
            assertTrue(rt.failures().isEmpty());
        }
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void droppingADataflowReleasesItsSubscriptionsOnEveryWorker() throws Exception {
        TableLog t = table(100);
        try (ComputeRuntime rt = new ComputeRuntime("test", 4)) {
            CaptureBuffer oks = new CaptureBuffer(4);
            countPerKey(rt, 7, t, oks, new CaptureBuffer(4));
            assertNotNull(oks.awaitAt(1, 30, TimeUnit.SECONDS));
            assertEquals(4, t.openSubscriptions());
            assertEquals(4, rt.stats(7).stream().filter(s -> s != null).count());
            rt.dropDataflow(7);
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (t.openSubscriptions() > 0 && System.nanoTime() < deadline) {
                Thread.sleep(5);
            }
            assertEquals(0, t.openSubscriptions());
            assertTrue(rt.stats(7).stream().allMatch(s -> s == null), "gone from every worker");
            t.append(List.of(Update.insert(Row.of(1L, 1L), 2)), 2);
            // a fence: a dataflow created after the drop has seen time 2 on every worker
            CaptureBuffer fence = new CaptureBuffer(4);
            countPerKey(rt, 8, t, fence, new CaptureBuffer(4));
            assertNotNull(fence.awaitAt(2, 30, TimeUnit.SECONDS));
            assertEquals(Frontier.at(2), oks.frontier(), "a dropped dataflow produces nothing more");
        }
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void droppingReleasesTraceHoldsAndExports() throws Exception {
        TableLog t = table(100);
        ColumnType bigint = ColumnType.of(TypeKind.BIGINT).withNullable(false);
        GlobalId index = GlobalId.user(10);
        GlobalId derived = GlobalId.user(11);
        java.util.Map<String, List<SpineArrangement>> made = new java.util.concurrent.ConcurrentHashMap<>();
        ArrangementFactory recording = (name, since) -> {
            SpineArrangement a = new SpineArrangement(since);
            made.computeIfAbsent(name, k -> new java.util.concurrent.CopyOnWriteArrayList<>()).add(a);
            return a;
        };
        DataflowDescription first = new DataflowDescription("index", java.util.Map.of(t.id(), t.desc()), java.util.Map.of(),
                List.of(), java.util.Map.of(index, new DataflowDescription.IndexExport(t.id(), List.of(ScalarExpr.column(0, bigint)))),
                Frontier.MIN);
        DataflowDescription second = new DataflowDescription("derived", java.util.Map.of(),
                java.util.Map.of(index, new DataflowDescription.IndexImport(t.id(), List.of(ScalarExpr.column(0, bigint)))),
                List.of(), java.util.Map.of(derived, new DataflowDescription.IndexExport(t.id(), List.of(ScalarExpr.column(1, bigint)))),
                Frontier.at(1));
        try (ComputeController ctl = ComputeController.start(RuntimeMode.SOLO, 2,
                ComputeController.Options.of(new RuntimeEnvironment(id -> t, recording)))) {
            ctl.createDataflow(1, first).get(20, TimeUnit.SECONDS);
            ctl.createDataflow(2, second).get(20, TimeUnit.SECONDS);
            PeekResponse r = ctl.peek(PeekRequest.all(derived, 1)).get(20, TimeUnit.SECONDS);
            assertEquals(100, ((PeekResponse.Rows) r).rows().size());
            List<SpineArrangement> indexOks = made.get(index + ".oks");
            assertEquals(2, indexOks.size(), "one per worker");
            for (SpineArrangement a : indexOks) {
                assertEquals(2, a.trace().liveHandles(), "the export's reader and the import's");
            }
            ctl.dropDataflow(2);
            awaitTrue(() -> indexOks.stream().allMatch(a -> a.trace().liveHandles() == 1));
            for (SpineArrangement a : made.get(derived + ".oks")) {
                awaitTrue(() -> a.trace().isDropped());
            }
            ctl.dropDataflow(1);
            for (SpineArrangement a : indexOks) {
                awaitTrue(() -> a.trace().isDropped() && a.trace().liveHandles() == 0);
            }
            assertEquals(0, t.openSubscriptions());
            // a peek on a dropped index fails at once, naming the index
            PeekResponse late = ctl.peek(PeekRequest.all(index, 1)).get(20, TimeUnit.SECONDS);
            SpindleException e = org.junit.jupiter.api.Assertions.assertInstanceOf(PeekResponse.Error.class, late).error();
            assertEquals(ErrorCode.INDEX_DROPPED_1, e.code());
            assertEquals("index \"u10\" was dropped", e.getMessage());
        }
    }

    private static void awaitTrue(java.util.function.BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!condition.getAsBoolean() && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
        assertTrue(condition.getAsBoolean());
    }

    @Test
    @Timeout(value = 30, unit = TimeUnit.SECONDS)
    void anOperatorBugFailsOnlyItsDataflow() throws Exception {
        TableLog t = table(10);
        try (ComputeRuntime rt = new ComputeRuntime("test", 2)) {
            rt.createDataflow(1, "buggy", b -> {
                OutputPort src = b.newOutput();
                b.add(i -> new TableSource(i, t, Frontier.at(1), src, b.worker(), b.workers(), b.waker()));
                InputPort in = b.connect(src, null);
                b.add(i -> new dev.spindle.compute.dataflow.Operator(i, "Buggy") {
                    @Override
                    public boolean run() {
                        if (!in.drain().isEmpty()) {
                            throw new IllegalStateException("bug");
                        }
                        return false;
                    }
                });
            });
            CaptureBuffer counts = new CaptureBuffer(2);
            countPerKey(rt, 2, t, counts, new CaptureBuffer(2));
            assertNotNull(counts.awaitAt(1, 20, TimeUnit.SECONDS));
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (rt.failures().isEmpty() && System.nanoTime() < deadline) {
                Thread.sleep(5);
            }
            assertTrue(rt.failures().containsKey(1L));
            assertTrue(!rt.failures().containsKey(2L));
        }
    }
}
