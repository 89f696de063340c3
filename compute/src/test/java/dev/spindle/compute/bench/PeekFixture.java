package dev.spindle.compute.bench;

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
import dev.spindle.compute.expr.ScalarExpr;
import dev.spindle.compute.peek.PeekRequest;
import dev.spindle.compute.peek.PeekResponse;
import dev.spindle.compute.plan.DataflowDescription;
import dev.spindle.compute.plan.RowSetFinishing;
import dev.spindle.storage.table.TableLog;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The world of the read-isolation benchmarks: a controller ({@code runtime=split} or {@code solo}),
 * a small table {@code u1 (k, v)} with its index {@code u2} on {@code k}, and a big table
 * {@code u3 (k, v)} (1M rows by default) that the load indexes. Both tables hold their rows at time
 * 1 and are sealed through 1 (upper 2); keys are {@code 0..n-1}, values a fixed mix of the key, so
 * every run builds the same data.
 *
 * <p>Thread-safety: the controller and table logs are thread-safe; {@link #writeFresh} is for one
 * thread (the measuring client).
 */
final class PeekFixture implements AutoCloseable {
    static final ColumnType BIGINT = ColumnType.of(TypeKind.BIGINT).withNullable(false);
    static final RelationDesc KV = RelationDesc.of(new Column("k", BIGINT), new Column("v", BIGINT));

    static final GlobalId SMALL_TABLE = GlobalId.user(1);
    static final GlobalId SMALL_INDEX = GlobalId.user(2);
    static final GlobalId BIG_TABLE = GlobalId.user(3);
    /** The big table's standing index (peek-behind-peek); the hydration load uses ids from 1000 on. */
    static final GlobalId BIG_INDEX = GlobalId.user(4);
    static final long SMALL_DATAFLOW = 1;
    static final long BIG_DATAFLOW = 2;

    final RuntimeMode mode;
    final ComputeController ctl;
    final TableLog small;
    final TableLog big;
    final Map<GlobalId, TableLog> tables;
    private final long[] smallValues;
    private long lastWrite = 1;

    PeekFixture(RuntimeMode mode, int workers, int smallRows, int bigRows) {
        this.mode = mode;
        this.small = table(SMALL_TABLE, smallRows);
        this.big = table(BIG_TABLE, bigRows);
        this.tables = Map.of(SMALL_TABLE, small, BIG_TABLE, big);
        this.smallValues = new long[smallRows];
        for (int k = 0; k < smallRows; k++) {
            smallValues[k] = value(k);
        }
        this.ctl = ComputeController.start(mode, workers, id -> tables.get(id));
    }

    /** The value of key {@code k} at time 1. */
    static long value(long k) {
        return (k * 0x9E3779B97F4A7C15L) >>> 33;
    }

    /** Table {@code id} with rows {@code (k, value(k))}, k in 0..rows-1, at time 1, upper 2. */
    static TableLog table(GlobalId id, int rows) {
        TableLog t = new TableLog(id, KV);
        List<Update> ups = new ArrayList<>(rows);
        for (int k = 0; k < rows; k++) {
            ups.add(Update.insert(Row.of((long) k, value(k)), 1));
        }
        t.append(ups, 1);
        return t;
    }

    /** An index dataflow arranging {@code table} by {@code k}, as of 1. */
    static DataflowDescription indexOn(TableLog table, GlobalId index) {
        return new DataflowDescription("index " + index, Map.of(table.id(), table.desc()), Map.of(), List.of(),
                Map.of(index, new DataflowDescription.IndexExport(table.id(), List.of(ScalarExpr.column(0, BIGINT)))),
                Frontier.at(1));
    }

    /** Builds {@code index} on {@code table} as dataflow {@code dataflowId} (on maintenance when split). */
    void createIndex(long dataflowId, TableLog table, GlobalId index) {
        ctl.createDataflow(dataflowId, indexOn(table, index));
    }

    /** A fast-path point peek: the rows of {@code index} with key {@code key} at {@code t}. */
    static PeekRequest point(GlobalId index, long t, long key) {
        return new PeekRequest(UUID.randomUUID(), index, t, Row.of(key), null, RowSetFinishing.none());
    }

    /** A fast-path peek of every row of {@code index} at {@code t}. */
    static PeekRequest scan(GlobalId index, long t) {
        return new PeekRequest(UUID.randomUUID(), index, t, null, null, RowSetFinishing.none());
    }

    /** Runs {@code r}; a peek not answered in {@code seconds} is cancelled and yields null. */
    PeekResponse peek(PeekRequest r, long seconds) throws Exception {
        CompletableFuture<PeekResponse> f = ctl.peek(r);
        try {
            return f.get(seconds, TimeUnit.SECONDS);
        } catch (TimeoutException e) {
            ctl.cancel(r.uuid());
            return null;
        }
    }

    /** True if {@code r} is exactly the one row {@code (k, v)}. */
    static boolean isRow(PeekResponse r, long k, long v) {
        return r instanceof PeekResponse.Rows rows && rows.rows().size() == 1
                && rows.rows().get(0).getLong(0) == k && rows.rows().get(0).getLong(1) == v;
    }

    /** Waits until a point peek of {@code index} at 1 answers correctly (the index is hydrated). */
    void awaitHydrated(GlobalId index, long seconds) throws Exception {
        PeekResponse r = peek(point(index, 1, 0), seconds);
        if (!isRow(r, 0, value(0))) {
            throw new IllegalStateException("index " + index + " did not hydrate in " + seconds + " s: " + r);
        }
    }

    /** The value key {@code k} of the small table has now. */
    long smallValue(int k) {
        return smallValues[k];
    }

    /**
     * Writes a fresh value to key {@code k} of the small table at a new time (retract the old row,
     * insert {@code (k, t)}) and returns that time; the upper moves just past it.
     */
    long writeFresh(int k) {
        long t = ++lastWrite;
        small.append(List.of(Update.delete(Row.of((long) k, smallValues[k]), t), Update.insert(Row.of((long) k, t), t)), t);
        smallValues[k] = t;
        return t;
    }

    /** Lets the small table and its index forget history before {@code t} (reads stay at >= t). */
    void compactSmall(long t) {
        small.compact(Frontier.at(t));
        ctl.allowCompaction(SMALL_INDEX, Frontier.at(t));
    }

    @Override
    public void close() {
        ctl.close();
    }
}
