package dev.spindle.compute.introspection;

import dev.spindle.common.id.GlobalId;
import dev.spindle.common.row.Row;
import dev.spindle.common.time.Frontier;
import dev.spindle.common.update.Update;
import dev.spindle.compute.arrangement.trace.ArrangementSize;
import dev.spindle.compute.controller.ComputeController;
import dev.spindle.compute.export.TraceBundle;
import dev.spindle.compute.expr.ScalarExpr;
import dev.spindle.compute.peek.PeekRequest;
import dev.spindle.compute.plan.Aggregate;
import dev.spindle.compute.plan.AggregateFunc;
import dev.spindle.compute.plan.DataflowDescription;
import dev.spindle.compute.plan.Plan;
import dev.spindle.compute.render.ArrangementFactory;
import dev.spindle.compute.render.DataflowRenderer;
import dev.spindle.compute.runtime.ComputeRuntime;
import dev.spindle.compute.runtime.DataflowStats;
import dev.spindle.compute.runtime.WorkerCommand;
import dev.spindle.compute.sharing.ArrangementSharingRegistry;
import dev.spindle.compute.sharing.PublicationPoint;
import dev.spindle.storage.table.TableLog;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Maintains the introspection relations: each {@link #refresh()} samples the runtimes (on the
 * maintenance workers' own threads for their trace managers), and appends the difference from the
 * previous sample to each relation's update log at a new time. Logging dataflows, built once on
 * the maintenance runtime as of the minimum time, arrange every relation into a logging index,
 * which the maintenance runtime publishes like any other index (DESIGN invariant 12), so the
 * interactive runtime answers introspection peeks on its fast path.
 *
 * <p>Thread-safety: {@link #refresh()} is serialized on the collector's monitor.
 */
public final class IntrospectionCollector {
    private static final long DATAFLOW_BASE = 1L << 40;
    private static final long SAMPLE_TIMEOUT_SECONDS = 10;

    private final ComputeController controller;
    private final Map<IntrospectionRelation, TableLog> logs = new EnumMap<>(IntrospectionRelation.class);
    private final Map<IntrospectionRelation, Map<Row, Long>> last = new EnumMap<>(IntrospectionRelation.class);
    private long lastTime = -1;

    private IntrospectionCollector(ComputeController controller) {
        this.controller = controller;
        for (IntrospectionRelation r : IntrospectionRelation.values()) {
            if (r != IntrospectionRelation.ARRANGEMENT_SIZES_TOTAL) {
                logs.put(r, new TableLog(r.id(), r.desc()));
                last.put(r, new TreeMap<>());
            }
        }
    }

    /**
     * Starts introspection on {@code controller}: creates the relations' logs and the logging
     * dataflows (as of the minimum time) on its maintenance runtime.
     */
    public static IntrospectionCollector start(ComputeController controller, ArrangementFactory arrangements) {
        IntrospectionCollector c = new IntrospectionCollector(controller);
        long df = DATAFLOW_BASE;
        for (IntrospectionRelation r : IntrospectionRelation.values()) {
            DataflowDescription d;
            if (r == IntrospectionRelation.ARRANGEMENT_SIZES_TOTAL) {
                IntrospectionRelation per = IntrospectionRelation.ARRANGEMENT_SIZES;
                Plan summed = new Plan.Reduce(new Plan.Get(per.id()), new int[] {0}, List.of(
                        Aggregate.of(AggregateFunc.SUM, 2), Aggregate.of(AggregateFunc.SUM, 3), Aggregate.of(AggregateFunc.SUM, 4)));
                d = new DataflowDescription("introspection " + r.relationName(), Map.of(per.id(), per.desc()), Map.of(),
                        List.of(new DataflowDescription.BuildDesc(r.id(), summed)),
                        Map.of(r.indexId(), new DataflowDescription.IndexExport(r.id(), List.of(firstColumn(r)))), Frontier.MIN);
            } else {
                d = new DataflowDescription("introspection " + r.relationName(), Map.of(r.id(), r.desc()), Map.of(),
                        List.of(), Map.of(r.indexId(), new DataflowDescription.IndexExport(r.id(), List.of(firstColumn(r)))),
                        Frontier.MIN);
            }
            controller.createDataflow(df++, d, new DataflowRenderer(d, id -> c.logs.get(byId(id)), arrangements));
        }
        return c;
    }

    private static ScalarExpr firstColumn(IntrospectionRelation r) {
        return ScalarExpr.column(0, r.desc().column(0).type());
    }

    private static IntrospectionRelation byId(GlobalId id) {
        for (IntrospectionRelation r : IntrospectionRelation.values()) {
            if (r.id().equals(id)) {
                return r;
            }
        }
        throw new IllegalArgumentException("not an introspection relation: " + id);
    }

    /** The update log of a relation (not of the derived total). */
    public TableLog log(IntrospectionRelation r) {
        return logs.get(r);
    }

    /**
     * Samples everything and appends the changes at a new time, which it returns: a peek of a
     * logging index at that time sees this sample.
     */
    public synchronized long refresh() throws InterruptedException {
        Map<IntrospectionRelation, List<Row>> now = new EnumMap<>(IntrospectionRelation.class);
        sampleExports(now);
        now.put(IntrospectionRelation.PUBLICATION_POINTS, publicationPoints());
        now.put(IntrospectionRelation.ACTIVE_PEEKS, activePeeks());
        now.put(IntrospectionRelation.PEEK_DURATIONS, peekDurations());
        now.put(IntrospectionRelation.DATAFLOWS, dataflows());
        long ts = Math.max(System.currentTimeMillis(), lastTime + 1);
        for (Map.Entry<IntrospectionRelation, List<Row>> e : now.entrySet()) {
            Map<Row, Long> next = new TreeMap<>();
            for (Row r : e.getValue()) {
                next.merge(r, 1L, Long::sum);
            }
            Map<Row, Long> prev = last.get(e.getKey());
            List<Update> diff = new ArrayList<>();
            for (Map.Entry<Row, Long> p : prev.entrySet()) {
                long d = next.getOrDefault(p.getKey(), 0L) - p.getValue();
                if (d != 0) {
                    diff.add(new Update(p.getKey(), ts, d));
                }
            }
            for (Map.Entry<Row, Long> n : next.entrySet()) {
                if (!prev.containsKey(n.getKey())) {
                    diff.add(new Update(n.getKey(), ts, n.getValue()));
                }
            }
            logs.get(e.getKey()).append(diff, ts);
            last.put(e.getKey(), next);
        }
        lastTime = ts;
        return ts;
    }

    /** Arrangement sizes and error counts, read by every maintenance worker from its own exports. */
    private void sampleExports(Map<IntrospectionRelation, List<Row>> now) throws InterruptedException {
        ComputeRuntime rt = controller.runtime();
        ConcurrentLinkedQueue<Row> sizes = new ConcurrentLinkedQueue<>();
        ConcurrentLinkedQueue<Object[]> errors = new ConcurrentLinkedQueue<>();
        CountDownLatch done = new CountDownLatch(rt.workers());
        rt.broadcast(new WorkerCommand.RunOnWorker(w -> {
            try {
                for (GlobalId id : w.traces().ids()) {
                    if (isLogging(id)) {
                        continue;
                    }
                    TraceBundle b = w.traces().get(id).orElseThrow();
                    ArrangementSize s = b.ownSize();
                    sizes.add(Row.of(id.toString(), (long) w.index(), s.records(), (long) s.batches(), s.bytes()));
                    errors.add(new Object[] {id.toString(), b.errorCount()});
                }
            } finally {
                done.countDown();
            }
        }));
        if (!done.await(SAMPLE_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
            throw new IllegalStateException("maintenance workers did not answer the introspection sample");
        }
        now.put(IntrospectionRelation.ARRANGEMENT_SIZES, new ArrayList<>(sizes));
        Map<String, Long> counts = new TreeMap<>();
        for (Object[] e : errors) {
            counts.merge((String) e[0], (Long) e[1], Long::sum);
        }
        List<Row> errRows = new ArrayList<>();
        counts.forEach((id, n) -> errRows.add(Row.of(id, n)));
        now.put(IntrospectionRelation.COMPUTE_ERROR_COUNTS, errRows);
    }

    private static boolean isLogging(GlobalId id) {
        return id.kind() == GlobalId.Kind.SYSTEM;
    }

    private List<Row> publicationPoints() {
        List<Row> out = new ArrayList<>();
        for (ArrangementSharingRegistry reg : controller.runtime().registries()) {
            for (PublicationPoint p : reg.points()) {
                Frontier since = p.since();
                Frontier upper = p.upper();
                out.add(Row.of(p.id().toString(), (long) reg.ordinal(), p.isBacked(),
                        since.isEmpty() ? null : since.time(), upper.isEmpty() ? null : upper.time(), (long) p.readers()));
            }
        }
        return out;
    }

    private List<Row> activePeeks() {
        List<Row> out = new ArrayList<>();
        for (PeekRequest r : controller.activePeeks()) {
            out.add(Row.of(r.uuid().toString(), r.index().toString(), r.time()));
        }
        return out;
    }

    private List<Row> peekDurations() {
        List<Row> out = new ArrayList<>();
        long[] buckets = controller.peekDurations();
        for (int b = 0; b < buckets.length; b++) {
            if (buckets[b] > 0) {
                out.add(Row.of(1L << b, buckets[b]));
            }
        }
        return out;
    }

    private List<Row> dataflows() {
        List<Row> out = new ArrayList<>();
        for (var e : controller.dataflowsByRuntime().entrySet()) {
            List<DataflowStats> stats = e.getValue().getValue().stats(e.getKey());
            DataflowStats s = stats.isEmpty() ? null : stats.get(0);
            out.add(Row.of(e.getKey(), e.getValue().getKey(), s == null ? 0L : (long) s.operators().size()));
        }
        return out;
    }
}
