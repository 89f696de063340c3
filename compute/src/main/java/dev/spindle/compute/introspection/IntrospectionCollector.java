package dev.spindle.compute.introspection;

import dev.spindle.common.id.GlobalId;
import dev.spindle.common.row.Row;
import dev.spindle.common.time.Frontier;
import dev.spindle.common.update.Update;
import dev.spindle.compute.controller.ComputeController;
import dev.spindle.compute.expr.ScalarExpr;
import dev.spindle.compute.peek.PeekRequest;
import dev.spindle.compute.plan.Aggregate;
import dev.spindle.compute.plan.AggregateFunc;
import dev.spindle.compute.plan.DataflowDescription;
import dev.spindle.compute.plan.Plan;
import dev.spindle.compute.protocol.ComputeResponse;
import dev.spindle.compute.sharing.ArrangementSharingRegistry;
import dev.spindle.compute.sharing.PublicationPoint;
import dev.spindle.storage.TableStore;
import dev.spindle.storage.table.TableLog;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;

/**
 * Maintains the introspection relations: each {@link #refresh()} samples the runtimes (the
 * maintenance workers' exports through the protocol's {@code SampleExports}), and appends the
 * difference from the
 * previous sample to each relation's update log at a new time. Logging dataflows, built once on
 * the maintenance runtime as of the minimum time, arrange every relation into a logging index,
 * which the maintenance runtime publishes like any other index (DESIGN invariant 12), so the
 * interactive runtime answers introspection peeks on its fast path.
 *
 * <p>Thread-safety: {@link #refresh()} and {@link #sample()} are serialized on the collector's monitor.
 */
public final class IntrospectionCollector {
    private static final long DATAFLOW_BASE = 1L << 40;
    private static final Duration SAMPLE_TIMEOUT = Duration.ofSeconds(10);

    private final ComputeController controller;
    private final Map<IntrospectionRelation, TableLog> logs = new EnumMap<>(IntrospectionRelation.class);
    private final Map<IntrospectionRelation, Map<Row, Long>> last = new EnumMap<>(IntrospectionRelation.class);
    private long lastTime = -1;

    private IntrospectionCollector(ComputeController controller, TableStore tables) {
        this.controller = controller;
        for (IntrospectionRelation r : IntrospectionRelation.values()) {
            if (r != IntrospectionRelation.ARRANGEMENT_SIZES_TOTAL) {
                logs.put(r, tables.create(r.id(), r.desc()));
                last.put(r, new TreeMap<>());
            }
        }
    }

    /**
     * Starts introspection on {@code controller}: creates the relations' logs in {@code tables}
     * (the store the controller's runtimes read tables from) and the logging dataflows (as of the
     * minimum time) on its maintenance runtime; returns once every worker rendered them.
     *
     * @throws dev.spindle.common.error.SpindleException if a logging dataflow fails to render
     */
    public static IntrospectionCollector start(ComputeController controller, TableStore tables) throws InterruptedException {
        IntrospectionCollector c = new IntrospectionCollector(controller, tables);
        List<CompletableFuture<Void>> created = new ArrayList<>();
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
            created.add(controller.createDataflow(df++, d));
        }
        for (CompletableFuture<Void> f : created) {
            try {
                f.get();
            } catch (java.util.concurrent.ExecutionException e) {
                throw dev.spindle.common.error.SpindleException.wrap(e.getCause());
            }
        }
        return c;
    }

    private static ScalarExpr firstColumn(IntrospectionRelation r) {
        return ScalarExpr.column(0, r.desc().column(0).type());
    }

    /** The update log of a relation (not of the derived total). */
    public TableLog log(IntrospectionRelation r) {
        return logs.get(r);
    }

    /**
     * Samples everything and appends the changes at a new time, which it returns: a peek of a
     * logging index at that time sees this sample. For a host that seals the logs itself (with its
     * own timestamps), {@link #sample()} hands the changes over instead.
     */
    public synchronized long refresh() throws InterruptedException {
        Map<GlobalId, List<Update>> changes = sample();
        long ts = Math.max(System.currentTimeMillis(), lastTime + 1);
        for (IntrospectionRelation r : logs.keySet()) {
            List<Update> at = new ArrayList<>();
            for (Update u : changes.getOrDefault(r.id(), List.of())) {
                at.add(u.withTime(ts));
            }
            logs.get(r).append(at, ts);
        }
        lastTime = ts;
        return ts;
    }

    /**
     * Samples everything and returns, per relation log ({@link IntrospectionRelation#id()}), the
     * changes since the previous sample, at time 0: the caller appends them to the logs, in the
     * order of its calls, at a time of its choosing (each at or past the log's upper). Relations
     * that did not change are absent.
     */
    public synchronized Map<GlobalId, List<Update>> sample() throws InterruptedException {
        Map<IntrospectionRelation, List<Row>> now = new EnumMap<>(IntrospectionRelation.class);
        sampleExports(now);
        now.put(IntrospectionRelation.PUBLICATION_POINTS, publicationPoints());
        now.put(IntrospectionRelation.ACTIVE_PEEKS, activePeeks());
        now.put(IntrospectionRelation.PEEK_DURATIONS, peekDurations());
        now.put(IntrospectionRelation.DATAFLOWS, dataflows());
        Map<GlobalId, List<Update>> changes = new TreeMap<>();
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
                    diff.add(new Update(p.getKey(), 0, d));
                }
            }
            for (Map.Entry<Row, Long> n : next.entrySet()) {
                if (!prev.containsKey(n.getKey())) {
                    diff.add(new Update(n.getKey(), 0, n.getValue()));
                }
            }
            if (!diff.isEmpty()) {
                changes.put(e.getKey().id(), diff);
            }
            last.put(e.getKey(), next);
        }
        return changes;
    }

    /** Arrangement sizes and error counts, as every maintenance worker reports its own exports. */
    private void sampleExports(Map<IntrospectionRelation, List<Row>> now) throws InterruptedException {
        List<Row> sizes = new ArrayList<>();
        Map<String, Long> counts = new TreeMap<>();
        for (ComputeResponse.ExportSample sample : controller.sampleExports(SAMPLE_TIMEOUT)) {
            for (ComputeResponse.ExportStat s : sample.exports()) {
                if (isLogging(s.id())) {
                    continue;
                }
                String id = s.id().toString();
                sizes.add(Row.of(id, (long) sample.worker(), s.records(), s.batches(), s.bytes()));
                counts.merge(id, s.errors(), Long::sum);
            }
        }
        now.put(IntrospectionRelation.ARRANGEMENT_SIZES, sizes);
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
        for (ComputeController.DataflowInfo d : controller.dataflows()) {
            out.add(Row.of(d.id(), d.name(), (long) Math.max(0, d.operators()), d.error() == null ? "running" : "failed",
                    d.error() == null ? null : d.error().getMessage()));
        }
        return out;
    }
}
