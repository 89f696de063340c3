package dev.spindle.sql.exec;

import dev.spindle.common.error.ErrorCode;
import dev.spindle.common.error.SpindleException;
import dev.spindle.common.row.Row;
import dev.spindle.common.time.Frontier;
import dev.spindle.compute.peek.PeekRequest;
import dev.spindle.compute.peek.PeekResponse;
import dev.spindle.compute.plan.DataflowDescription;
import dev.spindle.planner.QueryPlanner;
import dev.spindle.planner.catalog.Catalog;
import dev.spindle.planner.peek.PeekPlan;
import dev.spindle.sql.StatementResult;
import dev.spindle.sql.coord.Coordinator;
import dev.spindle.sql.parser.SpindleParser;
import dev.spindle.sql.txn.Overlay;
import dev.spindle.sql.txn.Transaction;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import org.apache.calcite.sql.SqlNode;

/**
 * Reads: plans a query over the current catalog snapshot and peeks at the oracle's read
 * timestamp (or {@code AS OF t}), by the fast path from an index or through a transient
 * dataflow (DESIGN §2, §4).
 *
 * <p>Thread-safety: stateless over a thread-safe coordinator, but for a memo of the last read's
 * inputs ({@link InputsChanged.Memo}), published through a volatile field.
 */
public final class Queries {
    /** How long a wait may last before it is given up (a bug guard, not a policy). */
    static final long MAX_WAIT_SECONDS = StatementControl.MAX_WAIT_SECONDS;

    private final Coordinator coord;
    private final StatementControl control;
    /** This session's last resolution of a read's inputs (a prepared lookup run again reuses it). */
    private final InputsChanged.Memo inputsChanged = new InputsChanged.Memo();

    public Queries(Coordinator coord, StatementControl control) {
        this.coord = coord;
        this.control = control;
    }

    /** The session's control of its running statement. */
    StatementControl control() {
        return control;
    }

    /** A planner over {@code catalog}. */
    QueryPlanner planner(Catalog catalog) {
        return new QueryPlanner(catalog, SpindleParser::parse, coord::nextId);
    }

    /**
     * A planner over {@code catalog}, the coordinator's current snapshot, that plans ad-hoc
     * queries from the plans of their shapes (see {@code planner.shape}).
     */
    QueryPlanner shapePlanner(Catalog catalog) {
        return new QueryPlanner(catalog, SpindleParser::parse, coord::nextId, coord.shapes());
    }

    /**
     * Runs {@code query} at {@code time} (null: the read timestamp). A read planned on an index
     * that another session dropped meanwhile is planned again on the new catalog.
     */
    public StatementResult.Rows select(SqlNode query, String sql, Long time) {
        return select(query, sql, time, null);
    }

    /**
     * Runs {@code query} in transaction {@code txn} (null: autocommit): at the transaction's
     * snapshot, over its own writes, noting what it read; {@code AS OF} reads outside it.
     */
    public StatementResult.Rows select(SqlNode query, String sql, Long time, Transaction txn) {
        // in a transaction the catalog is the transaction's overlay, whose shapes are not kept
        return select(catalog -> (txn == null ? shapePlanner(catalog) : planner(catalog)).planQuery(query, sql), time, txn);
    }

    /**
     * Runs {@code sql} as a query planned from its text alone (see {@code planner.shape.ShapeText}),
     * outside a transaction, at the read timestamp; null, having done nothing, if its text is not
     * one whose shape is known (it is then parsed and run as any statement). A read planned again
     * on a newer catalog is planned from the text again, or parsed.
     */
    public StatementResult.Rows selectText(String sql) {
        Catalog first = coord.catalog();
        PeekPlan plan = shapePlanner(first).planText(sql);
        if (plan == null) {
            return null;
        }
        return select(catalog -> {
            if (catalog == first) {
                return plan;
            }
            PeekPlan again = shapePlanner(catalog).planText(sql);
            return again != null ? again : shapePlanner(catalog).planQuery(SpindleParser.parse(sql), sql);
        }, null, null);
    }

    /**
     * Runs the query {@code planning} plans over a catalog, at {@code time} (null: the read
     * timestamp, or in transaction {@code txn} its snapshot over its own writes). A read planned
     * on an index that another session dropped meanwhile is planned again on the new catalog.
     */
    public StatementResult.Rows select(Function<Catalog, PeekPlan> planning, Long time, Transaction txn) {
        for (int attempt = 0; ; attempt++) {
            Catalog catalog = coord.catalog();
            try {
                if (txn != null && time == null) {
                    try (Overlay o = txn.overlay()) {
                        PeekPlan plan = planning.apply(o.catalog());
                        txn.noteReads(o.tablesRead(plan));
                        return new StatementResult.Rows(plan.columns(), read(plan, o.time(), false), List.of());
                    }
                }
                PeekPlan plan = planning.apply(catalog);
                coord.introspection().beforeQuery(plan, catalog); // a fresh sample, before the read time is picked
                try (ReadTime at = ReadTime.choose(coord, time, inputsChanged.of(coord, catalog, plan))) { // held until the answer is in
                    return new StatementResult.Rows(plan.columns(), read(plan, at.time(), time != null), List.of());
                }
            } catch (SpindleException e) {
                // each retry needs a newer catalog, so only a storm of DDL keeps a read retrying: three
                // attempts were too few for a read racing a loop of CREATE/DROP INDEX
                if (e.code() != ErrorCode.INDEX_DROPPED_1 || coord.catalog() == catalog || attempt >= MAX_REPLANS) {
                    throw e;
                }
            }
        }
    }

    /**
     * How long a read waits in the session's thread for its index to seal before it hands the
     * peek to the interactive workers (which wait as long as the statement allows).
     */
    private static final java.time.Duration INLINE_SEAL_WAIT = java.time.Duration.ofSeconds(1);

    /** How often a read is planned again after the index it chose was dropped under it. */
    private static final int MAX_REPLANS = 50;

    /** Peek ids: unique in the process by the counter, and cheap (no secure random number per read). */
    private static final AtomicLong PEEKS = new AtomicLong();

    private static UUID peekId() {
        return new UUID(PEEKS.incrementAndGet(), ThreadLocalRandom.current().nextLong());
    }

    /**
     * The rows of {@code plan} at {@code t}. A plan whose finishing keeps no row ({@code LIMIT 0})
     * reads nothing, as PostgreSQL's executor pulls no row through a limit of zero: an error in
     * evaluating a row it would drop is not raised.
     */
    List<Row> read(PeekPlan plan, long t, boolean asOf) {
        if (plan.finishing().limit() == 0) {
            if (plan instanceof PeekPlan.Slow) {
                coord.nextId(); // the id a read takes, so the ids later statements get do not change
            }
            return List.of();
        }
        coord.introspection().beforeRead(plan, coord.catalog());
        PeekResponse r;
        UUID uuid = peekId();
        if (plan instanceof PeekPlan.Fast) {
            PeekPlan.Fast f = (PeekPlan.Fast) plan;
            PeekRequest request = new PeekRequest(uuid, f.index(), t, f.literalKey(), f.mfp(), f.finishing());
            // a lookup or a scan of an index sealed at t, answered here (checking cancel and timeout),
            // waiting here for the seal if that is all that is missing (a read after a write)
            r = coord.compute().tryPeekInline(request, () -> control.check(() -> { }), INLINE_SEAL_WAIT);
            if (r == null) {
                r = control.await(coord.compute().peek(request), () -> coord.compute().cancel(uuid));
            }
        } else {
            PeekPlan.Slow s = (PeekPlan.Slow) plan;
            DataflowDescription d = s.dataflow();
            DataflowDescription at = new DataflowDescription(d.name(), d.sourceImports(), d.indexImports(),
                    d.objectsToBuild(), d.indexExports(), Frontier.at(t));
            PeekRequest request = new PeekRequest(uuid, s.index(), t, null, null, s.finishing());
            // the dataflow's id is taken either way, so the ids later statements get do not depend
            // on where a read was evaluated
            long dataflowId = coord.nextId();
            // evaluated here when its inputs are sealed at t (checking cancel and timeout as it goes),
            // else rendered on the interactive workers
            r = coord.compute().tryPeekTransientInline(at, request, () -> control.check(() -> { }));
            if (r == null) {
                r = control.await(coord.compute().peekTransient(dataflowId, at, request),
                        () -> coord.compute().cancel(uuid));
            }
        }
        if (r instanceof PeekResponse.Error) {
            SpindleException e = ((PeekResponse.Error) r).error();
            if (asOf && e.code() == ErrorCode.COMPACTION_FRONTIER_BEYOND_READ_2) {
                throw new SpindleException(ErrorCode.TIMESTAMP_NOT_VALID_2, t, "[" + e.getMessage() + "]");
            }
            throw e;
        }
        if (r instanceof PeekResponse.Canceled) {
            throw new SpindleException(ErrorCode.QUERY_CANCELED_0);
        }
        return ((PeekResponse.Rows) r).rows();
    }
}
