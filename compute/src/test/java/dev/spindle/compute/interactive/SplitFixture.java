package dev.spindle.compute.interactive;

import dev.spindle.common.id.GlobalId;
import dev.spindle.common.row.Row;
import dev.spindle.common.time.Frontier;
import dev.spindle.common.type.Column;
import dev.spindle.common.type.ColumnType;
import dev.spindle.common.type.RelationDesc;
import dev.spindle.common.type.TypeKind;
import dev.spindle.common.update.Update;
import dev.spindle.compute.controller.ComputeController;
import dev.spindle.compute.controller.RuntimeMode;
import dev.spindle.compute.expr.Mfp;
import dev.spindle.compute.expr.ScalarExpr;
import dev.spindle.compute.expr.func.BinaryFunc;
import dev.spindle.compute.arrangement.batch.StagedUpdates;
import dev.spindle.compute.operator.arrange.ArrangementPort;
import dev.spindle.compute.operator.arrange.SpineArrangement;
import dev.spindle.compute.peek.PeekRequest;
import dev.spindle.compute.peek.PeekResponse;
import dev.spindle.compute.plan.DataflowDescription;
import dev.spindle.compute.plan.Plan;
import dev.spindle.compute.plan.RowSetFinishing;
import dev.spindle.compute.render.ArrangementFactory;
import dev.spindle.compute.runtime.RuntimeEnvironment;
import dev.spindle.storage.TableStore;
import dev.spindle.storage.table.TableLog;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

/**
 * A split (maintenance + interactive) controller over one table {@code t(k, v)}, with helpers to
 * create original indexes, re-exports and indexes over a dividing view, and to peek.
 */
final class SplitFixture implements AutoCloseable {
    static final ColumnType BIGINT = ColumnType.of(TypeKind.BIGINT).withNullable(false);
    static final RelationDesc KV = RelationDesc.of(new Column("k", BIGINT), new Column("v", BIGINT));
    static final GlobalId T = GlobalId.user(1);

    final TableStore tables = new TableStore();
    final TableLog table = tables.create(T, KV);
    final ComputeController ctl;
    /** Every arrangement created, by name ("u10.oks"), one per worker. */
    final Map<String, List<SpineArrangement>> arrangements = new ConcurrentHashMap<>();
    /**
     * Once set, the next insert into an arrangement of this index throws: its arrange operator
     * fails the index's dataflow.
     */
    volatile GlobalId breakInserts;
    /** With {@link #breakInserts}: the insert runs out of memory instead of throwing an exception. */
    volatile boolean breakWithOutOfMemory;
    private final ArrangementFactory recording = (name, since) -> {
        SpineArrangement a = new SpineArrangement(since);
        arrangements.computeIfAbsent(name, k -> new CopyOnWriteArrayList<>()).add(a);
        return new Breakable(name, a);
    };

    /** A spine that refuses inserts once {@link #breakInserts} is set. */
    private final class Breakable implements ArrangementPort {
        private final String name;
        private final SpineArrangement spine;

        Breakable(String name, SpineArrangement spine) {
            this.name = name;
            this.spine = spine;
        }

        @Override
        public void insert(StagedUpdates updates, Frontier lower, Frontier upper) {
            GlobalId broken = breakInserts;
            if (broken != null && name.startsWith(broken + ".")) {
                if (breakWithOutOfMemory) {
                    throw new OutOfMemoryError("Java heap space (test)");
                }
                throw new IllegalStateException("insert refused (test)");
            }
            spine.insert(updates, lower, upper);
        }

        @Override
        public boolean work() {
            return spine.work();
        }

        @Override
        public Frontier upper() {
            return spine.upper();
        }

        @Override
        public Reader openReader() {
            return spine.openReader();
        }

        @Override
        public void close() {
            spine.close();
        }

        @Override
        public dev.spindle.compute.arrangement.trace.SharedTrace sharedTrace() {
            return spine.sharedTrace();
        }
    }
    private long nextDataflow = 100;

    SplitFixture(RuntimeMode mode, int workers) {
        this(mode, workers, false);
    }

    /** With {@code wire}, every command and response crosses the seam as bytes. */
    SplitFixture(RuntimeMode mode, int workers, boolean wire) {
        ctl = ComputeController.start(mode, workers,
                ComputeController.Options.of(new RuntimeEnvironment(tables::get, recording)).withWire(wire));
    }

    void write(long ts, Update... ups) {
        table.append(List.of(ups), ts);
    }

    /** {@code CREATE INDEX id ON t (k)} as of {@code asOf}: an original arrangement. */
    long createIndex(GlobalId id, long asOf) {
        DataflowDescription d = new DataflowDescription("index " + id, Map.of(T, KV), Map.of(), List.of(),
                Map.of(id, new DataflowDescription.IndexExport(T, List.of(ScalarExpr.column(0, BIGINT)))), Frontier.at(asOf));
        return create(d);
    }

    /** {@code CREATE INDEX id ON t (k)} while {@code existing} already arranges t by k: a re-export. */
    long createReexport(GlobalId id, GlobalId existing, long asOf) {
        DataflowDescription d = new DataflowDescription("index " + id, Map.of(),
                Map.of(existing, new DataflowDescription.IndexImport(T, List.of(ScalarExpr.column(0, BIGINT)))), List.of(),
                Map.of(id, DataflowDescription.IndexExport.reexport(T, List.of(ScalarExpr.column(0, BIGINT)), existing)),
                Frontier.at(asOf));
        return create(d);
    }

    /** An index on {@code view = SELECT k, 100 / v FROM t}, keyed by k: division errors go to errs. */
    long createDividingIndex(GlobalId id, long asOf) {
        GlobalId view = GlobalId.user(id.value() + 1000);
        Mfp divide = new Mfp(2, List.of(ScalarExpr.call(BinaryFunc.DIV, ScalarExpr.literal(100L, BIGINT),
                ScalarExpr.column(1, BIGINT))), List.of(), new int[] {0, 2});
        DataflowDescription d = new DataflowDescription("index " + id, Map.of(T, KV), Map.of(),
                List.of(new DataflowDescription.BuildDesc(view, new Plan.MapFilterProject(new Plan.Get(T), divide))),
                Map.of(id, new DataflowDescription.IndexExport(view, List.of(ScalarExpr.column(0, BIGINT)))), Frontier.at(asOf));
        return create(d);
    }

    private long create(DataflowDescription d) {
        long df = nextDataflow++;
        created = ctl.createDataflow(df, d);
        return df;
    }

    /** Waits (polling every 2 ms, at most 20 s) until {@code condition} holds. */
    static void await(java.util.function.BooleanSupplier condition, String what) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out waiting for " + what);
            }
            Thread.sleep(2);
        }
    }

    /** The future of the last dataflow created. */
    CompletableFuture<Void> created;

    /**
     * The slow path: {@code SELECT k, count(*) FROM t GROUP BY k} at {@code t} through a transient
     * dataflow on the interactive runtime that imports {@code index} (an index on t(k)).
     */
    CompletableFuture<PeekResponse> countPerKeySlowPath(GlobalId index, long t) {
        return countPerColumnSlowPath(index, t, 0);
    }

    /**
     * {@code SELECT c, count(*) FROM t GROUP BY c} for column {@code column} on the slow path. For
     * column 1 (not the index key) the reduction arranges the import's stream itself, so every
     * update the import emits counts (for column 0 it reads the shared arrangement).
     */
    CompletableFuture<PeekResponse> countPerColumnSlowPath(GlobalId index, long t, int column) {
        long df = nextDataflow++;
        GlobalId view = GlobalId.transientId(df);
        GlobalId out = GlobalId.transientId(df + 100_000);
        DataflowDescription d = new DataflowDescription("peek " + df, Map.of(),
                Map.of(index, new DataflowDescription.IndexImport(T, List.of(ScalarExpr.column(0, BIGINT)))),
                List.of(new DataflowDescription.BuildDesc(view, new Plan.Reduce(new Plan.Get(T), new int[] {column},
                        List.of(dev.spindle.compute.plan.Aggregate.countRows())))),
                Map.of(out, new DataflowDescription.IndexExport(view, List.of(ScalarExpr.column(0, BIGINT)))), Frontier.at(t));
        return ctl.peekTransient(df, d, new PeekRequest(UUID.randomUUID(), out, t, null, null, RowSetFinishing.none()));
    }

    /** The expected answer of {@link #countPerKeySlowPath}. */
    List<Row> countPerKey(long t) {
        return countPerColumn(t, 0);
    }

    /** The expected answer of {@link #countPerColumnSlowPath}. */
    List<Row> countPerColumn(long t, int column) {
        java.util.TreeMap<Long, Long> counts = new java.util.TreeMap<>();
        for (Row r : contents(t)) {
            counts.merge(r.getLong(column), 1L, Long::sum);
        }
        List<Row> out = new ArrayList<>();
        counts.forEach((k, n) -> out.add(Row.of(k, n)));
        return out;
    }

    CompletableFuture<PeekResponse> peek(GlobalId index, long t) {
        return ctl.peek(new PeekRequest(UUID.randomUUID(), index, t, null, null, RowSetFinishing.none()));
    }

    /** The rows of a peek that must succeed. */
    List<Row> rows(GlobalId index, long t) throws Exception {
        PeekResponse r = peek(index, t).get(20, TimeUnit.SECONDS);
        if (r instanceof PeekResponse.Error) {
            throw ((PeekResponse.Error) r).error();
        }
        return ((PeekResponse.Rows) r).rows();
    }

    /** The table's contents at {@code t}, as rows sorted (one per copy). */
    List<Row> contents(long t) {
        List<Row> out = new ArrayList<>();
        for (Update u : table.snapshot(t)) {
            for (long i = 0; i < u.diff(); i++) {
                out.add(u.row());
            }
        }
        return out;
    }

    @Override
    public void close() {
        ctl.close();
    }
}
